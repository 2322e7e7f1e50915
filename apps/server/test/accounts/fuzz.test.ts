import { apiErrorSchema } from "@draftroom/contracts";
import fc from "fast-check";
import type { InjectOptions } from "light-my-request";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";

/**
 * Random bodies, params, queries and Authorization headers against every route of the accounts,
 * users, subscriptions, roster reviews, analytics and client-errors modules: never a 5xx, and
 * every error has the `{detail, code, fields?}` shape.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

// Failed logins and error reports are limited; lift the limits so the fuzzer reaches the handlers.
const LIFTED_LIMITS = {
  LOGIN_FAILURES_PER_USERNAME: "1000000",
  LOGIN_FAILURES_PER_IP: "1000000",
  CLIENT_ERRORS_PER_MINUTE: "1000000",
};

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "🙂", "x".repeat(300), "<script>", "' OR 1=1 --"),
);
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const id = fc.oneof(
  fc.integer({ min: -5, max: 50 }),
  fc.constantFrom(0, 2_147_483_647, 2_147_483_648, 1e20, -1, 1.5),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, junk);

/** An object whose known fields are sometimes valid, sometimes junk, sometimes missing. */
function looseRecord(fields: Record<string, fc.Arbitrary<unknown>>) {
  const arbs = Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, maybe(arb)]));
  return fc.record(arbs, { requiredKeys: [] });
}

const body = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: looseRecord(fields) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string().map((raw) => ({ __raw: raw })) },
  );

const segment = fc.oneof(
  id.map(String),
  text.map((value) => encodeURIComponent(value)),
  fc.constantFrom("abc", "1e3", "0x10", "-0", "%20", "null", "1;DROP TABLE users"),
);

const query = (keys: string[]) =>
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })),
      fc.oneof(text, id.map(String)),
      {
        maxKeys: 4,
      },
    )
    .map((entries) => new URLSearchParams(entries as Record<string, string>).toString());

const playerArb = looseRecord({
  name: fc.string({ maxLength: 20 }),
  position: fc.constantFrom("top", "jungle", "mid", "bot", "support"),
  status: fc.constantFrom("confirmed", "smoke", "benched", "rumor", "signed"),
});

const reviewBody = body({
  league_id: id,
  team_id: id,
  season: fc.string({ maxLength: 50 }),
  title: fc.string({ maxLength: 160 }),
  description: fc.string({ maxLength: 30 }),
  review_text: fc.string({ maxLength: 30 }),
  status: fc.constantFrom("rumor", "confirmed", "denied"),
  players: fc.array(playerArb, { maxLength: 3 }),
});

type AuthMode = "user" | "none" | "junk";
const authArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant<AuthMode>("user") },
  { weight: 1, arbitrary: fc.constant<AuthMode>("none") },
  { weight: 1, arbitrary: fc.constant<AuthMode>("junk") },
);
const junkAuth = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `Token ${hex}`),
  fc.constantFrom("Token", "Token ", "Bearer x", "token abc"),
);

interface Case {
  auth: AuthMode;
  junkAuth: string;
  body?: unknown;
  segment?: string;
  query?: string;
}

interface RouteSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (c: Case) => string;
  body?: fc.Arbitrary<unknown>;
  segment?: boolean;
  query?: string[];
  /** The fuzz user's token must survive (logout only ever sees junk or no tokens). */
  noUserToken?: boolean;
}

const ROUTES: Record<string, RouteSpec> = {
  "POST /auth/register/": {
    method: "POST",
    path: () => "/api/auth/register/",
    body: body({
      username: fc.stringMatching(/^[a-z0-9_.-]{3,12}$/),
      email: fc.emailAddress(),
      password: fc.string({ minLength: 6, maxLength: 12 }),
      password_confirm: fc.string({ maxLength: 12 }),
      first_name: fc.string({ maxLength: 20 }),
      last_name: fc.string({ maxLength: 20 }),
    }),
  },
  "POST /auth/login/": {
    method: "POST",
    path: () => "/api/auth/login/",
    body: body({ username: fc.string({ maxLength: 20 }), password: fc.string({ maxLength: 20 }) }),
  },
  "POST /auth/logout/": { method: "POST", path: () => "/api/auth/logout/", noUserToken: true, query: ["x"] },
  "GET /auth/profile/": { method: "GET", path: () => "/api/auth/profile/", query: ["page"] },
  "PATCH /auth/profile/": {
    method: "PATCH",
    path: () => "/api/auth/profile/",
    body: body({ first_name: fc.string(), last_name: fc.string(), email: fc.emailAddress() }),
  },
  "POST /auth/password/": {
    method: "POST",
    path: () => "/api/auth/password/",
    body: body({
      current_password: fc.string({ maxLength: 10 }),
      new_password: fc.string({ maxLength: 10 }),
      new_password_confirm: fc.string({ maxLength: 10 }),
    }),
  },
  "PATCH /users/preferences/": {
    method: "PATCH",
    path: () => "/api/users/preferences/",
    body: body({
      theme: fc.constantFrom("light", "dark", "auto"),
      language: fc.constantFrom("en", "es"),
      custom_hues: looseRecord({
        primary: fc.integer({ min: -10, max: 400 }),
        secondary: fc.integer({ min: 0, max: 360 }),
        accent: fc.integer({ min: 0, max: 360 }),
        neutral: fc.integer({ min: 0, max: 360 }),
      }),
    }),
  },
  "PATCH /users/theme/": {
    method: "PATCH",
    path: () => "/api/users/theme/",
    body: body({ theme: fc.constantFrom("light", "dark", "auto", "sepia") }),
  },
  "PATCH /users/language/": {
    method: "PATCH",
    path: () => "/api/users/language/",
    body: body({ language: fc.constantFrom("en", "es", "fr") }),
  },
  "POST /client-errors/": {
    method: "POST",
    path: () => "/api/client-errors/",
    body: body({
      level: fc.constantFrom("error", "warn", "info"),
      message: fc.string({ maxLength: 100 }),
      stack: fc.string({ maxLength: 100 }),
      url: fc.string({ maxLength: 50 }),
      context: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    }),
  },
  "GET /subscriptions/tiers/": { method: "GET", path: () => "/api/subscriptions/tiers/", query: ["page"] },
  "GET /subscriptions/": { method: "GET", path: (c) => `/api/subscriptions/?${c.query}`, query: ["page"] },
  "POST /subscriptions/": {
    method: "POST",
    path: () => "/api/subscriptions/",
    body: body({
      tier_id: id,
      trial: fc.boolean(),
      billing_period: fc.constantFrom("monthly", "yearly", "weekly"),
    }),
  },
  "PUT /subscriptions/{id}/": {
    method: "PUT",
    path: (c) => `/api/subscriptions/${c.segment}/`,
    segment: true,
    body: body({ tier_id: id, trial: fc.boolean() }),
  },
  "DELETE /subscriptions/{id}/": {
    method: "DELETE",
    path: (c) => `/api/subscriptions/${c.segment}/`,
    segment: true,
  },
  "GET /rosters/reviews/": {
    method: "GET",
    path: (c) => `/api/rosters/reviews/?${c.query}`,
    query: ["page", "league", "team", "season", "status"],
  },
  "POST /rosters/reviews/": { method: "POST", path: () => "/api/rosters/reviews/", body: reviewBody },
  "GET /rosters/reviews/{id}/": {
    method: "GET",
    path: (c) => `/api/rosters/reviews/${c.segment}/`,
    segment: true,
  },
  "PUT /rosters/reviews/{id}/": {
    method: "PUT",
    path: (c) => `/api/rosters/reviews/${c.segment}/`,
    segment: true,
    body: reviewBody,
  },
  "DELETE /rosters/reviews/{id}/": {
    method: "DELETE",
    path: (c) => `/api/rosters/reviews/${c.segment}/`,
    segment: true,
  },
  "GET /drafts/analytics/": {
    method: "GET",
    path: (c) => `/api/drafts/analytics/?${c.query}`,
    query: ["days"],
  },
};

describeEachDialect(
  "fuzz: accounts, users, subscriptions, reviews, analytics, client errors",
  (ctx) => {
    let user: TestUser;

    beforeAll(async () => {
      user = await registerUser(ctx.app);
      const pro = await ctx.db
        .selectFrom("tiers")
        .select("id")
        .where("key", "=", "pro")
        .executeTakeFirstOrThrow();
      await ctx.app.inject({
        method: "POST",
        url: "/api/subscriptions/",
        headers: user.headers,
        payload: { tier_id: pro.id, trial: true },
      });
    });

    for (const [name, spec] of Object.entries(ROUTES)) {
      it(`${name}: ${RUNS} random requests, no 5xx, errors in the error shape`, async () => {
        const caseArb = fc.record({
          auth: spec.noUserToken ? fc.constantFrom<AuthMode>("none", "junk") : authArb,
          junkAuth,
          body: spec.body ?? fc.constant(undefined),
          segment: spec.segment ? segment : fc.constant(undefined),
          query: spec.query ? query(spec.query) : fc.constant(""),
        });
        await fc.assert(
          fc.asyncProperty(caseArb, async (c: Case) => {
            const headers: Record<string, string> = {};
            if (c.auth === "user") headers.authorization = user.headers.authorization;
            if (c.auth === "junk") headers.authorization = c.junkAuth;
            const url = spec.path(c);
            const options: InjectOptions = {
              method: spec.method,
              url: spec.query && !url.includes("?") ? `${url}?${c.query}` : url,
              headers,
            };
            if (c.body !== undefined) {
              const raw = (c.body as { __raw?: string } | null)?.__raw;
              options.payload = raw ?? JSON.stringify(c.body);
              headers["content-type"] = "application/json";
            }
            const res = await ctx.app.inject(options);
            if (res.statusCode >= 500)
              throw new Error(`${res.statusCode} for ${JSON.stringify(c)}: ${res.body}`);
            if (res.statusCode >= 400) {
              const parsed = apiErrorSchema.safeParse(res.json());
              if (!parsed.success) throw new Error(`bad error shape ${res.statusCode}: ${res.body}`);
            }
            expect(res.statusCode).toBeGreaterThanOrEqual(200);
          }),
          { numRuns: RUNS },
        );
      });
    }
  },
  { env: LIFTED_LIMITS },
);
