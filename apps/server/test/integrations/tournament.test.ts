import { randomUUID } from "node:crypto";
import type { TournamentCode } from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { integrationsOf } from "../../src/modules/integrations/runtime.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { startDiscordFixture } from "../helpers/outside/discord-fixture.ts";
import { startRiotFixture } from "../helpers/outside/riot-fixture.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

/**
 * Tournament codes end to end on both databases (decision 051): codes made through the
 * Tournament-V5 fixture carry the scrim and game; Riot's callback (sent by the test, as Riot
 * would, to the URL it was given) files the game once, even sent twice at once to two server
 * instances on the same database; forged calls change nothing.
 */

const riot = await startRiotFixture();
const discord = await startDiscordFixture();
afterAll(async () => {
  await riot.close();
  await discord.close();
});

describeEachDialect(
  "tournament codes",
  (ctx) => {
    let team: Awaited<ReturnType<typeof teamWithEveryRole>>;
    let second: { app: FastifyInstance; database: DatabaseHandle };
    let scrimId: string;
    let codes: TournamentCode[];
    let callbackPath: string;

    beforeAll(async () => {
      team = await teamWithEveryRole(ctx.app);
      const database = createDatabase(ctx.config);
      const app = await buildApp({ config: ctx.config, database });
      await app.ready();
      second = { app, database };
      const put = (path: string, payload: object) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/workspaces/${team.workspace.id}/integrations/${path}`,
          headers: team.members.owner.headers,
          payload,
        });
      await put("riot/", { region: "euw1" });
      // A scrim of the ledger with three games, to make codes for.
      const planned = await ctx.app.inject({
        method: "POST",
        url: `/api/workspaces/${team.workspace.id}/scrims/`,
        headers: team.members.owner.headers,
        payload: {
          opponent: { name: "Fnatic TQ", contact_note: "" },
          starts_at: "2026-12-01T18:00:00Z",
          time_zone: "Europe/Berlin",
          games_count: 3,
          prepare_rooms: false,
        },
      });
      scrimId = (planned.json() as { id: string }).id;
      await put("discord/", { webhook_url: discord.webhook().url, events: ["scrim_result"] });
    }, 180_000);
    afterAll(async () => {
      await second?.app.close();
      await second?.database.destroy();
    });

    const codesUrl = () => `/api/workspaces/${team.workspace.id}/integrations/tournament/codes/`;

    it("makes a code per game, each carrying the scrim, game and room, and registers the provider once", async () => {
      const roomId = randomUUID();
      const res = await ctx.app.inject({
        method: "POST",
        url: codesUrl(),
        headers: team.members.coach.headers,
        payload: { scrim_id: scrimId, games: 3, room_id: roomId },
      });
      expect(res.statusCode).toBe(200);
      codes = (res.json() as { results: TournamentCode[] }).results;
      expect(codes.map((code) => code.game_number)).toEqual([1, 2, 3]);
      expect(JSON.parse(riot.codes.get(codes[1]!.code)!.metadata)).toMatchObject({
        workspace: team.workspace.id,
        scrim: scrimId,
        game: 2,
        room: roomId,
      });
      // Asking again makes no new code and registers no second provider.
      const providersBefore = riot.requests.filter((request) => request.path.endsWith("/providers")).length;
      const again = await ctx.app.inject({
        method: "POST",
        url: codesUrl(),
        headers: team.members.coach.headers,
        payload: { scrim_id: scrimId, games: 3 },
      });
      expect((again.json() as { results: TournamentCode[] }).results.map((code) => code.code)).toEqual(
        codes.map((code) => code.code),
      );
      const providers = riot.requests.filter((request) => request.path.endsWith("/providers"));
      expect(providers).toHaveLength(providersBefore);
      // The provider registered for this workspace is the one whose URL the last registration gave.
      const callbackUrl = (providers.at(-1)!.body as { url: string }).url;
      callbackPath = new URL(callbackUrl).pathname;
      expect(callbackPath).toMatch(/^\/api\/riot\/callback\/[A-Za-z0-9_-]{43}$/);
      // Players and viewers cannot make codes.
      expect(
        (
          await ctx.app.inject({
            method: "POST",
            url: codesUrl(),
            headers: team.members.viewer.headers,
            payload: { scrim_id: scrimId, games: 1 },
          })
        ).statusCode,
      ).toBe(403);
    });

    it("refuses forged callbacks and changes nothing", async () => {
      riot.addGame({
        matchId: "EUW1_8000000001",
        blue: [1, 2, 3, 4, 5],
        red: [6, 7, 8, 9, 10],
        winner: "BLUE",
        tournamentCode: codes[0]!.code,
      });
      const post = (path: string, payload: object) => ctx.app.inject({ method: "POST", url: path, payload });
      // A made-up token; a real code with a game Riot does not have; a real game of another code.
      expect(
        (
          await post(`/api/riot/callback/${"A".repeat(43)}`, {
            shortCode: codes[0]!.code,
            gameId: 8000000001,
          })
        ).statusCode,
      ).toBe(404);
      expect((await post(callbackPath, { shortCode: codes[0]!.code, gameId: 8999999999 })).statusCode).toBe(
        404,
      );
      expect((await post(callbackPath, { shortCode: codes[1]!.code, gameId: 8000000001 })).statusCode).toBe(
        404,
      );
      expect((await post(callbackPath, { shortCode: "NOT-OURS", gameId: 8000000001 })).statusCode).toBe(404);
      expect((await post(callbackPath, { shortCode: codes[0]!.code })).statusCode).toBe(400);
      const list = await ctx.app.inject({
        method: "GET",
        url: `/api/workspaces/${team.workspace.id}/integrations/tournament/scrims/${scrimId}/codes/`,
        headers: team.members.viewer.headers,
      });
      expect(
        (list.json() as { results: TournamentCode[] }).results.every((code) => code.match_id === null),
      ).toBe(true);
    });

    it("files the game once when Riot sends the callback twice to two server instances at once", async () => {
      const body = { shortCode: codes[0]!.code, gameId: 8000000001, metaData: "{}", startTime: Date.now() };
      const sends = [ctx.app, second.app, ctx.app, second.app].map((app) =>
        app.inject({ method: "POST", url: callbackPath, payload: body }),
      );
      const outcomes = (await Promise.all(sends)).map((res) => res.json().outcome);
      expect(outcomes.filter((outcome) => outcome === "filed")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "already_filed")).toHaveLength(3);
      const rows = await ctx.db
        .selectFrom("tournament_codes")
        .select(["game_number", "match_id"])
        .where("scrim_id", "=", scrimId)
        .orderBy("game_number")
        .execute();
      expect(rows.map((row) => row.match_id)).toEqual(["EUW1_8000000001", null, null]);
      await integrationsOf(ctx.db).settled();
      await integrationsOf(second.database.db).settled();
      const results = await ctx.db
        .selectFrom("integration_deliveries")
        .select("event")
        .where("workspace_id", "=", team.workspace.id)
        .where("event", "=", "scrim_result")
        .execute();
      expect(results).toHaveLength(1);
    });
  },
  {
    env: {
      ...riot.env,
      RIOT_TOURNAMENT_API_KEY: riot.key,
      ...discord.env,
      INTEGRATIONS_TICK_MS: "0",
      INTEGRATIONS_TIMEOUT_MS: "10000",
      PUBLIC_URL: "https://draftroom.example",
    },
  },
);
