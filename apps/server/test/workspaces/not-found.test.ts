import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../src/db/migrations/index.ts";
import type { Database } from "../../src/db/schema.ts";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { emptyPlanContent } from "../draft-plans/support.ts";
import { championIds, createSession, firstLeagueWithTeams, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser } from "../helpers/users.ts";
import { createWorkspace } from "./support.ts";

/**
 * "Not yours or not there" is one answer (decision record 041). The test walks every route of
 * the OpenAPI document with a path parameter and asks it, as a signed-in user of another team,
 * about (a) a real item of a workspace they are not in, made by its owner (and, where items can
 * be personal, that owner's personal item), and (b) a random id of the same shape that never
 * existed: status and body must be identical. Routes where the comparison cannot apply are in
 * `NOT_WALKED` with the reason; a new route with a path parameter that is in neither fails here.
 */

/** `METHOD path` of routes not walked, and why. */
const NOT_WALKED: Record<string, string> = {
  "GET /api/drafts/sessions/{id}/public/": "public share link: the session's id is the link anyone may open",
  "GET /api/drafts/sessions/{id}/public/image.png": "public share link (the public view as a PNG)",
  "GET /api/drafts/sessions/{id}/public/players/": "public share link (the public view's players)",
  "GET /api/series/{id}/public/": "public share link: the series' id is the link anyone may open",
  "GET /api/series/{id}/public/image.png": "public share link (the public series as a PNG)",
  "GET /api/practice/sessions/{id}/": "a practice is opened by its session id, like the public view",
  "GET /api/practice/sessions/{id}/lookup/":
    "never a 404 by design: any draft page asks whether it is a practice",
  "GET /api/invites/{token}/": "the invite token is the capability (unguessable, 404 when unknown)",
  "POST /api/invites/{token}/accept/": "the invite token is the capability (unguessable, 404 when unknown)",
  "POST /api/data/sources/{source}/update/":
    "staff-only data source refresh; `source` names a feed, not an item",
  "GET /api/rooms/{id}/ws": "the room socket (a WebSocket upgrade, not a REST answer)",
  "GET /api/calendar/{file}": "the feed's token is the capability (unguessable, 404 when unknown or rotated)",
  "POST /api/riot/callback/{token}":
    "Riot's callback: the provider's token is the capability (404 when unknown)",
  "GET /api/workspaces/{id}/integrations/tournament/scrims/{scrimId}/codes/":
    "scrims are the ledger's (issue 33, another branch): no fixture here; the workspace is checked first",
  "GET /api/workspaces/{id}/integrations/riot/scrims/{scrimId}/games/{gameId}/recent/":
    "the workspace is checked first (another team's is its 404), then the scrim and game through the ledger (decision 057); test/integrations/ledger.test.ts",
};

type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

/** A random id of the right shape for a parameter, never an existing row. */
const randomRowId = () => String(1_900_000_000 + randomInt(100_000_000));

/** Where a route's `{id}`-like parameter points, by path prefix and parameter name. */
function kindOf(path: string, name: string): string | undefined {
  if (name === "sessionId" || name === "session_id") return "session";
  if (name === "roomId") return "room";
  if (name === "id") {
    const prefixes: Array<[string, string]> = [
      ["/api/drafts/sessions/", "session"],
      ["/api/practice/sessions/", "practice"],
      ["/api/series/", "series"],
      ["/api/draft-plans/", "plan"],
      ["/api/rosters/reviews/", "review"],
      ["/api/comments/", "comment"],
      ["/api/quick-rooms/", "quick_room"],
      ["/api/rooms/", "room"],
      ["/api/workspaces/", "workspace"],
      ["/api/drafts/leagues/", "league"],
      ["/api/drafts/teams/", "team"],
      ["/api/scouting/teams/", "team"],
      ["/api/subscriptions/", "subscription"],
      ["/api/scrims/", "scrim"],
    ];
    return prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
  }
  const others: Record<string, string> = {
    action_id: "action",
    number: "game",
    version: "version",
    userId: "member",
    inviteId: "invite",
    playerId: "player",
    link_id: "link",
    member_id: "room_member",
    game_id: "scrim_game",
  };
  return others[name];
}

/** Items of an owner's workspace (and personal ones), all made through the API. */
async function makeFixtures(ctx: { app: Parameters<typeof createSession>[0]; db: Kysely<Database> }) {
  const app = ctx.app;
  const owner = await registerUser(app, { plan: "pro" });
  const caller = await registerUser(app, { plan: "pro" });
  // The caller has a workspace of their own: they are a member somewhere, only not there.
  await createWorkspace(app, caller, { name: "Rivals", tag: "RIV" });
  const workspace = await createWorkspace(app, owner);
  const pool = await championIds(app);
  const { league, teams } = await firstLeagueWithTeams(app);
  const call = async (method: string, url: string, payload?: object, status = [200, 201]) => {
    const res = await app.inject({
      method: method as "POST",
      url,
      headers: owner.headers,
      ...(payload ? { payload } : {}),
    });
    if (!status.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown> & { id: string };
  };
  const move = (kind: string, id: string) =>
    call("PUT", `/api/${kind}/${id}/workspace/`, { workspace_id: workspace.id });

  const sessionIn = async (inWorkspace: boolean) => {
    const session = await createSession(app, owner);
    await playSteps(app, owner, session.id, pool, 1);
    if (inWorkspace) await move("drafts/sessions", session.id);
    return session.id;
  };
  const seriesBody = {
    title: "Finals prep",
    league_id: league.id,
    team_a_id: teams[0]!.id,
    team_b_id: teams[1]!.id,
    best_of: 3,
    rule: { from: "picks", scope: "both", reset_last_game: false },
  };
  const seriesIn = async (inWorkspace: boolean) => {
    const series = await call("POST", "/api/series/", seriesBody);
    if (inWorkspace) await move("series", series.id);
    return series.id;
  };
  const planContent = emptyPlanContent("vs Weibo, blue side");
  const planIn = async (inWorkspace: boolean) =>
    (
      await call("POST", "/api/draft-plans/", {
        content: planContent,
        ...(inWorkspace ? { workspace_id: workspace.id } : {}),
      })
    ).id;
  const reviewBody = {
    league_id: league.id,
    team_id: teams[0]!.id,
    season: "2026 Spring",
    title: "Scouting the mid lane",
    description: "What we expect",
    review_text: "They swap mid laners in scrims.",
  };
  const roomIn = async (inWorkspace: boolean) => {
    const session = await sessionIn(inWorkspace);
    const room = (await call("POST", "/api/rooms/", {
      session_id: session,
      turn_seconds: 30,
      bank_seconds: 60,
    })) as unknown as { id: string; links: Array<{ id: string }> };
    return room;
  };

  const sessions = [await sessionIn(true), await sessionIn(false)];
  const series = [await seriesIn(true), await seriesIn(false)];
  const plans = [await planIn(true), await planIn(false)];
  const review = (await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, reviewBody)).id;
  const comment = (
    await call("POST", "/api/comments/", { item_type: "session", item_id: sessions[0], body: "Ban Azir?" })
  ).id;
  const rooms = [await roomIn(true), await roomIn(false)];
  await seedMatchSample(ctx.db);
  const practice = (await call("POST", "/api/practice/", {
    opponent_team: "Weibo Gaming",
    side: "BLUE",
    workspace_id: workspace.id,
  })) as unknown as { practice: { session_id: string } };
  const quickRoom = (await call("POST", "/api/quick-rooms/", {
    turn_seconds: 30,
    bank_seconds: 60,
  })) as unknown as {
    room: { id: string };
  };
  const customLeague = (await call("POST", "/api/drafts/leagues/", { name: "Tuesday Scrims", region: "EUW" }))
    .id;
  const customTeam = (
    await call("POST", `/api/drafts/leagues/${customLeague}/teams/`, {
      name: "Night Owls",
      short_name: "OWL",
    })
  ).id;
  const invite = (await call("POST", `/api/workspaces/${workspace.id}/invites/`, { role: "player" })).id;
  const player = (
    await call("POST", `/api/workspaces/${workspace.id}/roster/`, { name: "Chovy", position: "mid" })
  ).id;
  const subscriptions = (await call("GET", "/api/subscriptions/")) as unknown as
    | Array<{ id: number }>
    | { results: Array<{ id: number }> };
  const subscription = (Array.isArray(subscriptions) ? subscriptions : subscriptions.results)[0]?.id;
  const scrim = (await call("POST", `/api/workspaces/${workspace.id}/scrims/`, {
    opponent: { name: "Night Owls Academy", contact_note: "" },
    starts_at: "2026-11-30T18:00:00+01:00",
    time_zone: "Europe/Madrid",
    games_count: 1,
    prepare_rooms: false,
  })) as unknown as { id: string; games: Array<{ id: string }> };
  const actions = (
    await app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${sessions[0]}/actions/`,
      headers: owner.headers,
    })
  ).json() as Array<{ id: number }>;

  /** For each kind: the owner's real ids (every one is compared) and a never-existing id. */
  const ids: Record<string, { foreign: string[]; random: () => string }> = {
    session: { foreign: sessions, random: randomUUID },
    practice: { foreign: [practice.practice.session_id], random: randomUUID },
    series: { foreign: series, random: randomUUID },
    plan: { foreign: plans, random: randomUUID },
    review: { foreign: [review], random: randomUUID },
    comment: { foreign: [comment], random: randomUUID },
    room: { foreign: rooms.map((room) => room.id), random: randomUUID },
    quick_room: { foreign: [quickRoom.room.id], random: randomUUID },
    workspace: { foreign: [workspace.id], random: randomUUID },
    league: { foreign: [String(customLeague)], random: randomRowId },
    team: { foreign: [String(customTeam)], random: randomRowId },
    subscription: { foreign: subscription === undefined ? [] : [String(subscription)], random: randomUUID },
    // Second parameters: real ones of the owner's item against random ones.
    action: { foreign: [String(actions[0]!.id)], random: randomRowId },
    game: { foreign: ["1"], random: () => "1" },
    version: { foreign: ["1"], random: () => "1" },
    member: { foreign: [String(owner.id)], random: randomRowId },
    invite: { foreign: [String(invite)], random: () => randomBytes(18).toString("base64url") },
    player: { foreign: [player], random: randomUUID },
    link: { foreign: [rooms[0]!.links[0]!.id], random: randomUUID },
    // No member is connected to the owner's rooms here: any well-formed id is one that is not there.
    room_member: { foreign: [randomUUID()], random: randomUUID },
    scrim: { foreign: [scrim.id], random: randomUUID },
    scrim_game: { foreign: [scrim.games[0]!.id], random: randomUUID },
  };
  return { owner, caller, workspace, pool, league, teams, seriesBody, planContent, reviewBody, ids };
}

/** A valid body for each write route that takes one, so the answer comes from the access check. */
function bodyFor(key: string, fx: Fixtures): object | undefined {
  const sessionBody = {
    title: "Edited",
    league_id: fx.league.id,
    blue_team_id: fx.teams[0]!.id,
    red_team_id: fx.teams[1]!.id,
  };
  const bodies: Record<string, object> = {
    "PUT /api/drafts/sessions/{id}/": sessionBody,
    "PATCH /api/drafts/sessions/{id}/": { title: "Renamed" },
    "POST /api/drafts/sessions/{id}/actions/": {
      phase_number: 1,
      action_type: "BAN",
      team_side: "RED",
      champion_id: fx.pool[1],
    },
    "PUT /api/drafts/sessions/{id}/actions/{action_id}/": { champion_id: fx.pool[5] },
    "PUT /api/drafts/sessions/{id}/workspace/": { workspace_id: null },
    "PUT /api/series/{id}/": fx.seriesBody,
    "POST /api/series/{id}/games/": { blue_team: "A" },
    "PATCH /api/series/{id}/games/{number}/": { winner: "A" },
    "PUT /api/series/{id}/workspace/": { workspace_id: null },
    "PUT /api/draft-plans/{id}/": { content: fx.planContent, base_version: 1 },
    "POST /api/draft-plans/{id}/duplicate/": {},
    "POST /api/draft-plans/{id}/versions/{version}/restore/": {},
    "PUT /api/rosters/reviews/{id}/": fx.reviewBody,
    "PUT /api/rosters/reviews/{id}/workspace/": { workspace_id: null },
    "PATCH /api/comments/{id}/": { body: "Edited" },
    "PUT /api/workspaces/{id}/": { name: "Renamed", tag: "RN" },
    "PATCH /api/workspaces/{id}/": { name: "Renamed" },
    "PATCH /api/workspaces/{id}/members/{userId}/": { role: "viewer" },
    "POST /api/workspaces/{id}/transfer/": { user_id: fx.owner.id },
    "POST /api/workspaces/{id}/billing/offer/": { user_id: fx.owner.id },
    "POST /api/workspaces/{id}/invites/": { role: "player" },
    "POST /api/workspaces/{id}/roster/": { name: "Canyon", position: "jungle" },
    "PATCH /api/workspaces/{id}/roster/{playerId}/": { name: "Canyon" },
    "PUT /api/workspaces/{id}/roster/{playerId}/": { name: "Canyon", position: "jungle" },
    "PUT /api/workspaces/{id}/roster/{playerId}/pool/": { entries: [{ champion_id: fx.pool[0], tier: "S" }] },
    "PUT /api/workspaces/{id}/priorities/": {
      priorities: [{ champion_id: fx.pool[0], tier: "A", positions: ["mid"] }],
    },
    "POST /api/drafts/leagues/{id}/teams/": { name: "Early Birds", short_name: "EB" },
    "PUT /api/drafts/teams/{id}/priorities/": {
      priorities: [{ champion_id: fx.pool[0], tier: "A", positions: ["mid"] }],
    },
    "PUT /api/subscriptions/{id}/": { tier_id: 1 },
    "PUT /api/rooms/{id}/delay/": { delay_seconds: 10 },
    "PUT /api/quick-rooms/{id}/delay/": { delay_seconds: 10 },
    "POST /api/quick-rooms/{id}/claim/": { token: "x".repeat(43) },
    "PUT /api/draft-plans/live/sessions/{sessionId}/": { plan_id: null, side: "BLUE" },
    "PUT /api/draft-plans/live/rooms/{roomId}/": { plan_id: null },
    "POST /api/series/{id}/room/": { turn_seconds: 30, bank_seconds: 60 },
    "POST /api/draft-plans/{id}/analysis/": { drafts: 5 },
    "POST /api/draft-plans/{id}/reviews/": { session_id: fx.ids.session!.foreign[0], side: "BLUE" },
    "POST /api/draft-plans/live/rooms/{roomId}/view/": {},
    "POST /api/draft-plans/live/rooms/{roomId}/review/": {},
    "PUT /api/workspaces/{id}/integrations/discord/": {
      webhook_url: `https://discord.com/api/webhooks/123456789/${"a".repeat(68)}`,
    },
    "PATCH /api/workspaces/{id}/integrations/discord/": { events: [] },
    "PUT /api/workspaces/{id}/integrations/riot/": { region: "euw1" },
    "PUT /api/workspaces/{id}/integrations/riot/players/{playerId}/": { game_name: "Caps", tag_line: "EUW" },
    "POST /api/workspaces/{id}/integrations/riot/matches/": { match_id: "EUW1_1" },
    "POST /api/workspaces/{id}/integrations/tournament/codes/": { scrim_id: randomUUID(), games: 1 },
    "POST /api/workspaces/{id}/scrims/": {
      opponent: { name: "Walkers", contact_note: "" },
      starts_at: "2026-11-30T18:00:00+01:00",
      time_zone: "Europe/Madrid",
      games_count: 1,
      prepare_rooms: false,
    },
    "PATCH /api/scrims/{id}/": { notes: "walked" },
    "PUT /api/scrims/{id}/games/{game_id}/draft/": {
      our_side: "BLUE",
      actions: fx.pool.slice(0, 20).map((champion_id) => ({ champion_id })),
    },
    "PUT /api/scrims/{id}/games/{game_id}/result/": { winner: "us" },
    "PUT /api/scrims/{id}/games/{game_id}/review/": { verdict: "even" },
  };
  return bodies[key];
}

/** Query strings some routes need to get past validation. */
const QUERIES: Record<string, string> = {
  "GET /api/drafts/sessions/{id}/image.png": "?size=social&theme=dark&lang=en",
  "GET /api/series/{id}/image.png": "?size=social&theme=dark&lang=en",
  "GET /api/draft-plans/{id}/sheet.png": "?lang=en",
};

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
}

describeEachDialect(
  "one answer for not yours or not there (every item route of the OpenAPI document)",
  (ctx) => {
    let fx: Fixtures;
    beforeAll(async () => {
      fx = await makeFixtures(ctx);
    }, 120_000);

    it("answers another team's item exactly as an id that never existed", { timeout: 180_000 }, async () => {
      const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      const walked: string[] = [];
      const unknown: string[] = [];
      const differing: Array<{ route: string; url: string; foreign: unknown; random: unknown }> = [];
      const invalid: string[] = [];
      for (const [path, methods] of Object.entries(doc.paths)) {
        if (!path.includes("{")) continue;
        for (const [method, operation] of Object.entries(methods)) {
          const key = `${method.toUpperCase()} ${path}`;
          if (key in NOT_WALKED) continue;
          const names = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
          // `/api/items/{type}/{id}/...` is walked once per item type.
          const types = path.includes("{type}") ? ["session", "series", "plan", "review"] : [null];
          for (const type of types) {
            const idKind = (name: string) => (name === "id" && type ? type : kindOf(path, name));
            const kinds = names
              .filter((name) => name !== "type")
              .map((name) => [name, idKind(name)] as const);
            if (kinds.some(([, kind]) => kind === undefined || !fx.ids[kind])) {
              unknown.push(key);
              continue;
            }
            const body = operation.requestBody ? bodyFor(key, fx) : undefined;
            if (operation.requestBody && body === undefined) {
              unknown.push(`${key} (no body written for it)`);
              continue;
            }
            const first = kinds[0]![1]!;
            const urlWith = (values: Record<string, string>) =>
              path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === "type" ? type! : values[name]!)) +
              (QUERIES[key] ?? "");
            const ask = async (url: string) => {
              const res = await ctx.app.inject({
                method: method.toUpperCase() as "GET",
                url,
                headers: fx.caller.headers,
                ...(body ? { payload: body } : {}),
              });
              const text = res.body;
              let parsed: unknown = text;
              try {
                parsed = JSON.parse(text);
              } catch {}
              return { status: res.statusCode, body: parsed };
            };
            for (const foreignId of fx.ids[first]!.foreign) {
              const foreignValues: Record<string, string> = {};
              const randomValues: Record<string, string> = {};
              for (const [name, kind] of kinds) {
                foreignValues[name] = name === kinds[0]![0] ? foreignId : fx.ids[kind!]!.foreign[0]!;
                randomValues[name] = fx.ids[kind!]!.random();
              }
              const foreignUrl = urlWith(foreignValues);
              const [foreign, random] = [await ask(foreignUrl), await ask(urlWith(randomValues))];
              if (foreign.status === 400 || random.status === 400)
                invalid.push(`${key}: ${JSON.stringify(random)}`);
              if (JSON.stringify(foreign) !== JSON.stringify(random)) {
                differing.push({ route: key, url: foreignUrl, foreign, random });
              }
            }
            walked.push(type ? `${key} [${type}]` : key);
          }
        }
      }
      // unknown: routes with a path parameter neither walked nor in NOT_WALKED; invalid: a 400 means
      // the walk sent a wrong shape, not that access was checked.
      expect({ unknown, invalid, differing }).toEqual({ unknown: [], invalid: [], differing: [] });
      // The walk reached the item routes (a broken document would make it pass on nothing).
      expect(walked.length).toBeGreaterThan(60);
    });

    it("gives existing comments and reviews public ids on migrating, and the feed follows its reviews", async () => {
      const reviewId = fx.ids.review!.foreign[0]!;
      const commentId = fx.ids.comment!.foreign[0]!;
      const rowOf = (table: "roster_reviews" | "workspace_comments", publicId: string) =>
        ctx.db.selectFrom(table).select("id").where("public_id", "=", publicId).executeTakeFirstOrThrow();
      const review = Number((await rowOf("roster_reviews", reviewId)).id);
      const comment = Number((await rowOf("workspace_comments", commentId)).id);
      const feedIds = async () =>
        (
          await ctx.db
            .selectFrom("workspace_activity")
            .select("item_id")
            .where("workspace_id", "=", fx.workspace.id)
            .where("item_type", "=", "review")
            .execute()
        ).map((row) => row.item_id);
      expect(await feedIds()).toEqual([reviewId]);

      const mine = "20261129033000_comments_reviews_public_ids";
      const later = Object.keys(migrations)
        .sort()
        .filter((name) => name > mine);
      for (const name of [...later].reverse()) expect(await migrateDown(ctx.db)).toEqual([name]);
      expect(await migrateDown(ctx.db)).toEqual([mine]);
      // Before: the feed named the review by its row id.
      expect(await feedIds()).toEqual([String(review)]);
      expect(await migrateToLatest(ctx.db)).toEqual([mine, ...later]);

      const backfilled = await ctx.db
        .selectFrom("roster_reviews")
        .select("public_id")
        .where("id", "=", review)
        .executeTakeFirstOrThrow();
      expect(backfilled.public_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(backfilled.public_id).not.toBe(reviewId);
      expect(await feedIds()).toEqual([backfilled.public_id]);
      const after = (
        await ctx.app.inject({
          method: "GET",
          url: `/api/rosters/reviews/${backfilled.public_id}/`,
          headers: fx.owner.headers,
        })
      ).json() as { id: string };
      expect(after.id).toBe(backfilled.public_id);
      const comments = (
        await ctx.app.inject({
          method: "GET",
          url: `/api/comments/?item_type=session&item_id=${fx.ids.session!.foreign[0]}`,
          headers: fx.owner.headers,
        })
      ).json() as { results: Array<{ id: string }> };
      const stored = await ctx.db
        .selectFrom("workspace_comments")
        .select("public_id")
        .where("id", "=", comment)
        .executeTakeFirstOrThrow();
      expect(comments.results.map((c) => c.id)).toEqual([stored.public_id]);
      expect(stored.public_id).not.toBe(commentId);
    });
  },
);
