import { randomUUID } from "node:crypto";
import type {
  DraftSession,
  PoolRecord,
  Recommendations,
  RosterPlayer,
  WorkspacePriorities,
} from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { nowIso } from "../../src/db/values.ts";
import { draftCard } from "../../src/modules/share/card-model.ts";
import { championIds, createSession, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * Decision record 029: team priorities derived from the pools until a coach sets them (and used
 * by the recommendations of the workspace's team), and the players' records in imported pro games.
 */
describeEachDialect("workspaces: derived priorities and pro records", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });
  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });

  it("derives the priorities from the active pools until a coach sets them; recommendations follow", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    await call("PATCH", `/api/workspaces/${workspace.id}/`, members.owner, { team_id: teams[0]!.id });
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const add = async (name: string, position: string, status = "active") =>
      (await call("POST", roster, members.coach, { name, position, status })).json() as RosterPlayer;
    const zeus = await add("Zeus", "top");
    const faker = await add("Faker", "mid");
    const kiin = await add("Kiin", "top", "substitute");
    await call("PUT", `${roster}${zeus.id}/pool/`, members.coach, {
      entries: [
        { champion_id: pool[0], tier: "A" },
        { champion_id: pool[1], tier: "learning" },
      ],
    });
    await call("PUT", `${roster}${faker.id}/pool/`, members.coach, {
      entries: [
        { champion_id: pool[0], tier: "S" },
        { champion_id: pool[2], tier: "B" },
      ],
    });
    await call("PUT", `${roster}${kiin.id}/pool/`, members.coach, {
      entries: [{ champion_id: pool[3], tier: "S" }],
    });

    const url = `/api/workspaces/${workspace.id}/priorities/`;
    const derived = (await call("GET", url, members.viewer)).json() as WorkspacePriorities;
    expect(derived).toEqual({
      derived: true,
      updated_at: null,
      updated_by_username: null,
      updated_by: null,
      priorities: [
        { champion_id: pool[0], tier: "S", positions: ["top", "mid"], note: "" },
        { champion_id: pool[2], tier: "B", positions: ["mid"], note: "" },
      ],
    });
    expect((await call("GET", url, outsider)).statusCode).toBe(404);

    // A workspace session with the workspace's team on blue: its priorities are the derived ones.
    const session = (await createSession(ctx.app, members.coach, {
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    })) as DraftSession;
    await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.coach, {
      workspace_id: workspace.id,
    });
    const itemOf = async (championId: number) => {
      const recs = (
        await call(
          "GET",
          `/api/drafts/sessions/${session.id}/recommendations/?side=BLUE&action=PICK&limit=50`,
          members.player,
        )
      ).json() as Recommendations;
      return recs.items.find((item) => item.champion_id === championId);
    };
    const reasonsOf = async (championId: number) =>
      (await itemOf(championId))?.reasons.map((reason) => reason.key) ?? [];
    // The derived priority and the same pool's comfort pick are one signal (decision 033): it
    // counts once, told as the comfort pick.
    const derivedPick = await itemOf(pool[0]!);
    expect(derivedPick?.reasons.map((reason) => reason.key)).toContain("recommend.reason.comfort_pick");
    expect(derivedPick?.reasons.map((reason) => reason.key)).not.toContain("recommend.reason.team_priority");

    // A coach's list replaces the derived one (the player cannot set it); [] goes back.
    const body = {
      priorities: [{ champion_id: pool[4], tier: "A", positions: ["bot"], note: "scrim find" }],
    };
    expect((await call("PUT", url, members.player, body)).statusCode).toBe(403);
    const set = await call("PUT", url, members.analyst, body);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      derived: false,
      updated_by_username: members.analyst.username,
      // Named as the members list names them (the account's name: the analyst is on no roster).
      updated_by: { id: members.analyst.id, username: members.analyst.username, name: "Ada Lovelace" },
      priorities: [{ champion_id: pool[4], tier: "A", positions: ["bot"], note: "scrim find" }],
    });
    expect(await reasonsOf(pool[0]!)).not.toContain("recommend.reason.team_priority");
    // The derived priority had counted: without it the comfort pick alone scores lower.
    expect((await itemOf(pool[0]!))?.score).toBeLessThan(derivedPick!.score);
    expect(await reasonsOf(pool[4]!)).toContain("recommend.reason.team_priority");
    const unknown = await call("PUT", url, members.coach, {
      priorities: [{ champion_id: 9_999_999, tier: "A", positions: [] }],
    });
    expect(unknown.statusCode).toBe(400);
    const back = (await call("PUT", url, members.coach, { priorities: [] })).json() as WorkspacePriorities;
    expect(back.derived).toBe(true);
    expect(back.priorities.map((entry) => entry.champion_id)).toEqual([pool[0], pool[2]]);
  });

  it("names the roster's players of a workspace session's team, publicly like the draft, and on its image's card", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    for (const [name, position, status] of [
      ["Faker", "mid", "active"],
      ["Zeus", "top", "active"],
      ["Kiin", "top", "substitute"],
    ] as const) {
      await call("POST", roster, members.coach, { name, position, status });
    }
    const session = await createSession(ctx.app, members.coach, {
      league_id: league.id,
      blue_team_id: teams[1]!.id,
      red_team_id: teams[0]!.id,
    });
    const url = `/api/drafts/sessions/${session.id}/public/players/`;
    const anonymous = () => ctx.app.inject({ method: "GET", url });
    // Personal, then in a workspace without a linked team: no names.
    expect((await anonymous()).json()).toEqual({ BLUE: [], RED: [] });
    await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.coach, {
      workspace_id: workspace.id,
    });
    expect((await anonymous()).json()).toEqual({ BLUE: [], RED: [] });
    await call("PATCH", `/api/workspaces/${workspace.id}/`, members.owner, { team_id: teams[0]!.id });
    expect((await anonymous()).json()).toEqual({ BLUE: [], RED: ["Zeus", "Faker"] });
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${randomUUID()}/public/players/` }))
        .statusCode,
    ).toBe(404);
    const card = draftCard(session, [], (await anonymous()).json() as { BLUE: string[]; RED: string[] });
    expect([card.blue.players, card.red.players]).toEqual([[], ["Zeus", "Faker"]]);
  });

  it("starts a practice inside a workspace: listed with its sessions, resumed by staff only", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    await seedMatchSample(ctx.db);
    const body = { opponent_team: "Weibo Gaming", side: "RED", workspace_id: workspace.id };
    expect((await call("POST", "/api/practice/", members.player, body)).statusCode).toBe(403);
    expect((await call("POST", "/api/practice/", outsider, body)).statusCode).toBe(404);
    const started = await call("POST", "/api/practice/", members.analyst, body);
    expect(started.statusCode).toBe(201);
    const sessionId = (started.json() as { practice: { session_id: string } }).practice.session_id;
    const listed = (
      await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, members.viewer)
    ).json() as {
      results: { id: string }[];
    };
    expect(listed.results.map((session) => session.id)).toEqual([sessionId]);
    expect(
      (await call("POST", `/api/practice/sessions/${sessionId}/resume/`, members.coach)).statusCode,
    ).toBe(200);
    expect(
      (await call("POST", `/api/practice/sessions/${sessionId}/resume/`, members.player)).statusCode,
    ).toBe(403);
  });

  it("gives each rostered player's games and wins per champion from the imported games, by name", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const zeus = (
      await call("POST", roster, members.coach, { name: "Zeus", position: "top" })
    ).json() as RosterPlayer;
    await call("POST", roster, members.coach, { name: "Nobody Known", position: "mid" });
    const game = (id: string, winner: "BLUE" | "RED") => ({
      id,
      source: "test",
      league: "LCK",
      year: 2026,
      split: "",
      playoffs: 0,
      played_at: "2026-01-01 10:00:00",
      game_number: 1,
      patch: "16.1",
      blue_team: "T1",
      red_team: "Gen.G",
      winner,
      imported_at: nowIso(),
    });
    const tag = Date.now().toString(36);
    await ctx.db
      .insertInto("match_games")
      .values([game(`a${tag}`, "BLUE"), game(`b${tag}`, "RED"), game(`c${tag}`, "BLUE")])
      .execute();
    const pick = (gameId: string, player: string, championId: number) => ({
      game_id: gameId,
      side: "BLUE" as const,
      position: "top" as const,
      champion_id: championId,
      champion_name: "x",
      pick_order: 1,
      player,
    });
    await ctx.db
      .insertInto("match_picks")
      .values([
        pick(`a${tag}`, "Zeus", pool[0]!),
        pick(`b${tag}`, "ZEUS", pool[0]!),
        pick(`c${tag}`, "zeus", pool[1]!),
        { ...pick(`c${tag}`, "Someone", pool[2]!), position: "mid" as const },
      ])
      .execute();

    const records = (await call("GET", `${roster}records/`, members.viewer)).json() as PoolRecord[];
    expect(records.sort((a, b) => a.champion_id - b.champion_id)).toEqual(
      [
        { player_id: zeus.id, champion_id: pool[0], games: 2, wins: 1 },
        { player_id: zeus.id, champion_id: pool[1], games: 1, wins: 1 },
      ].sort((a, b) => a.champion_id! - b.champion_id!),
    );
    expect((await call("GET", `${roster}records/`, outsider)).statusCode).toBe(404);
  });
});
