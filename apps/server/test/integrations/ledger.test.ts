import { randomUUID } from "node:crypto";
import type { RiotGameComparison, Scrim, ScrimAuditEntry, TournamentCode } from "@draftroom/contracts";
import { DRAFT_STEP_COUNT } from "@draftroom/draft";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { integrationsOf } from "../../src/modules/integrations/runtime.ts";
import { championIds } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { startDiscordFixture } from "../helpers/outside/discord-fixture.ts";
import { startRiotFixture } from "../helpers/outside/riot-fixture.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

/**
 * The integrations joined to the scrim ledger (decision 057), on both databases, with Riot and
 * Discord on loopback fixtures: the calendar feed lists the ledger's scrims (zones, UIDs,
 * SEQUENCE, cancellations), a tournament callback files its game into the ledger once (twice sent
 * to two server instances), a forged one changes nothing, a Match-V5 game fills a ledger game with
 * the mismatch shown, and Discord hears the ledger's changes once each, in order.
 */

const riot = await startRiotFixture();
const discord = await startDiscordFixture();
afterAll(async () => {
  await riot.close();
  await discord.close();
});

type Embed = { title: string };
const titles = (id: string) =>
  discord.messages(id).map((message) => (message as { embeds: Embed[] }).embeds[0]!.title);

describeEachDialect(
  "integrations joined to the scrim ledger",
  (ctx) => {
    let team: Awaited<ReturnType<typeof teamWithEveryRole>>;
    let second: { app: FastifyInstance; database: DatabaseHandle };
    let hook: ReturnType<typeof discord.webhook>;
    let pool: number[];
    /** Our five players' PUUIDs (roster Riot IDs). */
    const ours = ["p-top", "p-jungle", "p-mid", "p-bot", "p-support"].map((p) => `${p}-${Math.random()}`);

    const call = (who: TestUser, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const ws = () => `/api/workspaces/${team.workspace.id}`;
    const settle = () => integrationsOf(ctx.db).settled();
    /** Lets queued posts be written, sends those due, and waits for the send. */
    const deliver = async () => {
      await settle();
      await integrationsOf(ctx.db).sendDue();
      await settle();
    };

    async function plan(body: Record<string, unknown>): Promise<Scrim> {
      const res = await call(team.members.owner, "POST", `${ws()}/scrims/`, {
        opponent: { name: "Weibo Academy", contact_note: "" },
        starts_at: "2026-12-01T19:00:00+01:00",
        time_zone: "Europe/Madrid",
        games_count: 2,
        prepare_rooms: false,
        ...body,
      });
      if (res.statusCode !== 201) throw new Error(`scrim: ${res.statusCode} ${res.body}`);
      return res.json() as Scrim;
    }

    async function feed() {
      const made = await call(team.members.viewer, "POST", `${ws()}/integrations/calendar/`);
      const res = await ctx.app.inject({ method: "GET", url: new URL(made.json().url).pathname });
      expect(res.statusCode).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      return {
        body: res.body,
        calendar,
        events: calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent)),
      };
    }

    beforeAll(async () => {
      team = await teamWithEveryRole(ctx.app);
      pool = await championIds(ctx.app);
      const database = createDatabase(ctx.config);
      const app = await buildApp({ config: ctx.config, database });
      await app.ready();
      second = { app, database };
      expect(
        (await call(team.members.owner, "PUT", `${ws()}/integrations/riot/`, { region: "euw1" })).statusCode,
      ).toBe(200);
      const positions = ["top", "jungle", "mid", "bot", "support"] as const;
      for (const [index, position] of positions.entries()) {
        const player = (
          await call(team.members.owner, "POST", `${ws()}/roster/`, { name: `Player ${position}`, position })
        ).json() as { id: string };
        riot.accounts.set(`player${index}#${team.workspace.id.slice(0, 5)}`, ours[index]!);
        const checked = await call(
          team.members.owner,
          "PUT",
          `${ws()}/integrations/riot/players/${player.id}/`,
          {
            game_name: `player${index}`,
            tag_line: team.workspace.id.slice(0, 5),
          },
        );
        expect(checked.statusCode).toBe(200);
      }
      hook = discord.webhook();
      const connected = await call(team.members.owner, "PUT", `${ws()}/integrations/discord/`, {
        webhook_url: hook.url,
        events: ["scrim_confirmed", "scrim_starting", "scrim_result"],
      });
      expect(connected.statusCode).toBe(200);
    }, 180_000);
    afterAll(async () => {
      await second?.app.close();
      await second?.database.destroy();
    });

    it("lists the ledger's scrims and official matches in the calendar feed, with their zones, stable UIDs, versions and cancellations", async () => {
      const scrim = await plan({});
      const official = await plan({
        kind: "official",
        title: "LEC week 1",
        starts_at: "2026-12-03T13:00:00-05:00",
        time_zone: "America/New_York",
        games_count: 1,
      });
      const first = await feed();
      const byUid = new Map(first.events.map((event) => [event.uid, event]));
      const one = byUid.get(`scrim-${scrim.id}@draftroom`)!;
      const two = byUid.get(`scrim-${official.id}@draftroom`)!;
      expect(one.summary).toBe("Scrim vs Weibo Academy");
      expect(two.summary).toBe("Official match: LEC week 1");
      // 19:00 in Madrid (UTC+1 in December) is 18:00 UTC; written as Madrid's wall time after its TZID.
      expect(first.body).toContain("DTSTART;TZID=Europe/Madrid:20261201T190000");
      expect(first.body).toContain("DTSTART;TZID=America/New_York:20261203T130000");
      expect(one.startDate.toJSDate().toISOString()).toBe("2026-12-01T18:00:00.000Z");
      expect(two.startDate.toJSDate().toISOString()).toBe("2026-12-03T18:00:00.000Z");
      // Two games of about 45 minutes each.
      expect(one.endDate.toJSDate().toISOString()).toBe("2026-12-01T19:30:00.000Z");
      expect(one.sequence).toBe(0);
      expect(
        first.calendar
          .getAllSubcomponents("vtimezone")
          .map((zone) => zone.getFirstPropertyValue("tzid"))
          .sort(),
      ).toEqual(["America/New_York", "Europe/Madrid"]);

      // Moved an hour: the same UID with a higher SEQUENCE, so subscribed calendars update it.
      const moved = await call(team.members.coach, "PATCH", `/api/scrims/${scrim.id}/`, {
        starts_at: "2026-12-01T20:00:00+01:00",
      });
      expect(moved.statusCode).toBe(200);
      const second = (await feed()).events.find((event) => event.uid === `scrim-${scrim.id}@draftroom`)!;
      expect(second.sequence).toBe(1);
      expect(second.startDate.toJSDate().toISOString()).toBe("2026-12-01T19:00:00.000Z");
      // Planned, not yet confirmed by the opponent: tentative in the member's calendar.
      expect(second.component.getFirstPropertyValue("status")).toBe("TENTATIVE");

      await call(team.members.coach, "PATCH", `/api/scrims/${scrim.id}/`, { status: "confirmed" });
      const confirmed = (await feed()).events.find((event) => event.uid === `scrim-${scrim.id}@draftroom`)!;
      expect([confirmed.sequence, confirmed.component.getFirstPropertyValue("status")]).toEqual([
        2,
        "CONFIRMED",
      ]);

      await call(team.members.coach, "PATCH", `/api/scrims/${scrim.id}/`, { status: "cancelled" });
      const third = (await feed()).events.find((event) => event.uid === `scrim-${scrim.id}@draftroom`)!;
      expect(third.sequence).toBe(3);
      expect(third.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    });

    it("posts to Discord when a scrim is confirmed and before it starts, once each, and drops the reminder when it is cancelled", async () => {
      const soon = new Date(Date.now() + 10 * 60_000).toISOString();
      const scrim = await plan({ status: "confirmed", starts_at: soon, title: "Block vs KC" });
      // The same change heard by a second process, and a further change, queue nothing more.
      await call(team.members.coach, "PATCH", `/api/scrims/${scrim.id}/`, { notes: "bring the plan" });
      await deliver();
      // (The channel also heard the calendar test's scrim being confirmed.)
      expect(titles(hook.id).filter((title) => title.endsWith("Block vs KC"))).toEqual([
        "Scrim confirmed: Block vs KC",
        "Starting soon: Block vs KC",
      ]);

      const later = await plan({
        status: "confirmed",
        starts_at: "2027-01-10T18:00:00Z",
        title: "Later block",
      });
      const pending = () =>
        ctx.db
          .selectFrom("integration_deliveries")
          .select(["event", "due_at", "status"])
          .where("workspace_id", "=", team.workspace.id)
          .where("item_key", "like", `scrim_starting:${later.id}:%`)
          .where("status", "=", "pending")
          .execute();
      const reminder = await pending();
      expect(reminder).toHaveLength(1);
      expect(new Date(reminder[0]!.due_at).toISOString()).toBe("2027-01-10T17:45:00.000Z");
      await call(team.members.coach, "PATCH", `/api/scrims/${later.id}/`, {
        starts_at: "2027-01-11T18:00:00Z",
      });
      expect(new Date((await pending())[0]!.due_at).toISOString()).toBe("2027-01-11T17:45:00.000Z");
      await call(team.members.coach, "PATCH", `/api/scrims/${later.id}/`, { status: "cancelled" });
      expect(await pending()).toHaveLength(0);
      // A planned scrim gets no reminder until it is confirmed.
      const tentative = await plan({ starts_at: "2027-02-01T18:00:00Z", title: "Maybe block" });
      const reminders = () =>
        ctx.db
          .selectFrom("integration_deliveries")
          .select("item_key")
          .where("item_key", "like", `scrim_starting:${tentative.id}:%`)
          .execute();
      expect(await reminders()).toHaveLength(0);
      await call(team.members.coach, "PATCH", `/api/scrims/${tentative.id}/`, { status: "confirmed" });
      expect(await reminders()).toHaveLength(1);
    });

    it("writes a member's calendar feed in their account language and the channel's posts in its own", async () => {
      const official = await plan({
        kind: "official",
        title: "Superliga week 2",
        starts_at: "2026-12-05T18:00:00+01:00",
        games_count: 1,
      });
      const untitled = await plan({
        kind: "official",
        starts_at: "2026-12-06T18:00:00+01:00",
        games_count: 1,
      });
      const language = (who: TestUser, value: "en" | "es") =>
        call(who, "PATCH", "/api/users/language/", { language: value });
      expect((await language(team.members.viewer, "es")).statusCode).toBe(200);
      try {
        const spanish = await feed();
        const event = spanish.events.find((e) => e.uid === `scrim-${official.id}@draftroom`)!;
        expect(event.summary).toBe("Partido oficial: Superliga week 2");
        expect(event.description).toBe("Partido oficial contra Weibo Academy, 1 partida (sin confirmar).");
        // Without a title the staff wrote, the event is named in the member's language.
        expect(spanish.events.find((e) => e.uid === `scrim-${untitled.id}@draftroom`)!.summary).toBe(
          "Partido oficial contra Weibo Academy",
        );
        expect(spanish.calendar.getFirstPropertyValue("prodid")).toContain("//ES");
      } finally {
        await language(team.members.viewer, "en");
      }
      const inEnglish = await feed();
      const english = inEnglish.events.find((e) => e.uid === `scrim-${official.id}@draftroom`)!;
      expect(english.description).toBe("Official match vs Weibo Academy, 1 game (not confirmed yet).");
      expect(inEnglish.events.find((e) => e.uid === `scrim-${untitled.id}@draftroom`)!.summary).toBe(
        "Official match vs Weibo Academy",
      );

      // The channel's language is the owners' choice, whatever the reader's account says.
      const settings = `${ws()}/integrations/discord/`;
      const bad = await call(team.members.owner, "PATCH", settings, { language: "fr" });
      expect([bad.statusCode, bad.json().code, Object.keys(bad.json().fields)]).toEqual([
        400,
        "validation_error",
        ["language"],
      ]);
      expect((await call(team.members.coach, "PATCH", settings, { language: "es" })).statusCode).toBe(403);
      const chosen = await call(team.members.owner, "PATCH", settings, { language: "es" });
      expect(chosen.statusCode).toBe(200);
      // Only the language changed: the events stay as chosen.
      expect(chosen.json().discord).toMatchObject({
        language: "es",
        events: ["scrim_confirmed", "scrim_starting", "scrim_result"],
      });
      try {
        const before = titles(hook.id).length;
        const soon = new Date(Date.now() + 10 * 60_000).toISOString();
        await plan({ status: "confirmed", starts_at: soon, title: "Bloque vs KC" });
        await deliver();
        // An official match without a title is named by its kind and opponent, in Spanish.
        await plan({ status: "confirmed", starts_at: soon, kind: "official", games_count: 1 });
        await deliver();
        expect(titles(hook.id).slice(before)).toEqual([
          "Scrim confirmado: Bloque vs KC",
          "Empieza pronto: Bloque vs KC",
          "Partido oficial contra Weibo Academy confirmado",
          "Empieza pronto: Partido oficial contra Weibo Academy",
        ]);
      } finally {
        expect((await call(team.members.owner, "PATCH", settings, { language: "en" })).statusCode).toBe(200);
      }
    });

    it("lists a confirmed scrim's rooms in its reminder, as they stand when it is sent", async () => {
      const soon = new Date(Date.now() + 10 * 60_000).toISOString();
      const scrim = await plan({ starts_at: soon, title: "Roomed block", prepare_rooms: true });
      expect(scrim.games.map((game) => game.room_id)).toEqual([expect.any(String), expect.any(String)]);
      const before = titles(hook.id).length;
      const confirmed = await call(team.members.coach, "PATCH", `/api/scrims/${scrim.id}/`, {
        status: "confirmed",
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await deliver();
      const posts = discord.messages(hook.id).slice(before) as Array<{
        embeds: Array<{ title: string; fields?: Array<{ name: string; value: string }> }>;
      }>;
      expect(posts.map((post) => post.embeds[0]!.title)).toEqual([
        "Scrim confirmed: Roomed block",
        "Starting soon: Roomed block",
      ]);
      expect(posts[1]!.embeds[0]!.fields).toEqual(
        scrim.games.map((game) => ({
          name: `Game ${game.number} room`,
          value: `https://draftroom.example/app/room/${game.room_id}`,
        })),
      );
    });

    it("posts a scrim game's result with its game's draft drawn under it, and a game without a draft without one", async () => {
      const scrim = await plan({ title: "Drafted block", games_count: 2 });
      const [drafted, undrafted] = scrim.games;
      const logged = await call(
        team.members.owner,
        "PUT",
        `/api/scrims/${scrim.id}/games/${drafted!.id}/draft/`,
        {
          our_side: "BLUE",
          actions: pool.slice(0, DRAFT_STEP_COUNT).map((id) => ({ champion_id: id })),
        },
      );
      expect(logged.statusCode, logged.body).toBe(200);
      const before = titles(hook.id).length;
      for (const [game, winner] of [
        [drafted!, "us"],
        [undrafted!, "them"],
      ] as const) {
        const typed = await call(
          team.members.owner,
          "PUT",
          `/api/scrims/${scrim.id}/games/${game.id}/result/`,
          {
            winner,
          },
        );
        expect(typed.statusCode, typed.body).toBe(200);
        await deliver();
      }
      expect(titles(hook.id).slice(before)).toEqual([
        "Drafted block, game 1: we won",
        "Drafted block, game 2: we lost",
      ]);
      const [withDraft, withoutDraft] = discord.files(hook.id).slice(before);
      expect(withDraft!.map((file) => [file.name, file.type])).toEqual([["draft.png", "image/png"]]);
      expect(withDraft![0]!.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(withoutDraft).toEqual([]);
    });

    let codes: TournamentCode[];
    /** Another team's scrim: our routes answer it as one that never existed. */
    let theirScrim: Scrim;
    let scrim: Scrim;
    let callbackPath: string;

    it("gives each game of a scrim a tournament code whose metadata names the game, and refuses another workspace's scrim", async () => {
      scrim = await plan({ games_count: 2, title: "Coded block" });
      const res = await call(team.members.coach, "POST", `${ws()}/integrations/tournament/codes/`, {
        scrim_id: scrim.id,
        games: 3,
      });
      expect(res.statusCode).toBe(200);
      codes = (res.json() as { results: TournamentCode[] }).results;
      // The scrim has two games: two codes, each carrying its ledger game.
      expect(codes.map((code) => code.game_number)).toEqual([1, 2]);
      expect(JSON.parse(riot.codes.get(codes[1]!.code)!.metadata)).toMatchObject({
        scrim: scrim.id,
        game: 2,
        scrim_game: scrim.games[1]!.id,
      });
      const other = await teamWithEveryRole(ctx.app);
      const theirs = await ctx.app.inject({
        method: "POST",
        url: `/api/workspaces/${other.workspace.id}/scrims/`,
        headers: other.members.owner.headers,
        payload: {
          opponent: { name: "X", contact_note: "" },
          starts_at: "2026-12-01T18:00:00Z",
          time_zone: "UTC",
          prepare_rooms: false,
        },
      });
      theirScrim = theirs.json() as Scrim;
      const stranger = await call(team.members.coach, "POST", `${ws()}/integrations/tournament/codes/`, {
        scrim_id: theirScrim.id,
        games: 1,
      });
      expect(stranger.statusCode).toBe(404);
      const providers = riot.requests.filter((request) => request.path.endsWith("/providers"));
      callbackPath = new URL((providers.at(-1)!.body as { url: string }).url).pathname;
    });

    it("files a tournament game into its ledger game once, even sent twice to two server instances; a forged call changes nothing", async () => {
      // We played red this time; the roster's PUUIDs say so. Blue won.
      riot.addGame({
        matchId: "EUW1_7100000001",
        blue: pool.slice(20, 25),
        red: pool.slice(25, 30),
        winner: "BLUE",
        tournamentCode: codes[0]!.code,
        puuids: [...Array.from({ length: 5 }, (_, i) => `them-${i}`), ...ours],
      });
      const forged = await ctx.app.inject({
        method: "POST",
        url: callbackPath,
        payload: { shortCode: codes[1]!.code, gameId: 7100000001 },
      });
      expect(forged.statusCode).toBe(404);
      const body = { shortCode: codes[0]!.code, gameId: 7100000001 };
      const outcomes = (
        await Promise.all(
          [ctx.app, second.app, ctx.app, second.app].map((app) =>
            app.inject({ method: "POST", url: callbackPath, payload: body }),
          ),
        )
      ).map((res) => res.json().outcome);
      expect(outcomes.filter((outcome) => outcome === "filed")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "already_filed")).toHaveLength(3);

      const filed = (await call(team.members.viewer, "GET", `/api/scrims/${scrim.id}/`)).json() as Scrim;
      expect(filed.games[0]!.result).toMatchObject({
        winner: "them",
        source: "imported",
        provider: "tournament",
        entered_by: null,
        corrections: 0,
      });
      expect(filed.games[0]!.our_side).toBe("RED");
      // A game was played: the block is played, without the staff editing it.
      expect(filed.status).toBe("played");
      expect(filed.games[0]!.result!.players.map((line) => line.champion_id)).toEqual(pool.slice(25, 30));
      expect(filed.games[0]!.result!.players.every((line) => line.roster_player_id !== null)).toBe(true);
      // The forged call filed nothing into game 2.
      expect(filed.games[1]!.result).toBeNull();
      const history = (
        await call(team.members.viewer, "GET", `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/history/`)
      ).json() as ScrimAuditEntry[];
      expect(history.filter((entry) => entry.action === "result_entered")).toHaveLength(1);
      // The staff hear it: a feed line, and one Discord post for the game.
      const feedLines = (
        (await call(team.members.coach, "GET", `${ws()}/activity/`)).json() as {
          results: { item_id: string; verb: string; actor: unknown }[];
        }
      ).results.filter((entry) => entry.item_id === scrim.id);
      expect(feedLines.filter((entry) => entry.verb === "changed")).toEqual([
        expect.objectContaining({ actor: null }),
      ]);
      await settle();
      await integrationsOf(second.database.db).settled();
      await integrationsOf(ctx.db).sendDue();
      expect(titles(hook.id).filter((title) => title.startsWith("Coded block"))).toEqual([
        "Coded block, game 1: we lost",
      ]);
    });

    it("keeps a typed result when a tournament game arrives for it, and says so", async () => {
      const typed = await call(
        team.members.coach,
        "PUT",
        `/api/scrims/${scrim.id}/games/${scrim.games[1]!.id}/result/`,
        { status: "played", winner: "us", our_side: "BLUE" },
      );
      expect(typed.statusCode).toBe(200);
      riot.addGame({
        matchId: "EUW1_7100000002",
        blue: pool.slice(30, 35),
        red: pool.slice(35, 40),
        winner: "RED",
        tournamentCode: codes[1]!.code,
        puuids: [...ours, ...Array.from({ length: 5 }, (_, i) => `them-${i}`)],
      });
      const res = await ctx.app.inject({
        method: "POST",
        url: callbackPath,
        payload: { shortCode: codes[1]!.code, gameId: 7100000002 },
      });
      expect(res.json()).toEqual({ outcome: "filed" });
      const kept = (await call(team.members.viewer, "GET", `/api/scrims/${scrim.id}/`)).json() as Scrim;
      expect(kept.games[1]!.result).toMatchObject({ winner: "us", source: "typed" });
      await settle();
      await integrationsOf(ctx.db).sendDue();
      expect(titles(hook.id)).toContain("Coded block, game 2: we lost");
    });

    it("tells our side of a tournament game from the drafted champions when no roster Riot ID played it (sides swapped in the client)", async () => {
      const swapped = await plan({ games_count: 1, title: "Swapped block" });
      const logged = await call(
        team.members.coach,
        "PUT",
        `/api/scrims/${swapped.id}/games/${swapped.games[0]!.id}/draft/`,
        {
          our_side: "BLUE",
          actions: Array.from({ length: DRAFT_STEP_COUNT }, (_, i) => ({ champion_id: pool[80 + i]! })),
        },
      );
      expect(logged.statusCode).toBe(200);
      const draft = (logged.json() as Scrim).games[0]!.draft;
      const picks = (side: "BLUE" | "RED") =>
        draft.filter((step) => step.type === "PICK" && step.side === side).map((step) => step.champion_id!);
      const made = await call(team.members.coach, "POST", `${ws()}/integrations/tournament/codes/`, {
        scrim_id: swapped.id,
        games: 1,
      });
      const code = (made.json() as { results: TournamentCode[] }).results[0]!.code;
      // Our drafted blue picks were played on red, by accounts the roster does not know; red won.
      riot.addGame({
        matchId: "EUW1_7100000009",
        blue: picks("RED"),
        red: picks("BLUE"),
        winner: "RED",
        tournamentCode: code,
      });
      const res = await ctx.app.inject({
        method: "POST",
        url: callbackPath,
        payload: { shortCode: code, gameId: 7100000009 },
      });
      expect(res.json()).toEqual({ outcome: "filed" });
      const filed = (await call(team.members.viewer, "GET", `/api/scrims/${swapped.id}/`)).json() as Scrim;
      expect(filed.games[0]!.our_side).toBe("RED");
      expect(filed.games[0]!.result).toMatchObject({ winner: "us", provider: "tournament" });
    });

    it("fills a ledger game from Match-V5 by id or among the roster's games around the scrim, showing a champion mismatch", async () => {
      const block = await plan({ games_count: 1, title: "Logged block", starts_at: "2026-12-05T18:00:00Z" });
      const game = block.games[0]!;
      const logged = await call(
        team.members.coach,
        "PUT",
        `/api/scrims/${block.id}/games/${game.id}/draft/`,
        {
          our_side: "BLUE",
          actions: Array.from({ length: DRAFT_STEP_COUNT }, (_, i) => ({ champion_id: pool[50 + i]! })),
        },
      );
      expect(logged.statusCode).toBe(200);
      const drafted = (logged.json() as Scrim).games[0]!.draft;
      const picks = (side: "BLUE" | "RED") =>
        drafted.filter((step) => step.type === "PICK" && step.side === side).map((step) => step.champion_id!);
      // Played with one champion swapped on our side, and on the sides as drafted.
      const ourPlayed = [...picks("BLUE").slice(0, 4), pool[120]!];
      riot.addGame({
        matchId: "EUW1_7100000003",
        blue: ourPlayed,
        red: picks("RED"),
        winner: "BLUE",
        puuids: [...ours, ...Array.from({ length: 5 }, (_, i) => `them-${i}`)],
        startedAt: Date.parse("2026-12-05T18:20:00Z"),
      });
      const lookup = await call(team.members.coach, "POST", `${ws()}/integrations/riot/matches/`, {
        match_id: "euw1_7100000003",
        scrim_id: block.id,
        game_id: game.id,
      });
      expect(lookup.statusCode).toBe(200);
      const comparison = lookup.json() as RiotGameComparison;
      expect(comparison.champions_match).toBe(false);
      expect(comparison.only_in_draft).toEqual([picks("BLUE")[4]!]);
      expect(comparison.only_in_match).toEqual([pool[120]!]);
      expect(comparison.our_side).toBe("BLUE");
      expect(comparison.ledger_result).toMatchObject({
        winner: "us",
        source: "imported",
        provider: "riot-match-v5",
      });
      // Nothing was written: the staff saves the result from the form.
      expect(
        ((await call(team.members.viewer, "GET", `/api/scrims/${block.id}/`)).json() as Scrim).games[0]!
          .result,
      ).toBeNull();

      const recent = await call(
        team.members.coach,
        "GET",
        `${ws()}/integrations/riot/scrims/${block.id}/games/${game.id}/recent/`,
      );
      expect(recent.statusCode).toBe(200);
      const found = (recent.json() as { results: RiotGameComparison[] }).results;
      expect(found.map((entry) => entry.summary.match_id)).toContain("EUW1_7100000003");
      const ids = riot.requests.filter((request) => request.path.includes("/by-puuid/")).at(-1)!;
      const query = new URLSearchParams(ids.path.split("?")[1]);
      expect(Number(query.get("startTime"))).toBe(Date.parse("2026-12-05T16:00:00Z") / 1000);

      const saved = await call(
        team.members.coach,
        "PUT",
        `/api/scrims/${block.id}/games/${game.id}/result/`,
        {
          ...comparison.ledger_result,
        },
      );
      expect(saved.statusCode).toBe(200);
      expect((saved.json() as Scrim).games[0]!.result).toMatchObject({
        source: "imported",
        provider: "riot-match-v5",
        winner: "us",
      });
      const unknown = await call(team.members.coach, "POST", `${ws()}/integrations/riot/matches/`, {
        match_id: "EUW1_7199999999",
        scrim_id: block.id,
        game_id: game.id,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toContain("EUW1_7199999999");
      // Another team's scrim game is answered as one that never existed, on both routes.
      const theirs = `${ws()}/integrations/riot/scrims/${theirScrim.id}/games/${theirScrim.games[0]!.id}/recent/`;
      const never = `${ws()}/integrations/riot/scrims/${randomUUID()}/games/${randomUUID()}/recent/`;
      const [a, b] = [
        await call(team.members.coach, "GET", theirs),
        await call(team.members.coach, "GET", never),
      ];
      expect([a.statusCode, a.json()]).toEqual([404, b.json()]);
      const lookupTheirs = await call(team.members.coach, "POST", `${ws()}/integrations/riot/matches/`, {
        match_id: "EUW1_7100000003",
        scrim_id: theirScrim.id,
        game_id: theirScrim.games[0]!.id,
      });
      expect([lookupTheirs.statusCode, lookupTheirs.json()]).toEqual([404, b.json()]);
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
