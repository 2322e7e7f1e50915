import { apiErrorSchema } from "@draftroom/contracts";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { type Caller, championIds, createSession, newUser, playSteps } from "./support.ts";

/**
 * Random bodies, params, queries and Authorization headers against every route of the leagues,
 * drafts, recommendations and statistics modules: never a 5xx, every error in the
 * `{detail, code, fields?}` shape, every success valid JSON.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("", " ", "\u0000", "🙂", "x".repeat(300), "' OR 1=1 --", "%", "_", "\\"),
);
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: junk });
const smallId = fc.oneof(
  fc.integer({ min: -3, max: 120 }),
  fc.constantFrom(0, 2_147_483_647, 2_147_483_648, 1e20, -1, 1.5),
);
const side = fc.constantFrom("BLUE", "RED");
const actionType = fc.constantFrom("BAN", "PICK");

function looseRecord(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.record(Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, maybe(arb)])), {
    requiredKeys: [],
  });
}
const body = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: looseRecord(fields) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string().map((raw) => ({ __raw: raw })) },
  );
const query = (keys: string[]) =>
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })),
      fc.oneof(text, smallId.map(String)),
      { maxKeys: 4 },
    )
    .map((entries) => new URLSearchParams(entries as Record<string, string>).toString());
const junkSegment = fc.oneof(
  smallId.map(String),
  text.map((value) => encodeURIComponent(value)),
  fc.uuid(),
  fc.constantFrom("abc", "1e3", "0x10", "-0", "%20", "null", "1;DROP TABLE draft_sessions"),
);

interface World {
  user: Caller;
  other: Caller;
  sessions: string[];
  foreignSession: string;
  actionIds: number[];
  teams: number[];
  leagues: number[];
  champions: number[];
}

interface Case {
  auth: "user" | "other" | "none" | "junk";
  junkAuth: string;
  pick: number;
  segment: string;
  actionSegment: string;
  useReal: boolean;
  body: unknown;
  query: string;
}

interface RouteSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (c: Case, w: World) => string;
  body?: (w: World) => fc.Arbitrary<unknown>;
  query?: string[];
}

const choose = <T>(list: readonly T[], n: number): T => list[Math.abs(n) % list.length]!;
const sessionSeg = (c: Case, w: World) =>
  c.useReal ? choose([...w.sessions, w.foreignSession], c.pick) : c.segment;
const actionSeg = (c: Case, w: World) => (c.useReal ? String(choose(w.actionIds, c.pick)) : c.actionSegment);
const leagueSeg = (c: Case, w: World) => (c.useReal ? String(choose(w.leagues, c.pick)) : c.segment);
const teamSeg = (c: Case, w: World) => (c.useReal ? String(choose(w.teams, c.pick)) : c.segment);

const sessionBody = (w: World) =>
  body({
    title: text,
    description: text,
    league_id: fc.oneof(fc.constantFrom(...w.leagues), smallId),
    blue_team_id: fc.oneof(fc.constantFrom(...w.teams), smallId),
    red_team_id: fc.oneof(fc.constantFrom(...w.teams), smallId),
    blue_team_name: text,
    red_team_name: text,
    settings: looseRecord({
      ban_timer: fc.integer({ min: 0, max: 400 }),
      pick_timer: fc.integer({ min: 0, max: 400 }),
      auto_advance: fc.boolean(),
    }),
    winner: fc.constantFrom("BLUE", "RED", null, "GREEN"),
  });
const actionBody = (w: World) =>
  body({
    champion_id: fc.oneof(fc.constantFrom(...w.champions), smallId, fc.constant(null)),
    phase_number: fc.integer({ min: -2, max: 22 }),
    action_type: actionType,
    team_side: side,
  });

const ROUTES: Record<string, RouteSpec> = {
  "GET /drafts/leagues/": { method: "GET", path: () => "/api/drafts/leagues/", query: ["page"] },
  "POST /drafts/leagues/": {
    method: "POST",
    path: () => "/api/drafts/leagues/",
    body: () => body({ name: text, short_name: text, region: text }),
  },
  "GET /drafts/leagues/{id}/teams/": {
    method: "GET",
    path: (c, w) => `/api/drafts/leagues/${leagueSeg(c, w)}/teams/`,
  },
  "POST /drafts/leagues/{id}/teams/": {
    method: "POST",
    path: (c, w) => `/api/drafts/leagues/${leagueSeg(c, w)}/teams/`,
    body: () => body({ name: text, short_name: text }),
  },
  "GET /drafts/teams/": { method: "GET", path: () => "/api/drafts/teams/", query: ["league"] },
  "GET /drafts/teams/{id}/priorities/": {
    method: "GET",
    path: (c, w) => `/api/drafts/teams/${teamSeg(c, w)}/priorities/`,
  },
  "PUT /drafts/teams/{id}/priorities/": {
    method: "PUT",
    path: (c, w) => `/api/drafts/teams/${teamSeg(c, w)}/priorities/`,
    body: (w) =>
      body({
        priorities: fc.array(
          looseRecord({
            champion_id: fc.oneof(fc.constantFrom(...w.champions), smallId),
            tier: fc.constantFrom("S", "A", "B", "C", "Z"),
            positions: fc.array(fc.constantFrom("top", "jungle", "mid", "bot", "support", "x"), {
              maxLength: 6,
            }),
            note: text,
          }),
          { maxLength: 4 },
        ),
      }),
  },
  "GET /drafts/sessions/": {
    method: "GET",
    path: () => "/api/drafts/sessions/",
    query: ["page", "league", "team", "search"],
  },
  "POST /drafts/sessions/": { method: "POST", path: () => "/api/drafts/sessions/", body: sessionBody },
  "GET /drafts/sessions/{id}/": {
    method: "GET",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/`,
  },
  "PUT /drafts/sessions/{id}/": {
    method: "PUT",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/`,
    body: sessionBody,
  },
  "PATCH /drafts/sessions/{id}/": {
    method: "PATCH",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/`,
    body: sessionBody,
  },
  "DELETE /drafts/sessions/{id}/": {
    method: "DELETE",
    // Real ids only of the other user's session (404) so the fixtures survive.
    path: (c, w) => `/api/drafts/sessions/${c.useReal ? w.foreignSession : c.segment}/`,
  },
  "GET /drafts/sessions/{id}/actions/": {
    method: "GET",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/actions/`,
  },
  "POST /drafts/sessions/{id}/actions/": {
    method: "POST",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/actions/`,
    body: actionBody,
  },
  "PUT /drafts/sessions/{id}/actions/{action_id}/": {
    method: "PUT",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/actions/${actionSeg(c, w)}/`,
    body: (w) => body({ champion_id: fc.oneof(fc.constantFrom(...w.champions), smallId) }),
  },
  "DELETE /drafts/sessions/{id}/actions/{action_id}/": {
    method: "DELETE",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/actions/${actionSeg(c, w)}/`,
  },
  "GET /drafts/sessions/{id}/public/": {
    method: "GET",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/public/`,
  },
  "GET /drafts/sessions/{id}/champions-status/": {
    method: "GET",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/champions-status/`,
  },
  "GET /drafts/sessions/{id}/recommendations/": {
    method: "GET",
    path: (c, w) => `/api/drafts/sessions/${sessionSeg(c, w)}/recommendations/`,
    query: ["side", "action", "limit"],
  },
  "GET /drafts/statistics/": { method: "GET", path: () => "/api/drafts/statistics/", query: ["page"] },
};

describeEachDialect("drafts API fuzz", (ctx) => {
  let world: World;

  beforeAll(async () => {
    const user = await newUser(ctx.app, "pro");
    const other = await newUser(ctx.app);
    const champions = await championIds(ctx.app);
    const sessions: string[] = [];
    const actionIds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const session = await createSession(ctx.app, user);
      sessions.push(session.id);
      const saved = await playSteps(ctx.app, user, session.id, champions, 4 + i * 6);
      actionIds.push(...saved.map((action) => action.id));
    }
    const foreign = await createSession(ctx.app, other);
    const leagues = (await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/" })).json() as Array<{
      id: number;
    }>;
    const teams = (await ctx.app.inject({ method: "GET", url: "/api/drafts/teams/" })).json() as Array<{
      id: number;
    }>;
    world = {
      user,
      other,
      sessions,
      foreignSession: foreign.id,
      actionIds,
      teams: teams.slice(0, 12).map((team) => team.id),
      leagues: leagues.map((league) => league.id),
      champions: champions.slice(0, 40),
    };
  });

  for (const [name, spec] of Object.entries(ROUTES)) {
    it(`${name}: never a 5xx, always the error shape (${RUNS} cases)`, async () => {
      const caseArb = fc.record({
        auth: fc.oneof(
          { weight: 6, arbitrary: fc.constant("user" as const) },
          { weight: 1, arbitrary: fc.constant("other" as const) },
          { weight: 1, arbitrary: fc.constant("none" as const) },
          { weight: 1, arbitrary: fc.constant("junk" as const) },
        ),
        junkAuth: fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom("Token", "Token ", "Bearer x", "Token abc"),
        ),
        pick: fc.nat(),
        segment: junkSegment,
        actionSegment: junkSegment,
        useReal: fc.boolean(),
        body: spec.body ? spec.body(world) : fc.constant(undefined),
        query: spec.query ? query(spec.query) : fc.constant(""),
      });
      await fc.assert(
        fc.asyncProperty(caseArb, async (c: Case) => {
          const headers: Record<string, string> = {};
          if (c.auth === "user") headers.authorization = world.user.headers.authorization;
          if (c.auth === "other") headers.authorization = world.other.headers.authorization;
          if (c.auth === "junk") headers.authorization = c.junkAuth;
          const url = `${spec.path(c, world)}${c.query ? `?${c.query}` : ""}`;
          let payload: string | undefined;
          if (c.body !== undefined) {
            headers["content-type"] = "application/json";
            const raw = (c.body as { __raw?: unknown } | null)?.__raw;
            payload = typeof raw === "string" ? raw : JSON.stringify(c.body);
          }
          const res = await ctx.app.inject({
            method: spec.method,
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          expect(res.statusCode, `${spec.method} ${url} ${payload ?? ""} -> ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = apiErrorSchema.safeParse(res.json());
            expect(parsed.success, `${spec.method} ${url} -> ${res.body}`).toBe(true);
          } else if (res.statusCode !== 204) {
            expect(() => res.json()).not.toThrow();
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});
