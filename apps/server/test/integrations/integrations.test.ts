import { randomBytes } from "node:crypto";
import type { IntegrationsOverview, Room } from "@draftroom/contracts";
import ICAL from "ical.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerCalendarSource } from "../../src/modules/integrations/calendar.ts";
import { integrationsOf } from "../../src/modules/integrations/runtime.ts";
import { removeMember } from "../../src/modules/workspaces/members.ts";
import { emptyPlanContent } from "../draft-plans/support.ts";
import { championIds, createSession } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { startDiscordFixture } from "../helpers/outside/discord-fixture.ts";
import { answers } from "../helpers/outside/fixture-server.ts";
import { startRiotFixture } from "../helpers/outside/riot-fixture.ts";
import { linkToken, lockEveryStep, RoomClient } from "../rooms/support.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

/**
 * A workspace's integrations through the API, on both databases (decision 051), with Discord and
 * Riot on loopback fixtures: secrets never come back, posts arrive (only our team's links), a
 * failing service is shown in words, Riot IDs and Match-V5 games are read, and calendar feeds
 * parse and stop at once when rotated.
 */

const discord = await startDiscordFixture();
const riot = await startRiotFixture();
afterAll(async () => {
  await discord.close();
  await riot.close();
});

/** Every log line the apps write (at trace level), and every webhook token handed to them. */
const logLines: string[] = [];
const webhookTokens: string[] = [];
const newWebhook = () => {
  const hook = discord.webhook();
  webhookTokens.push(hook.token);
  return hook;
};

describeEachDialect(
  "integrations",
  (ctx) => {
    let team: Awaited<ReturnType<typeof teamWithEveryRole>>;
    const url = () => `/api/workspaces/${team.workspace.id}/integrations`;
    const call = async (
      who: { headers: { authorization: string } },
      method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      path: string,
      payload?: object,
    ) => ctx.app.inject({ method, url: path, headers: who.headers, ...(payload ? { payload } : {}) });
    const overview = async () =>
      (await call(team.members.viewer, "GET", `${url()}/`)).json() as IntegrationsOverview;
    const settle = () => integrationsOf(ctx.db).settled();
    /** A draft of the team's, titled `title`, with a live room opened for it by the owner. */
    const openTeamRoom = async (title: string, room: { bank_seconds: number; our_side: "BLUE" | "RED" }) => {
      const session = await createSession(ctx.app, team.members.owner, { title });
      await call(team.members.owner, "PUT", `/api/drafts/sessions/${session.id}/workspace/`, {
        workspace_id: team.workspace.id,
      });
      const opened = await call(team.members.owner, "POST", "/api/rooms/", {
        session_id: session.id,
        turn_seconds: 30,
        ...room,
      });
      expect(opened.statusCode, opened.body).toBe(201);
      return { session, room: opened.json() as Room };
    };

    beforeAll(async () => {
      team = await teamWithEveryRole(ctx.app);
    });

    it("an owner connects a webhook, which no answer, export or stored row shows again", async () => {
      const hook = newWebhook();
      expect(
        (await call(team.members.coach, "PUT", `${url()}/discord/`, { webhook_url: hook.url })).statusCode,
      ).toBe(403);
      expect(
        (await call(team.outsider, "PUT", `${url()}/discord/`, { webhook_url: hook.url })).statusCode,
      ).toBe(404);
      const bad = await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: "https://example.com/hook/1/2",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: "validation_error",
        fields: { webhook_url: expect.any(String) },
      });

      const res = await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["room_opened", "plan_changed", "draft_finished"],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ discord: { connected: true, hint: `…${hook.token.slice(-4)}` } });
      const answers = [
        res.body,
        (await call(team.members.viewer, "GET", `${url()}/`)).body,
        (await call(team.members.owner, "GET", `/api/workspaces/${team.workspace.id}/export/`)).body,
      ];
      for (const body of answers) expect(body).not.toContain(hook.token);
      const stored = await ctx.db.selectFrom("integration_connections").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(hook.token);
    });

    it("sends a test message at once and lists it", async () => {
      const hook = newWebhook();
      await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["room_opened", "plan_changed"],
      });
      const res = await call(team.members.owner, "POST", `${url()}/discord/test/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ event: "test", status: "sent", attempts: 1 });
      expect(discord.messages(hook.id)).toHaveLength(1);
      expect((await overview()).discord.last_success_at).not.toBeNull();
    });

    it("writes the channel's posts in the owner's account language unless the connection names one", async () => {
      const owner = team.members.owner;
      expect((await call(owner, "PATCH", "/api/users/language/", { language: "es" })).statusCode).toBe(200);
      try {
        const hook = newWebhook();
        const connected = await call(owner, "PUT", `${url()}/discord/`, {
          webhook_url: hook.url,
          events: ["plan_changed"],
        });
        expect(connected.json()).toMatchObject({ discord: { language: "es", events: ["plan_changed"] } });
        const test = await call(owner, "POST", `${url()}/discord/test/`);
        expect(test.json()).toMatchObject({ status: "sent", title: "Mensaje de prueba" });
        await call(team.members.coach, "POST", "/api/draft-plans/", {
          workspace_id: team.workspace.id,
          content: emptyPlanContent("Contra Weibo"),
        });
        await settle();
        const posts = discord.messages(hook.id) as Array<{ embeds: Array<{ title: string }> }>;
        expect(posts.map((post) => post.embeds[0]!.title)).toEqual([
          "Draftroom está conectado",
          "Nuevo plan: Contra Weibo",
        ]);

        // Named on connecting, the language is the one asked for; the events keep theirs on a change.
        const named = await call(owner, "PUT", `${url()}/discord/`, {
          webhook_url: newWebhook().url,
          events: ["plan_changed", "room_opened"],
          language: "en",
        });
        expect(named.json()).toMatchObject({ discord: { language: "en" } });
        const events = await call(owner, "PATCH", `${url()}/discord/`, { events: ["room_opened"] });
        expect(events.json()).toMatchObject({ discord: { language: "en", events: ["room_opened"] } });
      } finally {
        await call(owner, "PATCH", "/api/users/language/", { language: "en" });
      }
    });

    it("posts plan changes and an opened room with our team's links only, in order", async () => {
      const hook = newWebhook();
      await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["room_opened", "plan_changed"],
      });
      const plan = await call(team.members.coach, "POST", "/api/draft-plans/", {
        workspace_id: team.workspace.id,
        content: emptyPlanContent("Into Weibo"),
      });
      expect(plan.statusCode).toBe(201);
      const { room } = await openTeamRoom("Scrim vs Weibo", { bank_seconds: 60, our_side: "RED" });
      await settle();

      const posts = discord.messages(hook.id) as Array<{
        embeds: Array<{ title: string; fields?: Array<{ value: string }> }>;
      }>;
      expect(posts.map((post) => post.embeds[0]!.title)).toEqual([
        "New plan: Into Weibo",
        "Draft room open: Scrim vs Weibo",
      ]);
      const text = JSON.stringify(posts[1]);
      const ours = room.links.filter((link) => link.team === room.our_team && link.role !== "spectator");
      const others = room.links.filter((link) => !ours.includes(link));
      expect(ours).toHaveLength(2);
      for (const link of ours) expect(text).toContain(link.token!);
      for (const link of others) expect(text).not.toContain(link.token!);
      // A sent post keeps no copy of the links.
      const rows = await ctx.db
        .selectFrom("integration_deliveries")
        .select(["message", "status"])
        .where("title", "=", "Scrim vs Weibo")
        .execute();
      expect(rows).toEqual([{ message: null, status: "sent" }]);
    });

    it("posts a team's finished live draft with its picks and its card drawn under it, in the channel's language", {
      timeout: 60_000,
    }, async () => {
      const hook = newWebhook();
      await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["draft_finished"],
        language: "es",
      });
      const { session, room } = await openTeamRoom("Final vs Heretics", {
        bank_seconds: 0,
        our_side: "BLUE",
      });
      const base = await ctx.listen();
      // Our side's captain link seats a member (decision 046); the other side's, anyone who holds it.
      const blue = await RoomClient.join(base, room.id, {
        token: linkToken(room, "blue_captain"),
        auth: team.members.owner.token,
      });
      const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
      try {
        expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
        expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
        await lockEveryStep({ blue, red }, await championIds(ctx.app));
      } finally {
        blue.close();
        red.close();
      }
      // The post is queued after the room's commit, off the lock's path.
      for (let i = 0; i < 100 && discord.messages(hook.id).length === 0; i++) {
        await settle();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const [post] = discord.messages(hook.id) as Array<{
        embeds: Array<{ title: string; image?: { url: string }; fields: Array<{ name: string }> }>;
        attachments?: Array<{ id: number; filename: string }>;
      }>;
      expect(post!.embeds[0]).toMatchObject({
        title: "Draft terminado: Final vs Heretics",
        image: { url: "attachment://draft.png" },
      });
      expect(post!.embeds[0]!.fields[0]!.name).toBe(`Picks de ${session.blue_team!.name} (azul)`);
      expect(post!.attachments).toEqual([{ id: 0, filename: "draft.png" }]);
      const [files] = discord.files(hook.id);
      expect(files!.map(({ field, name, type }) => ({ field, name, type }))).toEqual([
        { field: "files[0]", name: "draft.png", type: "image/png" },
      ]);
      const png = files![0]!.bytes;
      expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
      // The social card: 1200 × 630 (IHDR's width and height).
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });

    it("shows a deleted webhook in plain words and stops trying it", async () => {
      const hook = newWebhook();
      await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["plan_changed"],
      });
      discord.script(new RegExp(hook.id), answers.notFound);
      await call(team.members.coach, "POST", "/api/draft-plans/", {
        workspace_id: team.workspace.id,
        content: emptyPlanContent("Gone"),
      });
      await settle();
      const state = await overview();
      expect(state.discord.last_error).toMatchObject({
        problem: "not_found",
        detail: expect.stringContaining("deleted in Discord"),
      });
      expect(state.deliveries[0]).toMatchObject({ title: "Gone", status: "failed", attempts: 1 });
      expect(JSON.stringify(state)).not.toContain(hook.token);
    });

    it("keeps a rate-limited post for later (Discord's retry_after), a bounded number of times", async () => {
      const hook = newWebhook();
      await call(team.members.owner, "PUT", `${url()}/discord/`, {
        webhook_url: hook.url,
        events: ["plan_changed"],
      });
      discord.script(new RegExp(hook.id), answers.rateLimited(30, "body"), answers.rateLimited(30, "body"));
      const before = Date.now();
      await call(team.members.coach, "POST", "/api/draft-plans/", {
        workspace_id: team.workspace.id,
        content: emptyPlanContent("Later"),
      });
      await settle();
      const [delivery] = (await overview()).deliveries;
      expect(delivery).toMatchObject({
        title: "Later",
        status: "pending",
        attempts: 1,
        last_error: { problem: "rate_limited" },
      });
      const row = await ctx.db
        .selectFrom("integration_deliveries")
        .select("due_at")
        .where("id", "=", delivery!.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.due_at as unknown as string | Date).getTime()).toBeGreaterThanOrEqual(
        before + 29_000,
      );
      expect(discord.messages(hook.id)).toHaveLength(0);
    });

    it("disconnecting forgets the webhook and drops its unsent posts", async () => {
      expect((await call(team.members.coach, "DELETE", `${url()}/discord/`)).statusCode).toBe(403);
      expect((await call(team.members.owner, "DELETE", `${url()}/discord/`)).statusCode).toBe(204);
      const state = await overview();
      expect(state.discord).toMatchObject({ connected: false, hint: null });
      expect(state.deliveries.some((delivery) => delivery.status === "pending")).toBe(false);
      expect((await call(team.members.owner, "POST", `${url()}/discord/test/`)).json()).toMatchObject({
        code: "integration_not_connected",
      });
    });

    it("checks a roster player's Riot ID with Account-V1 and keeps its PUUID", async () => {
      const player = (
        await call(team.members.owner, "POST", `/api/workspaces/${team.workspace.id}/roster/`, {
          name: "Caps",
          position: "mid",
        })
      ).json() as { id: string };
      const riotUrl = `${url()}/riot/players/${player.id}/`;
      expect(
        (await call(team.members.owner, "PUT", riotUrl, { game_name: "Caps", tag_line: "EUW" })).json(),
      ).toMatchObject({
        code: "integration_not_connected",
      });
      expect(
        (await call(team.members.owner, "PUT", `${url()}/riot/`, { region: "euw1" })).json(),
      ).toMatchObject({
        riot: { available: true, connected: true, region: "euw1" },
      });
      riot.accounts.set("caps#euw", "puuid-caps");
      const unknown = await call(team.members.owner, "PUT", riotUrl, { game_name: "Capz", tag_line: "EUW" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: "riot_id_not_found" });
      riot.script(/by-riot-id/, answers.forbidden);
      const refused = await call(team.members.owner, "PUT", riotUrl, { game_name: "Caps", tag_line: "EUW" });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({
        code: "integration_failed",
        detail: expect.stringContaining("RIOT_API_KEY"),
      });
      expect((await overview()).riot.last_error).toMatchObject({ problem: "rejected" });
      const ok = await call(team.members.owner, "PUT", riotUrl, { game_name: "caps", tag_line: "euw" });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        player_id: player.id,
        name: "Caps",
        riot: { game_name: "caps", puuid: "puuid-caps" },
      });
      expect((await overview()).riot.last_error).toBeNull();
      expect((await call(team.members.viewer, "GET", `${url()}/riot/players/`)).json()).toMatchObject({
        results: [{ player_id: player.id, riot: { puuid: "puuid-caps" } }],
      });
      expect(
        (await call(team.members.player, "PUT", riotUrl, { game_name: "Caps", tag_line: "EUW" })).statusCode,
      ).toBe(403);
    });

    it("fills a game from Match-V5 and flags a champion mismatch with the draft", async () => {
      const session = await createSession(ctx.app, team.members.owner, { title: "Match check" });
      await call(team.members.owner, "PUT", `/api/drafts/sessions/${session.id}/workspace/`, {
        workspace_id: team.workspace.id,
      });
      riot.addGame({
        matchId: "EUW1_7100000001",
        blue: [1, 2, 3, 4, 5],
        red: [6, 7, 8, 9, 10],
        winner: "BLUE",
      });
      const res = await call(team.members.coach, "POST", `${url()}/riot/matches/`, {
        match_id: "euw1_7100000001",
        session_id: session.id,
      });
      expect(res.statusCode).toBe(200);
      // The session has no picks yet: every played champion is a difference, shown, not merged.
      expect(res.json()).toMatchObject({
        champions_match: false,
        only_in_match: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        summary: { winner: "BLUE", patch: "14.23", source: "riot_match_v5" },
      });
      expect(
        (await call(team.members.coach, "POST", `${url()}/riot/matches/`, { match_id: "EUW1_404" }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(team.members.coach, "POST", `${url()}/riot/matches/`, { match_id: "not a match" }))
          .statusCode,
      ).toBe(400);
    });

    it("gives each member a calendar feed that parses, and refuses a rotated or former member's URL at once", async () => {
      const stop = registerCalendarSource(async (_db, workspaceId) =>
        workspaceId === team.workspace.id
          ? [
              {
                uid: "scrim-1@draftroom",
                title: "Scrim vs Weibo",
                startsAt: "2026-12-01T18:00:00.000Z",
                endsAt: "2026-12-01T21:00:00.000Z",
                timeZone: "Europe/Madrid",
                status: "tentative",
                sequence: 2,
                updatedAt: "2026-11-29T10:00:00.000Z",
                path: "/app/scrims/1",
              },
              {
                uid: "scrim-2@draftroom",
                title: "Scrim vs G2",
                startsAt: "2026-12-02T18:00:00.000Z",
                endsAt: "2026-12-02T21:00:00.000Z",
                timeZone: "Europe/Madrid",
                status: "cancelled",
                sequence: 3,
                updatedAt: "2026-11-29T11:00:00.000Z",
              },
            ]
          : [],
      );
      try {
        const made = await call(team.members.player, "POST", `${url()}/calendar/`);
        expect(made.statusCode).toBe(201);
        const feedPath = new URL((made.json() as { url: string }).url).pathname;
        const feed = await ctx.app.inject({ method: "GET", url: feedPath });
        expect(feed.statusCode).toBe(200);
        expect(feed.headers["content-type"]).toContain("text/calendar");
        const calendar = new ICAL.Component(ICAL.parse(feed.body));
        const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
        expect(events.map((event) => event.uid)).toEqual(["scrim-1@draftroom", "scrim-2@draftroom"]);
        expect(events[0]!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Madrid");
        // 18:00 UTC is 19:00 in Madrid in December: the wall time is written in the event's zone.
        expect(feed.body).toContain("DTSTART;TZID=Europe/Madrid:20261201T190000");
        expect(events[0]!.startDate.toJSDate().toISOString()).toBe("2026-12-01T18:00:00.000Z");
        expect(events[0]!.sequence).toBe(2);
        expect(events[0]!.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
        expect(events[1]!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
        expect(
          calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")),
        ).toEqual(["Europe/Madrid"]);

        const rotated = await call(team.members.player, "POST", `${url()}/calendar/`);
        expect((await ctx.app.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);
        const newPath = new URL((rotated.json() as { url: string }).url).pathname;
        expect((await ctx.app.inject({ method: "GET", url: newPath })).statusCode).toBe(200);
        expect((await overview()).calendar.active).toBe(false); // the viewer's own feed
        await removeMember(ctx.db, team.members.owner.id, team.workspace.id, team.members.player.id);
        expect((await ctx.app.inject({ method: "GET", url: newPath })).statusCode).toBe(404);
        expect(
          (await ctx.app.inject({ method: "GET", url: `/api/calendar/${"A".repeat(43)}.ics` })).statusCode,
        ).toBe(404);
      } finally {
        stop();
      }
    });

    it("never writes a webhook's token to the log, whatever happened to its posts", () => {
      // The block's app logs at trace level into logLines; the tests above connected, posted,
      // failed (deleted, rate-limited) and disconnected webhooks.
      expect(webhookTokens.length).toBeGreaterThanOrEqual(3);
      expect(logLines.length).toBeGreaterThan(0);
      for (const token of webhookTokens) {
        expect(logLines.filter((line) => line.includes(token))).toEqual([]);
      }
    });
  },
  {
    logStream: { write: (line: string) => void logLines.push(line) },
    env: {
      LOG_LEVEL: "trace",
      ...discord.env,
      ...riot.env,
      INTEGRATIONS_SECRET_KEY: randomBytes(32).toString("base64"),
      INTEGRATIONS_TICK_MS: "0",
      INTEGRATIONS_BACKOFF_MS: "10",
      INTEGRATIONS_MAX_RETRY_WAIT_MS: "100",
      INTEGRATIONS_TIMEOUT_MS: "10000",
    },
  },
);
