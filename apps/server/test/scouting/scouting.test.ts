import {
  type League,
  type ScoutingCompare,
  type ScoutingReport,
  scoutingCompareSchema,
  scoutingReportSchema,
  scoutingTeamListSchema,
  type Team,
} from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { championIds, newUser, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";

/**
 * Scouting numbers against four hand-written imported games of two made-up teams (so the seeded
 * sample's games never mix in), and one finished draft of the user's. Hand counts:
 *
 * | game | date       | patch | blue            | red            | winner | Eagles' picks (order, position, player)                  | bans (side: champions, order) |
 * |------|------------|-------|-----------------|----------------|--------|-----------------------------------------------------------|-------------------------------|
 * | g1   | 2025-01-10 | 15.1  | Scout Eagles    | Scout Owls     | BLUE   | Aatrox 1 top Ada, Ahri 2 mid Cy                          | B: Akali 1, Alistar 4; R: Amumu 1 |
 * | g2   | 2025-01-20 | 15.1  | Scout Owls      | SCOUT EAGLES.  | BLUE   | Aatrox 1 top Ada, Anivia 4 mid Cy                        | B: Amumu 1; R: Akali 1        |
 *
 * Eagles' own bans: Akali ×3, Alistar ×1 (phase 2); received: Amumu ×2 (g1 red, g2 blue), Aatrox ×1.
 * | g3   | 2025-02-05 | 15.2  | Scout Eagles    | Others         | RED    | Annie 1 top Ada, Ahri 5 mid Cy                           | B: Akali 1; R: Aatrox 1       |
 * | g4   | 2025-02-06 | 15.2  | Others          | Scout Owls     | RED    | (Eagles absent)                                           |                               |
 */

interface Fixture {
  league: League;
  eagles: Team;
  owls: Team;
  ids: Record<string, number>;
}

async function createTeam(
  app: FastifyInstance,
  user: TestUser,
  leagueId: number,
  name: string,
): Promise<Team> {
  const res = await app.inject({
    method: "POST",
    url: `/api/drafts/leagues/${leagueId}/teams/`,
    headers: user.headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`team: ${res.statusCode} ${res.body}`);
  return res.json() as Team;
}

describeEachDialect("scouting reports", (ctx) => {
  let pro: TestUser;
  let community: TestUser;
  let fixture: Fixture;

  const get = (user: TestUser, url: string) => ctx.app.inject({ method: "GET", url, headers: user.headers });
  const report = async (user: TestUser, query = "") => {
    const res = await get(user, `/api/scouting/teams/${fixture.eagles.id}/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return scoutingReportSchema.parse(res.json()) as ScoutingReport;
  };

  beforeAll(async () => {
    pro = await newUser(ctx.app, "pro");
    community = await newUser(ctx.app);
    const leagues = (await get(pro, "/api/drafts/leagues/")).json() as League[];
    const league = leagues.find((candidate) => candidate.name === "LEC") ?? leagues[0]!;
    const eagles = await createTeam(ctx.app, pro, league.id, "Scout Eagles");
    const owls = await createTeam(ctx.app, pro, league.id, "Scout Owls");
    const champions = await ctx.db.selectFrom("champions").select(["id", "name"]).execute();
    const ids = Object.fromEntries(champions.map((row) => [row.name, Number(row.id)]));
    fixture = { league, eagles, owls, ids };

    const game = (
      id: string,
      played_at: string,
      patch: string,
      blue_team: string,
      red_team: string,
      winner: "BLUE" | "RED",
    ) => ({
      id,
      source: "test",
      league: "TST",
      year: 2025,
      split: "",
      played_at,
      game_number: 1,
      patch,
      blue_team,
      red_team,
      winner,
      playoffs: false,
      imported_at: new Date().toISOString(),
    });
    await ctx.db
      .insertInto("match_games")
      .values([
        game("scout-g1", "2025-01-10 10:00:00", "15.1", "Scout Eagles", "Scout Owls", "BLUE"),
        game("scout-g2", "2025-01-20 10:00:00", "15.1", "Scout Owls", "SCOUT EAGLES.", "BLUE"),
        game("scout-g3", "2025-02-05 10:00:00", "15.2", "Scout Eagles", "Others", "RED"),
        game("scout-g4", "2025-02-06 10:00:00", "15.2", "Others", "Scout Owls", "RED"),
      ])
      .execute();
    type Position = "top" | "jungle" | "mid" | "bot" | "support";
    const pick = (
      game_id: string,
      side: "BLUE" | "RED",
      position: Position,
      name: string,
      pick_order: number,
      player: string,
    ) => ({ game_id, side, position, champion_id: ids[name]!, champion_name: name, pick_order, player });
    await ctx.db
      .insertInto("match_picks")
      .values([
        pick("scout-g1", "BLUE", "top", "Aatrox", 1, "Ada"),
        pick("scout-g1", "BLUE", "mid", "Ahri", 2, "Cy"),
        pick("scout-g1", "RED", "top", "Gnar", 1, "Owl1"),
        pick("scout-g2", "RED", "top", "Aatrox", 1, "Ada"),
        pick("scout-g2", "RED", "mid", "Anivia", 4, "Cy"),
        pick("scout-g2", "BLUE", "top", "Gnar", 1, "Owl1"),
        pick("scout-g3", "BLUE", "top", "Annie", 1, "Ada"),
        pick("scout-g3", "BLUE", "mid", "Ahri", 5, "Cy"),
        pick("scout-g4", "RED", "top", "Gnar", 1, "Owl1"),
      ])
      .execute();
    const ban = (game_id: string, side: "BLUE" | "RED", name: string, ban_order: number) => ({
      game_id,
      side,
      ban_order,
      champion_id: ids[name]!,
      champion_name: name,
    });
    await ctx.db
      .insertInto("match_bans")
      .values([
        ban("scout-g1", "BLUE", "Akali", 1),
        ban("scout-g1", "BLUE", "Alistar", 4),
        ban("scout-g1", "RED", "Amumu", 1),
        ban("scout-g2", "BLUE", "Amumu", 1),
        ban("scout-g2", "RED", "Akali", 1),
        ban("scout-g3", "BLUE", "Akali", 1),
        ban("scout-g3", "RED", "Aatrox", 1),
      ])
      .execute();
  });

  it("counts the team's imported games exactly, whatever the spelling of its name", async () => {
    const full = await report(pro);
    expect(full.access).toBe("full");
    expect(full.summary.record).toEqual({ games: 3, wins: 1, decided: 3, win_rate: 1 / 3 });
    expect(full.summary.sides.BLUE).toEqual({ games: 2, wins: 1, decided: 2, win_rate: 0.5 });
    expect(full.summary.sides.RED).toEqual({ games: 1, wins: 0, decided: 1, win_rate: 0 });
    expect(full.summary.sources).toEqual({ matches: 3, drafts: 0 });
    expect(full.summary.first_date).toBe("2025-01-10");
    expect(full.patches).toEqual([
      { patch: "15.2", games: 1 },
      { patch: "15.1", games: 2 },
    ]);
    const d = full.details!;
    expect(d.picks.map((c) => [c.name, c.count, c.wins])).toEqual([
      ["Aatrox", 2, 1],
      ["Ahri", 2, 1],
      ["Anivia", 1, 0],
      ["Annie", 1, 0],
    ]);
    expect(d.picks_by_side.RED.map((c) => c.name)).toEqual(["Aatrox", "Anivia"]);
    expect(d.picks_by_phase.second.map((c) => c.name)).toEqual(["Ahri", "Anivia"]);
    expect(d.bans.map((c) => [c.name, c.count])).toEqual([
      ["Akali", 3],
      ["Alistar", 1],
    ]);
    expect(d.bans_by_phase.second.map((c) => c.name)).toEqual(["Alistar"]);
    expect(d.bans_received.map((c) => [c.name, c.count])).toEqual([
      ["Amumu", 2],
      ["Aatrox", 1],
    ]);
    expect(d.first_picks.BLUE.map((c) => c.name)).toEqual(["Aatrox", "Annie"]);
    expect(d.first_picks.RED.map((c) => c.name)).toEqual(["Aatrox"]);
    expect(d.players.map((p) => [p.player, p.position, p.games, p.wins])).toEqual([
      ["Ada", "top", 3, 1],
      ["Cy", "mid", 3, 1],
    ]);
    expect(d.positions.map((p) => [p.position, p.games])).toEqual([
      ["top", 3],
      ["mid", 3],
    ]);
    // Ahri is Cy's champion in 2 games, under COMFORT_MIN_GAMES (3).
    expect(d.comfort).toEqual([]);
    expect(d.recent.map((g) => [g.opponent, g.side, g.won])).toEqual([
      ["Others", "BLUE", false],
      ["Scout Owls", "RED", false],
      ["Scout Owls", "BLUE", true],
    ]);
  });

  it("filters by patch and by an inclusive date range", async () => {
    const patch = await report(pro, "?patch=15.1");
    expect(patch.summary.record.games).toBe(2);
    expect(patch.filters).toEqual({ from: null, to: null, patch: "15.1" });
    const range = await report(pro, "?from=2025-01-20&to=2025-02-05");
    expect(range.summary.record).toEqual({ games: 2, wins: 0, decided: 2, win_rate: 0 });
    const none = await report(pro, "?from=2026-01-01");
    expect(none.summary.record.games).toBe(0);
    expect(none.details!.picks).toEqual([]);
  });

  it("never counts the user's own draft in the team's professional figures; the toggle adds it, labelled", async () => {
    const before = await report(pro);
    expect(before.few_games).toBe(true);
    expect(before.patch_range).toEqual({ first: "15.1", last: "15.2" });
    expect(before.drafts_available).toBe(0);
    const session = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/drafts/sessions/",
        headers: pro.headers,
        payload: {
          title: "Eagles scrim",
          league_id: fixture.league.id,
          blue_team_id: fixture.owls.id,
          red_team_id: fixture.eagles.id,
        },
      })
    ).json() as { id: string };
    const pool = await championIds(ctx.app);
    await playSteps(ctx.app, pro, session.id, pool, 20);
    const won = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: pro.headers,
      payload: { winner: "RED" },
    });
    expect(won.statusCode, won.body).toBe(200);
    // By default: professional games only, exactly as before the draft; the draft is only offered.
    const professional = await report(pro);
    expect(professional.drafts_included).toBe(false);
    expect(professional.drafts_available).toBe(1);
    expect(professional.summary.sources).toEqual({ matches: 3, drafts: 0 });
    expect(professional.summary.record).toEqual(before.summary.record);
    expect(professional.details!.picks).toEqual(before.details!.picks);
    expect(professional.details!.bans).toEqual(before.details!.bans);
    expect(professional.top_picks).toEqual(before.top_picks);
    expect(professional.details!.recent.every((game) => game.source === "match")).toBe(true);
    // With the toggle: added, counted apart from the professional games and labelled in the games list.
    const withDraft = await report(pro, "?include_drafts=true");
    expect(withDraft.drafts_included).toBe(true);
    expect(withDraft.patch_range).toEqual({ first: "15.1", last: "15.2" });
    expect(withDraft.summary.sources).toEqual({ matches: 3, drafts: 1 });
    expect(withDraft.summary.sides.RED).toEqual({ games: 2, wins: 1, decided: 2, win_rate: 0.5 });
    expect(withDraft.details!.recent[0]).toMatchObject({ source: "draft", side: "RED", won: true });
    expect((await report(pro, "?patch=15.1&include_drafts=true")).summary.sources).toEqual({
      matches: 2,
      drafts: 0,
    });
    // Another user's drafts never count.
    const other = await newUser(ctx.app, "pro");
    const theirs = await get(other, `/api/scouting/teams/${fixture.eagles.id}/`);
    expect(theirs.statusCode).toBe(404); // the team is the first user's own
  });

  it("compares two teams with their head-to-head record", async () => {
    const res = await get(
      pro,
      `/api/scouting/compare/?a=${fixture.eagles.id}&b=${fixture.owls.id}&patch=15.1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const compare = scoutingCompareSchema.parse(res.json()) as ScoutingCompare;
    expect(compare.a.team.name).toBe("Scout Eagles");
    expect(compare.b.summary.record).toEqual({ games: 2, wins: 1, decided: 2, win_rate: 0.5 });
    expect(compare.head_to_head).toEqual({ games: 2, wins: 1, decided: 2, win_rate: 0.5 });
    expect(compare.shared_picks).toEqual([]);
    const same = await get(pro, `/api/scouting/compare/?a=${fixture.eagles.id}&b=${fixture.eagles.id}`);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: "validation_error" });
  });

  it("gives Community the preview and refuses compare with plan_limit", async () => {
    const before = scoutingTeamListSchema.parse((await get(community, "/api/scouting/teams/")).json());
    // The Pro user's teams are theirs alone.
    expect(before.find((team) => team.name === "Scout Eagles")).toBeUndefined();
    // A team of the Community user's own with the same name reads the same imported games.
    await createTeam(ctx.app, community, fixture.league.id, "Scout Eagles");
    const teams = scoutingTeamListSchema.parse((await get(community, "/api/scouting/teams/")).json());
    const t1 = teams.find((team) => team.name === "Scout Eagles")!;
    expect(t1.games).toBe(3);
    const res = await get(community, `/api/scouting/teams/${t1.id}/`);
    expect(res.statusCode).toBe(200);
    const preview = scoutingReportSchema.parse(res.json());
    expect(preview.access).toBe("preview");
    expect(preview.details).toBeNull();
    expect(preview.top_picks.map((c) => c.name)).toEqual(["Aatrox", "Ahri", "Anivia"]);
    expect(preview.summary.record).toEqual({ games: 3, wins: 1, decided: 3, win_rate: 1 / 3 });
    const compare = await get(community, `/api/scouting/compare/?a=${t1.id}&b=${teams[1]!.id}`);
    expect(compare.statusCode).toBe(403);
    expect(compare.json()).toMatchObject({ code: "plan_limit" });
  });

  it("answers bad input with the error shape", async () => {
    expect((await get(pro, "/api/scouting/teams/999999/")).statusCode).toBe(404);
    const badDate = await get(pro, `/api/scouting/teams/${fixture.eagles.id}/?from=2025-13`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ code: "validation_error", fields: { from: expect.any(String) } });
    const reversed = await get(
      pro,
      `/api/scouting/teams/${fixture.eagles.id}/?from=2025-02-01&to=2025-01-01`,
    );
    expect(reversed.statusCode).toBe(400);
    const noSeries = await get(
      pro,
      `/api/scouting/teams/${fixture.eagles.id}/?series_id=00000000-0000-4000-8000-000000000000`,
    );
    expect(noSeries.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: "GET",
      url: `/api/scouting/teams/${fixture.eagles.id}/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a fearless series' used champions and what is left per position", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/series/",
      headers: pro.headers,
      payload: {
        title: "Eagles vs Owls",
        league_id: fixture.league.id,
        team_a_id: fixture.eagles.id,
        team_b_id: fixture.owls.id,
        best_of: 3,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = res.json() as {
      id: string;
      games: { number: number; session_id: string; blue_team: string }[];
    };
    const game = series.games[0]!;
    expect(game.blue_team).toBe("A");
    // Eagles (A) are blue: Aatrox is their first pick (step 6), the rest of the draft from the pool.
    const pool = (await championIds(ctx.app)).filter((id) => id !== fixture.ids.Aatrox);
    pool.splice(6, 0, fixture.ids.Aatrox!);
    await playSteps(ctx.app, pro, game.session_id, pool, 20);
    const result = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${game.session_id}/`,
      headers: pro.headers,
      payload: { winner: "BLUE" },
    });
    expect(result.statusCode, result.body).toBe(200);
    const withSeries = await report(pro, `?series_id=${series.id}`);
    const fearless = withSeries.fearless!;
    expect(fearless.fearless).toBe(true);
    expect(fearless.game).toBe(2);
    expect(fearless.used).toContainEqual(
      expect.objectContaining({ champion_id: fixture.ids.Aatrox, kind: "picked", game: 1, own: true }),
    );
    // Top pool: Aatrox (locked now) and Annie; mid: Ahri and Anivia, untouched unless the draft took them.
    const top = fearless.depth.find((entry) => entry.position === "top")!;
    expect(top.total).toBe(2);
    expect(top.available.map((c) => c.name)).not.toContain("Aatrox");
    expect(top.left).toBe(top.available.length);
    const stranger = await createTeam(ctx.app, pro, fixture.league.id, "Scout Strangers");
    const notInSeries = await get(pro, `/api/scouting/teams/${stranger.id}/?series_id=${series.id}`);
    expect(notInSeries.statusCode).toBe(400);
    expect(notInSeries.json()).toMatchObject({
      code: "validation_error",
      fields: { series_id: expect.any(String) },
    });
  });
  it("counts a newly imported game at once (nothing counted before is reused)", async () => {
    const teams = scoutingTeamListSchema.parse((await get(community, "/api/scouting/teams/")).json());
    const own = teams.find((team) => team.name === "Scout Eagles")!;
    const before = scoutingReportSchema.parse(
      (await get(community, `/api/scouting/teams/${own.id}/`)).json(),
    );
    expect(before.summary.record.games).toBe(3);
    await ctx.db
      .insertInto("match_games")
      .values({
        id: "scout-g5",
        source: "test",
        league: "TST",
        year: 2025,
        split: "",
        played_at: "2025-03-01 10:00:00",
        game_number: 1,
        patch: "15.3",
        blue_team: "Scout Eagles",
        red_team: "Others",
        winner: "BLUE",
        playoffs: false,
        imported_at: new Date(Date.now() + 1000).toISOString(),
      })
      .execute();
    const after = scoutingReportSchema.parse((await get(community, `/api/scouting/teams/${own.id}/`)).json());
    expect(after.summary.record).toEqual({ games: 4, wins: 2, decided: 4, win_rate: 0.5 });
    expect(after.patches.map((entry) => entry.patch)).toEqual(["15.3", "15.2", "15.1"]);
  });
});
