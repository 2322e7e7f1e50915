import type { ImageQuery, RosterPlayer } from "@draftroom/contracts";
import { expect, it } from "vitest";
import type { Card, SeriesCard } from "../../src/modules/share/card-model.ts";
import { CardRenderer } from "../../src/modules/share/renderer.ts";
import { seriesImage } from "../../src/modules/share/service.ts";
import { firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * Decision record 029: a series' PNG card names the roster's active players (top to support) on
 * every game's side the workspace's linked team plays, like the draft card; a personal series,
 * or a workspace without a linked team in the series, shows none. Drawn by the real renderer
 * (its cache keys on the card), with a draw step that keeps the card instead of a PNG.
 */
describeEachDialect("workspaces: player names on the series card", (ctx) => {
  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });
  const query: ImageQuery = { size: "social", theme: "dark", lang: "en" };

  async function cardOf(userId: number | null, seriesId: string): Promise<SeriesCard> {
    const drawn: Card[] = [];
    const renderer = new CardRenderer({
      draw: async (card) => {
        drawn.push(card);
        return Buffer.from("png");
      },
    });
    await seriesImage(ctx.db, renderer, userId, seriesId, query);
    const card = drawn[0];
    if (card?.kind !== "series") throw new Error("no series card drawn");
    return card;
  }
  const namesOf = (card: SeriesCard) =>
    card.games.map((game) => ({ blue: game.blue.players, red: game.red.players, blueTeam: game.blueTeam }));

  it("names the linked team's active players in every game, for its creator and the public link", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    for (const [name, position, status] of [
      ["Faker", "mid", "active"],
      ["Zeus", "top", "active"],
      ["Kiin", "top", "substitute"],
    ] as const) {
      const added = await call("POST", roster, members.coach, { name, position, status });
      expect((added.json() as RosterPlayer).name).toBe(name);
    }
    const created = await call("POST", "/api/series/", members.coach, {
      title: "Bo3 prep",
      league_id: league.id,
      team_a_id: teams[0]!.id,
      team_b_id: teams[1]!.id,
      best_of: 3,
      rule: { from: "picks", scope: "both", reset_last_game: false },
    });
    expect(created.statusCode).toBe(201);
    const seriesId = (created.json() as { id: string }).id;

    // Personal: no names.
    const personal = await cardOf(members.coach.id, seriesId);
    expect(namesOf(personal)).toEqual([{ blue: [], red: [], blueTeam: personal.games[0]!.blueTeam }]);

    // In the workspace, whose linked team is not set: still none.
    const moved = await call("PUT", `/api/series/${seriesId}/workspace/`, members.coach, {
      workspace_id: workspace.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(namesOf(await cardOf(members.coach.id, seriesId))[0]).toMatchObject({ blue: [], red: [] });

    // The workspace is team B: its side of game 1 shows the active players, top to support.
    await call("PATCH", `/api/workspaces/${workspace.id}/`, members.owner, { team_id: teams[1]!.id });
    for (const reader of [members.coach.id, null]) {
      const card = await cardOf(reader, seriesId);
      const [game] = namesOf(card);
      const teamB = game!.blueTeam === "B" ? game!.blue : game!.red;
      const teamA = game!.blueTeam === "B" ? game!.red : game!.blue;
      expect(teamB).toEqual(["Zeus", "Faker"]);
      expect(teamA).toEqual([]);
    }
  });
});
