import { apiErrorSchema } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerBody, registerUser } from "../helpers/users.ts";

/**
 * Regression tests of the ASVS hardening: limits decided on the matched route (not the raw URL),
 * a failed-login limit that concurrency cannot exceed, bounded client error reports logged at
 * warn, `Cache-Control: no-store` on every API answer, and a proxy trust that ignores spoofed
 * X-Forwarded-For entries.
 */

/** Log calls of the client-errors route, recorded by a hook of the test app. */
const logged: Array<{ level: string; message: string }> = [];

describeEachDialect(
  "limits hold on every spelling of a path",
  (ctx) => {
    let address = 0;
    const nextAddress = () => `10.7.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`;

    it("registration: encoded and unencoded spellings share one budget", async () => {
      const from = nextAddress();
      const spellings = [
        "/api/auth/register/",
        "/%61pi/auth/register/",
        "/api/auth/%72egister",
        "/api/%61uth/register/",
      ];
      const statuses: number[] = [];
      for (const url of spellings) {
        const res = await ctx.app.inject({
          method: "POST",
          url,
          payload: registerBody(),
          remoteAddress: from,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
    });

    it("sign-in: an encoded path is metered too", async () => {
      const from = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/%61pi/auth/login/",
          payload: { username: "nobody", password: "whatever" },
          remoteAddress: from,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    });

    it("client error reports: an encoded path is metered per address", async () => {
      const from = nextAddress();
      const statuses: number[] = [];
      for (const url of ["/api/client-errors/", "/api/client-%65rrors/", "/%61pi/client-errors/"]) {
        const res = await ctx.app.inject({
          method: "POST",
          url,
          payload: { level: "warn", message: "flaky" },
          remoteAddress: from,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([204, 204, 429]);
    });

    it("the global API limit: an encoded path counts against it", async () => {
      const from = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const url = i % 2 === 0 ? "/%61pi/health/" : "/api/h%65alth/";
        statuses.push((await ctx.app.inject({ method: "GET", url, remoteAddress: from })).statusCode);
      }
      expect(statuses.slice(0, 6).every((status) => status === 200)).toBe(true);
      expect(statuses[6]).toBe(429);
    });
  },
  {
    env: {
      RATE_LIMIT_MAX: "6",
      AUTH_RATE_LIMIT_MAX: "2",
      CLIENT_ERRORS_PER_MINUTE: "2",
      LOGIN_FAILURES_PER_USERNAME: "50",
      LOGIN_FAILURES_PER_IP: "50",
    },
  },
);

describeEachDialect(
  "failed sign-ins under concurrency",
  (ctx) => {
    it("20 concurrent wrong passwords for one user: at most 5 get a verdict, the rest 429", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: "10.6.0.1" });
      const attempts = await Promise.all(
        Array.from({ length: 20 }, () =>
          ctx.app.inject({
            method: "POST",
            url: "/api/auth/login/",
            payload: { username: user.username, password: "wrong-password" },
            remoteAddress: "10.6.0.2",
          }),
        ),
      );
      const statuses = attempts.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
      // Attempts the limit turned away are not failures: the 5th failure, whenever it comes, locks.
      const attempt = (password: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/auth/login/",
          payload: { username: user.username, password },
          remoteAddress: "10.6.0.2",
        });
      const failures = statuses.filter((status) => status === 401).length;
      for (let i = failures; i < 5; i++) expect((await attempt("wrong-password")).statusCode).toBe(401);
      expect((await attempt(user.password)).statusCode).toBe(429);
    });

    it("the right password inside a burst of wrong ones never counts as a failure", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: "10.6.0.3" });
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          ctx.app.inject({
            method: "POST",
            url: "/api/auth/login/",
            payload: { username: user.username, password: i === 0 ? user.password : "wrong-password" },
            remoteAddress: "10.6.0.4",
          }),
        ),
      );
      expect(results[0]!.statusCode).toBe(200);
      expect(results.slice(1).every((res) => res.statusCode === 401)).toBe(true);
    });
  },
  { env: { LOGIN_FAILURES_PER_USERNAME: "5", LOGIN_FAILURES_PER_IP: "100" } },
);

describeEachDialect(
  "client error reports are bounded and logged at warn",
  (ctx) => {
    let address = 0;
    const nextAddress = () => `10.5.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`;
    const send = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: "POST", url: "/api/client-errors/", payload, remoteAddress: nextAddress() });

    it("rejects an oversized or deeply nested context with 400", async () => {
      const tooManyFields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
      const huge = { blob: "x".repeat(200_000) };
      const nested = { a: { b: { c: { d: 1 } } } };
      const longKey = { ["k".repeat(200)]: 1 };
      for (const context of [tooManyFields, huge, nested, longKey]) {
        const res = await send({ level: "error", message: "boom", context });
        expect(res.statusCode, JSON.stringify(context).slice(0, 60)).toBe(400);
        expect(apiErrorSchema.parse(res.json()).code).toBe("validation_error");
      }
    });

    it("accepts the context the web app sends", async () => {
      const res = await send({
        level: "error",
        message: "Render error — TypeError: x is undefined",
        stack: "TypeError: x is undefined\n    at Board",
        url: "http://127.0.0.1:3000/app/draft/1",
        context: {
          componentStack: "\n    at Board\n    at Page".repeat(50),
          version: "1.0.0",
          userAgent: "Chromium",
        },
      });
      expect(res.statusCode).toBe(204);
    });

    it("logs every report at warn, never at error", async () => {
      logged.length = 0;
      expect((await send({ level: "error", message: "boom" })).statusCode).toBe(204);
      expect((await send({ level: "warn", message: "meh" })).statusCode).toBe(204);
      const reports = logged.filter((entry) => entry.message.startsWith("client error"));
      expect(reports.map((entry) => entry.level)).toEqual(["warn", "warn"]);
    });
  },
  {
    seed: false,
    env: { CLIENT_ERRORS_PER_MINUTE: "100" },
    extendApp: (app) => {
      app.addHook("onRequest", async (request) => {
        for (const level of ["error", "warn"] as const) {
          const original = request.log[level].bind(request.log);
          request.log[level] = ((...args: unknown[]) => {
            const message = args.find((arg) => typeof arg === "string");
            logged.push({ level, message: typeof message === "string" ? message : "" });
            return (original as (...a: unknown[]) => void)(...args);
          }) as typeof original;
        }
      });
    },
  },
);

describeEachDialect("private answers are never stored by caches", (ctx) => {
  it("every authenticated GET of the API answers Cache-Control: no-store", async () => {
    const user = await registerUser(ctx.app);
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.entries(doc.paths)
      .filter(([path, operations]) => !path.includes("{") && "get" in operations)
      .map(([path]) => path);
    expect(paths).toContain("/api/auth/profile/");
    expect(paths).toContain("/api/subscriptions/");
    expect(paths).toContain("/api/drafts/sessions/");
    for (const path of paths) {
      const res = await ctx.app.inject({ method: "GET", url: path, headers: user.headers });
      expect(res.headers["cache-control"], `GET ${path} (${res.statusCode})`).toBe("no-store");
    }
  });

  it("token-bearing and error answers carry it too", async () => {
    const body = registerBody();
    const registered = await ctx.app.inject({ method: "POST", url: "/api/auth/register/", payload: body });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers["cache-control"]).toBe("no-store");
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: body.username, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    const auth = { authorization: `Token ${login.json().token}` };
    const sessions = await ctx.app.inject({ method: "GET", url: "/api/drafts/sessions/", headers: auth });
    expect(sessions.headers["cache-control"]).toBe("no-store");
    const missing = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });
});

describe("proxy trust", () => {
  const spoofed = { "x-forwarded-for": "6.6.6.6, 203.0.113.7" };

  describeEachDialect(
    "TRUST_PROXY as a hop count",
    (ctx) => {
      it("takes the address the trusted proxy saw, not a spoofed left-most entry", async () => {
        const res = await ctx.app.inject({
          method: "GET",
          url: "/api/test/ip/",
          headers: spoofed,
          remoteAddress: "10.0.0.1",
        });
        expect(res.json()).toEqual({ ip: "203.0.113.7" });
      });

      it("meters sign-in failures on the real client, whatever it puts in X-Forwarded-For", async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await ctx.app.inject({
            method: "POST",
            url: "/api/auth/login/",
            payload: { username: `ghost${i}`, password: "whatever" },
            headers: { "x-forwarded-for": `6.6.6.${i}, 198.51.100.9` },
            remoteAddress: "10.0.0.1",
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 429]);
      });
    },
    {
      seed: false,
      env: { TRUST_PROXY: "1", LOGIN_FAILURES_PER_IP: "2" },
      extendApp: (app) => {
        app.get("/api/test/ip/", async (request) => ({ ip: request.ip }));
      },
    },
  );

  describeEachDialect(
    "TRUST_PROXY as a list of proxy addresses",
    (ctx) => {
      it("trusts only the listed proxies", async () => {
        const viaProxy = await ctx.app.inject({
          method: "GET",
          url: "/api/test/ip/",
          headers: spoofed,
          remoteAddress: "10.0.0.1",
        });
        expect(viaProxy.json()).toEqual({ ip: "203.0.113.7" });
        const direct = await ctx.app.inject({
          method: "GET",
          url: "/api/test/ip/",
          headers: spoofed,
          remoteAddress: "192.0.2.50",
        });
        expect(direct.json()).toEqual({ ip: "192.0.2.50" });
      });
    },
    {
      seed: false,
      env: { TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" },
      extendApp: (app) => {
        app.get("/api/test/ip/", async (request) => ({ ip: request.ip }));
      },
    },
  );
});
