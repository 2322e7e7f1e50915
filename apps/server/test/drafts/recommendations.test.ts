import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recommendationsSchema, statisticsSummarySchema } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importMatchesCommand } from "../../src/modules/matches/cli.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { championIds, createSession, firstLeagueWithTeams, newUser, playSteps } from "./support.ts";

const FIXTURE = new URL("../fixtures/oracles-elixir-5-games.csv", import.meta.url);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

/** The file's CSVs, in a folder of its own that is removed after its tests (they were left in /tmp). */
const csvDir = mkdtempSync(join(tmpdir(), "draftroom-oe-"));
afterAll(() => rmSync(csvDir, { recursive: true, force: true }));

function tempCsv(text: string): string {
  const path = join(csvDir, `oe-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, text);
  return path;
}

describeEachDialect("match import, statistics and recommendations", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  const counts = async () => ({
    games: (await ctx.db.selectFrom("match_games").select("id").execute()).length,
    picks: (await ctx.db.selectFrom("match_picks").select("game_id").execute()).length,
    bans: (await ctx.db.selectFrom("match_bans").select("game_id").execute()).length,
  });

  it("refuses a file with malformed rows, listing their lines, and imports nothing", async () => {
    const lines = readFileSync(FIXTURE, "utf8").split("\n");
    const cells = lines[14]!.split(",");
    cells[11] = "Purple";
    lines[14] = cells.join(",");
    lines[40] = "broken,row";
    const { err, io } = capture();
    const code = await importMatchesCommand(ctx.db, [tempCsv(lines.join("\n"))], io);
    expect(code).toBe(1);
    expect(err.join("\n")).toContain("line 15");
    expect(err.join("\n")).toContain("line 41");
    expect(err.join("\n")).toContain("Nothing was imported");
    expect(await counts()).toEqual({ games: 0, picks: 0, bans: 0 });

    const skipping = capture();
    const skipCode = await importMatchesCommand(
      ctx.db,
      [tempCsv(lines.join("\n")), "--skip-malformed"],
      skipping.io,
    );
    expect(skipCode).toBe(0);
    expect(skipping.out.at(-1)).toBe("3 games imported: 3 new, 0 replaced; 2 skipped (malformed)");
    expect((await counts()).games).toBe(3);
    await ctx.db.deleteFrom("match_picks").execute();
    await ctx.db.deleteFrom("match_bans").execute();
    await ctx.db.deleteFrom("match_games").execute();
  });

  it("imports games, sides, positions, picks, bans and winners, idempotent by game id", async () => {
    const first = capture();
    expect(await importMatchesCommand(ctx.db, [FIXTURE.pathname], first.io)).toBe(0);
    expect(first.out).toContain("every champion name matched the pool");
    expect(first.out.at(-1)).toBe("5 games imported: 5 new, 0 replaced");
    const after = await counts();
    expect(after).toEqual({ games: 5, picks: 50, bans: 50 });
    const game = await ctx.db
      .selectFrom("match_games")
      .selectAll()
      .where("id", "=", "LOLTMNT03_179647")
      .executeTakeFirstOrThrow();
    expect(game).toMatchObject({
      winner: "RED",
      blue_team: "IZI Dream",
      red_team: "Team Valiant",
      league: "LFL2",
    });
    const support = await ctx.db
      .selectFrom("match_picks")
      .selectAll()
      .where("game_id", "=", "LOLTMNT03_179647")
      .where("side", "=", "BLUE")
      .where("position", "=", "support")
      .executeTakeFirstOrThrow();
    expect(support.champion_name).toBe("Leona");
    expect(support.champion_id).not.toBeNull();

    const second = capture();
    expect(await importMatchesCommand(ctx.db, [FIXTURE.pathname], second.io)).toBe(0);
    expect(second.out.at(-1)).toBe("5 games imported: 0 new, 5 replaced");
    expect(await counts()).toEqual(after);
  });

  it("reports champion names missing from the pool", async () => {
    const text = readFileSync(FIXTURE, "utf8").replaceAll("Gnar", "Mysterion");
    const run = capture();
    expect(await importMatchesCommand(ctx.db, [tempCsv(text)], run.io)).toBe(0);
    expect(run.err.join("\n")).toMatch(/not in the pool.*Mysterion \(\d+\)/);
    const unknown = await ctx.db
      .selectFrom("match_picks")
      .select(["champion_id"])
      .where("champion_name", "=", "Mysterion")
      .execute();
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((row) => row.champion_id === null)).toBe(true);
    // Put the real file back for the statistics tests.
    await importMatchesCommand(ctx.db, [FIXTURE.pathname], capture().io);
  });

  it("answers an unreadable or foreign file with a clear error", async () => {
    const missing = capture();
    expect(await importMatchesCommand(ctx.db, ["/nonexistent/file.csv"], missing.io)).toBe(1);
    expect(missing.err[0]).toContain("no such file");
    const foreign = capture();
    expect(await importMatchesCommand(ctx.db, [tempCsv("a,b\n1,2\n")], foreign.io)).toBe(1);
    expect(foreign.err[0]).toContain("missing columns");
  });

  it("serves statistics from imported games plus the caller's finished drafts with a result", async () => {
    const user = await newUser(ctx.app);
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/statistics/",
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const stats = statisticsSummarySchema.parse(res.json());
    expect(stats.sources).toEqual({ matches: 5, drafts: 0 });
    expect(stats.games).toBe(5);
    const leona = stats.champions.find((c) => c.name === "Leona");
    expect(leona?.positions.support?.games).toBeGreaterThan(0);

    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 20);
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { winner: "BLUE" },
    });
    const withDraft = statisticsSummarySchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/statistics/", headers: user.headers })).json(),
    );
    expect(withDraft.sources).toEqual({ matches: 5, drafts: 1 });
    expect(withDraft.games).toBe(6);
    const bluePick = pool[DRAFT_SEQUENCE.findIndex((s) => s.type === "PICK" && s.side === "BLUE")]!;
    expect(withDraft.champions.find((c) => c.champion_id === bluePick)).toMatchObject({ wins: 1 });
    // Another user's statistics do not include it.
    const other = await newUser(ctx.app);
    const theirs = statisticsSummarySchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: "/api/drafts/statistics/", headers: other.headers })
      ).json(),
    );
    expect(theirs.sources.drafts).toBe(0);
  });

  it("recommends for the next step with the user's priorities and the statistics", async () => {
    const user = await newUser(ctx.app);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    const session = await createSession(ctx.app, user);
    const favourite = pool[100]!;
    await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/teams/${teams[0]!.id}/priorities/`,
      headers: user.headers,
      payload: { priorities: [{ champion_id: favourite, tier: "S", positions: ["mid"] }] },
    });
    await playSteps(ctx.app, user, session.id, pool, 6);
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/recommendations/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const result = recommendationsSchema.parse(res.json());
    expect(result).toMatchObject({ side: "BLUE", action: "PICK", draft_complete: false });
    expect(result.items).toHaveLength(10);
    expect(result.items.map((item) => item.rank)).toEqual([...Array(10).keys()].map((i) => i + 1));
    expect(result.basis).toMatchObject({
      statistics: true,
      priorities: true,
      sources: { matches: 5, drafts: 0 },
    });
    const used = new Set(pool.slice(0, 6));
    expect(result.items.every((item) => !used.has(item.champion_id))).toBe(true);
    const fav = result.items.find((item) => item.champion_id === favourite);
    expect(fav, "the S-tier priority is recommended").toBeDefined();
    expect(fav!.champion.name).toBeTruthy();
    expect(JSON.stringify(fav!.reasons)).toContain("tier");

    const red = recommendationsSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/${session.id}/recommendations/?side=RED&action=BAN&limit=3`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(red).toMatchObject({ side: "RED", action: "BAN" });
    expect(red.items).toHaveLength(3);
    const bad = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/recommendations/?limit=0`,
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("matches the session's teams to their imported games, estimates the win, and filters statistics by patch", async () => {
    const user = await newUser(ctx.app);
    const { league } = await firstLeagueWithTeams(ctx.app);
    // Teams named as in the file (case and spacing do not matter)
    const makeTeam = async (name: string) =>
      (
        await ctx.app.inject({
          method: "POST",
          url: `/api/drafts/leagues/${league.id}/teams/`,
          headers: user.headers,
          payload: { name },
        })
      ).json() as { id: number };
    const blue = await makeTeam("izi dream");
    const red = await makeTeam("Team Valiant");
    const session = await createSession(ctx.app, user, { blue_team_id: blue.id, red_team_id: red.id });
    const url = `/api/drafts/sessions/${session.id}/recommendations/`;
    const first = recommendationsSchema.parse(
      (await ctx.app.inject({ method: "GET", url, headers: user.headers })).json(),
    );
    expect(first.basis).toMatchObject({ team_games: 1, opponent_games: 1, advice: true });
    expect(first.summary).toContainEqual({
      key: "recommend.summary.opponent_history",
      params: { team: "Team Valiant", count: 1 },
    });
    // five games: far too few for a percentage; the estimate says so and rests on the base rate
    expect(first.win_estimate).toMatchObject({ games: 5, picks: 0, sufficient: false });
    expect(first.win_estimate!.low).toBeLessThanOrEqual(first.win_estimate!.blue);
    expect(first.win_estimate!.high).toBeGreaterThanOrEqual(first.win_estimate!.blue);
    // no percentage rests on a handful of games
    expect(first.items.every((item) => item.win_rate === null && item.win_rate_games === null)).toBe(true);
    // the basis line reads the same at every step of the draft
    await playSteps(ctx.app, user, session.id, pool, 7);
    const later = recommendationsSchema.parse(
      (await ctx.app.inject({ method: "GET", url, headers: user.headers })).json(),
    );
    expect(later.summary[0]).toEqual(first.summary[0]);
    expect(later.win_estimate?.picks).toBe(1);
    // five games are too few to test the picks on later games: no forward check, base rate only
    expect(later.win_estimate).toMatchObject({ basis: "base_rate", forward: null });
    // the same draft reads the same on the next load
    const again = recommendationsSchema.parse(
      (await ctx.app.inject({ method: "GET", url, headers: user.headers })).json(),
    );
    expect(again.win_estimate).toEqual(later.win_estimate);

    const byPatch = async (patch: string) =>
      statisticsSummarySchema.parse(
        (
          await ctx.app.inject({
            method: "GET",
            url: `/api/drafts/statistics/?patch=${patch}`,
            headers: user.headers,
          })
        ).json(),
      );
    const all = statisticsSummarySchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/statistics/", headers: user.headers })).json(),
    );
    expect(all.patches).toEqual([{ patch: "15.01", games: 5, weight: 1 }]);
    expect((await byPatch("15.01")).games).toBe(5);
    expect((await byPatch("14.24")).games).toBe(0);
    const bad = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/statistics/?patch=%3Cscript%3E",
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("reads the session's league meta from the imported games of that league", async () => {
    const user = await newUser(ctx.app);
    const post = async (url: string, payload: object) =>
      (await ctx.app.inject({ method: "POST", url, headers: user.headers, payload })).json() as {
        id: number;
      };
    const sessionIn = async (name: string) => {
      const league = await post("/api/drafts/leagues/", { name });
      const blue = await post(`/api/drafts/leagues/${league.id}/teams/`, { name: `${name} blue` });
      const red = await post(`/api/drafts/leagues/${league.id}/teams/`, { name: `${name} red` });
      return createSession(ctx.app, user, {
        league_id: league.id,
        blue_team_id: blue.id,
        red_team_id: red.id,
      });
    };
    // A champion the one LPL game banned and no LFL2 game did.
    const bans = await ctx.db
      .selectFrom("match_bans")
      .innerJoin("match_games", "match_games.id", "match_bans.game_id")
      .select(["match_bans.champion_id", "match_games.league"])
      .execute();
    const lfl2 = new Set(bans.filter((b) => b.league === "LFL2").map((b) => Number(b.champion_id)));
    const target = bans
      .map((b) => Number(b.champion_id))
      .find((id, i) => bans[i]!.league === "LPL" && !lfl2.has(id))!;
    expect(target).toBeGreaterThan(0);
    const scoreIn = async (name: string) => {
      const session = await sessionIn(name);
      const body = recommendationsSchema.parse(
        (
          await ctx.app.inject({
            method: "GET",
            url: `/api/drafts/sessions/${session.id}/recommendations/?limit=50`,
            headers: user.headers,
          })
        ).json(),
      );
      expect(body.action).toBe("BAN");
      return body.items.find((item) => item.champion_id === target)?.score ?? Number.NEGATIVE_INFINITY;
    };
    // League names match whatever their case: "lpl" is the file's "LPL".
    expect(await scoreIn("lpl")).toBeGreaterThan(await scoreIn("LFL2"));
  });
});
