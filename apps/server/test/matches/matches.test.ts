import { readFileSync } from "node:fs";
import { matchImportResultSchema, matchSummarySchema } from "@draftroom/contracts";
import { buildStatistics } from "@draftroom/draft";
import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import {
  closeMatchStatistics,
  getMatchStatistics,
  loadMatchGames,
  setInlineGamesLimit,
  statisticsFor,
} from "../../src/modules/matches/statistics.ts";
import { describeEachDialect } from "../helpers/dialects.ts";

const FIXTURE = readFileSync(new URL("../fixtures/oracles-elixir-5-games.csv", import.meta.url), "utf8");
const ADMIN = "dataadmin";
const LIMIT = 200_000;

async function register(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: {
      username,
      email: `${username}@example.com`,
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Data",
      last_name: "Admin",
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Token ${(res.json() as { token: string }).token}` };
}

function upload(app: FastifyInstance, headers: Record<string, string>, body: string) {
  return app.inject({
    method: "POST",
    url: "/api/matches/imports/",
    headers: { ...headers, "content-type": "text/csv" },
    payload: body,
  });
}

describeEachDialect(
  "match data: upload, summary, statistics",
  (ctx) => {
    let admin: Record<string, string> = {};
    let member: Record<string, string> = {};
    const counts = async () => ({
      games: (await ctx.db.selectFrom("match_games").select("id").execute()).length,
      picks: (await ctx.db.selectFrom("match_picks").select("game_id").execute()).length,
    });

    it("needs a signed-in data administrator", async () => {
      admin = await register(ctx.app, ADMIN);
      member = await register(ctx.app, `member${Date.now().toString(36)}`);
      const anonymous = await upload(ctx.app, {}, FIXTURE);
      expect(anonymous.statusCode).toBe(401);
      const refused = await upload(ctx.app, member, FIXTURE);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "forbidden" });
      const summary = matchSummarySchema.parse(
        (await ctx.app.inject({ method: "GET", url: "/api/matches/summary/", headers: member })).json(),
      );
      expect(summary).toMatchObject({
        games: 0,
        can_import: false,
        first_date: null,
        upload_limit_bytes: LIMIT,
      });
      expect(await counts()).toEqual({ games: 0, picks: 0 });
    });

    it("refuses a file over the configured limit and a file that is not Oracle's Elixir data", async () => {
      const big = `${FIXTURE}${"x".repeat(LIMIT)}`;
      const tooBig = await upload(ctx.app, admin, big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({ code: "payload_too_large" });
      const foreign = await upload(ctx.app, admin, "name,age\nAhri,3\n");
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().detail).toContain("missing columns");
      const json = await ctx.app.inject({
        method: "POST",
        url: "/api/matches/imports/",
        headers: admin,
        payload: { file: "x" },
      });
      expect(json.statusCode).toBe(415);
      expect(await counts()).toEqual({ games: 0, picks: 0 });
    });

    it("rejects a file with bad rows as a whole and lists the problems with their lines", async () => {
      const lines = FIXTURE.split("\n");
      const cells = lines[14]!.split(",");
      cells[11] = "Purple";
      lines[14] = cells.join(",");
      const res = await upload(ctx.app, admin, lines.join("\n"));
      expect(res.statusCode).toBe(200);
      const result = matchImportResultSchema.parse(res.json());
      expect(result).toMatchObject({ status: "rejected", imported: 0, problem_count: 1 });
      // A code and params for the web to translate; the English message for the CLI.
      expect(result.problems[0]).toMatchObject({
        line: 15,
        code: "side_invalid",
        params: { value: "Purple" },
      });
      expect(result.problems[0]!.message).toContain("Purple");
      expect(await counts()).toEqual({ games: 0, picks: 0 });
    });

    it("imports a good file with player names, idempotently, and the summary shows it", async () => {
      const first = matchImportResultSchema.parse((await upload(ctx.app, admin, FIXTURE)).json());
      expect(first).toMatchObject({
        status: "imported",
        imported: 5,
        added: 5,
        replaced: 0,
        problem_count: 0,
      });
      const again = matchImportResultSchema.parse((await upload(ctx.app, admin, FIXTURE)).json());
      expect(again).toMatchObject({ status: "imported", added: 0, replaced: 5 });
      expect(await counts()).toEqual({ games: 5, picks: 50 });
      const pick = await ctx.db
        .selectFrom("match_picks")
        .select(["player", "champion_name", "position"])
        .where("game_id", "=", "LOLTMNT03_179647")
        .where("side", "=", "BLUE")
        .where("position", "=", "top")
        .executeTakeFirstOrThrow();
      expect(pick).toEqual({ player: "PatkicaA", champion_name: "Gnar", position: "top" });

      const summary = matchSummarySchema.parse(
        (await ctx.app.inject({ method: "GET", url: "/api/matches/summary/", headers: admin })).json(),
      );
      expect(summary).toMatchObject({ games: 5, players: 50, can_import: true });
      expect(summary.leagues.reduce((sum, row) => sum + row.games, 0)).toBe(5);
      expect(summary.patches.map((row) => row.patch)).toContain("15.01");
      expect(summary.first_date! <= summary.last_date!).toBe(true);
      expect(summary.last_import).not.toBeNull();
    });

    it("hands buildStatistics games with teams, patch, date and players, and caches the result", async () => {
      const matches = await getMatchStatistics(ctx.db);
      expect(matches.stale).toBe(false);
      expect(matches.games).toHaveLength(5);
      const game = matches.games.find((candidate) => candidate.id === "LOLTMNT03_179647")!;
      expect(game).toMatchObject({
        blue_team: "IZI Dream",
        red_team: "Team Valiant",
        patch: "15.01",
        winner: "RED",
      });
      expect(game.date).toMatch(/^2025-01-11/);
      expect(game.picks.find((pick) => pick.side === "BLUE" && pick.position === "top")?.player).toBe(
        "PatkicaA",
      );
      expect(matches.statistics).toEqual(buildStatistics(await loadMatchGames(ctx.db)));
      expect((await getMatchStatistics(ctx.db)).statistics).toBe(matches.statistics);
    });

    it("builds the same statistics on the worker thread as inline, and serves the old ones meanwhile", async () => {
      setInlineGamesLimit(2);
      try {
        const inline = (await getMatchStatistics(ctx.db)).statistics;
        // The seed sample holds the fixture's 5 games and 47 more: the next request answers at
        // once with the old statistics...
        await seedMatchSample(ctx.db);
        const during = await getMatchStatistics(ctx.db);
        expect(during.stale).toBe(true);
        expect(during.statistics).toBe(inline);
        // ...and a later one gets the rebuilt statistics of all 52 games.
        let after = during;
        for (let tries = 0; tries < 300 && after.stale; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          after = await getMatchStatistics(ctx.db);
        }
        expect(after.stale).toBe(false);
        expect(after.count).toBe(52);
        // The statistics thread read the games on its own connection: this thread holds none.
        expect(after.games).toHaveLength(0);
        expect(after.statistics).toEqual(buildStatistics(await loadMatchGames(ctx.db)));
        const user = await statisticsFor(ctx.db, 999_999);
        expect(user.sources).toEqual({ matches: 52, drafts: 0 });
        // A patch filter over large data is built on that thread too.
        const patch = await statisticsFor(ctx.db, 999_999, { patches: ["15.01"] });
        expect(patch.statistics).toEqual(
          buildStatistics(await loadMatchGames(ctx.db), { patches: ["15.01"] }),
        );
      } finally {
        setInlineGamesLimit(1500);
        await closeMatchStatistics(ctx.db);
      }
    });
  },
  { env: { DATA_ADMINS: `someone, ${ADMIN.toUpperCase()}`, MATCH_UPLOAD_LIMIT_BYTES: String(LIMIT) } },
);

afterAll(() => setInlineGamesLimit(1500));
