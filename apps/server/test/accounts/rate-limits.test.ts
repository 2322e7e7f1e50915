import { randomBytes, scryptSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { apiErrorSchema } from "@draftroom/contracts";
import { afterAll, expect, it } from "vitest";
import { hashPassword } from "../../src/modules/accounts/password.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerBody, registerUser, uniqueName, withProductPasswordCost } from "../helpers/users.ts";

// Small limits, parsed by the configuration like any other setting.
const LIMITS = {
  LOGIN_FAILURES_PER_USERNAME: "3",
  LOGIN_FAILURES_PER_IP: "5",
  LOGIN_FAILURES_PER_ACCOUNT: "8",
  LOGIN_FAILURE_WINDOW_SECONDS: "60",
  CLIENT_ERRORS_PER_MINUTE: "3",
};

// A stand-in for the external error collector: records what it receives; "/slow" never answers.
const received: unknown[] = [];
const collector: Server = createServer((request: IncomingMessage, response) => {
  let data = "";
  request.on("data", (chunk) => {
    data += chunk;
  });
  request.on("end", () => {
    received.push(JSON.parse(data));
    if (!request.url?.startsWith("/slow")) response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
const collectorPort = (collector.address() as { port: number }).port;

afterAll(async () => {
  collector.closeAllConnections();
  await new Promise((resolve) => collector.close(resolve));
});

const REGISTRATIONS_PER_WINDOW = 4;

describeEachDialect(
  "rate limits and client error reports",
  (ctx) => {
    let address = 0;
    /** Each test signs in from its own address so the per-address counters do not mix. */
    const nextAddress = () => `10.9.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`;

    const login = (username: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username, password },
        remoteAddress,
      });

    it("locks a username from one address after 3 failures, even for the right password", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
      const from = nextAddress();
      for (let i = 0; i < 3; i++) {
        expect((await login(user.username, "wrong-one", from)).statusCode).toBe(401);
      }
      const locked = await login(user.username.toUpperCase(), user.password, from);
      expect(locked.statusCode).toBe(429);
      expect(apiErrorSchema.parse(locked.json()).code).toBe("rate_limited");
      const retryAfter = Number(locked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(locked.json().detail).toContain(`${retryAfter} seconds`);

      // Someone else's failures do not lock the owner out from their own address.
      expect((await login(user.username, user.password, nextAddress())).statusCode).toBe(200);

      // Once the failures leave the window, the right password works again from that address too.
      await ctx.db
        .updateTable("auth_attempts")
        .set({ created_at_ms: Date.now() - 61_000 })
        .where("subject", "=", `${user.username.toLowerCase()} ${from}`)
        .execute();
      expect((await login(user.username, user.password, from)).statusCode).toBe(200);
    });

    it("locks a username after 8 failures spread over many addresses", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
      for (let i = 0; i < 8; i++) {
        expect((await login(user.username, "wrong-one", nextAddress())).statusCode).toBe(401);
      }
      expect((await login(user.username, user.password, nextAddress())).statusCode).toBe(429);
    });

    it("re-hashes a password stored under an older scrypt cost at sign-in", () =>
      withProductPasswordCost(async () => {
        const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
        const salt = randomBytes(16);
        const old = scryptSync(user.password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
        const legacy = ["scrypt", 1024, 8, 1, salt.toString("base64"), old.toString("base64")].join("$");
        await ctx.db.updateTable("users").set({ password_hash: legacy }).where("id", "=", user.id).execute();
        expect((await login(user.username, user.password, nextAddress())).statusCode).toBe(200);
        const { password_hash } = await ctx.db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow();
        expect(password_hash).not.toBe(legacy);
        expect(password_hash.split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "5"]);
        expect((await hashPassword("x")).split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "5"]);
        expect((await login(user.username, user.password, nextAddress())).statusCode).toBe(200);
      }));

    it("a successful sign-in clears the username's failures", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
      const from = nextAddress();
      for (let round = 0; round < 2; round++) {
        expect((await login(user.username, "wrong-one", from)).statusCode).toBe(401);
        expect((await login(user.username, "wrong-two", from)).statusCode).toBe(401);
        expect((await login(user.username, user.password, from)).statusCode).toBe(200);
      }
    });

    it("locks an address after 5 failures across usernames; other addresses are unaffected", async () => {
      const from = nextAddress();
      for (let i = 0; i < 5; i++) {
        expect((await login(uniqueName("nobody"), "whatever", from)).statusCode).toBe(401);
      }
      const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
      const blocked = await login(user.username, user.password, from);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect((await login(user.username, user.password, nextAddress())).statusCode).toBe(200);
    });

    it("wrong current passwords on the password route count against the username", async () => {
      const user = await registerUser(ctx.app, { remoteAddress: nextAddress() });
      const change = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/auth/password/",
          headers: user.headers,
          payload: { current_password: "guess", new_password: "another1", new_password_confirm: "another1" },
        });
      for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
      const limited = await change();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
    });

    it("accepts client error reports without a token (a stale one is ignored) and forwards them", async () => {
      const before = received.length;
      const from = nextAddress();
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/client-errors/",
        headers: { authorization: `Token ${"f".repeat(64)}` },
        payload: {
          level: "error",
          message: "Loading chunk 7 failed",
          url: "/app/draft",
          context: { chunk: 7 },
        },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      await expect.poll(() => received.length, { timeout: 3000 }).toBe(before + 1);
      expect(received.at(-1)).toMatchObject({
        level: "error",
        message: "Loading chunk 7 failed",
        url: "/app/draft",
        context: { chunk: 7 },
        user_id: null,
      });
    });

    it("rejects malformed client error reports with 400", async () => {
      for (const payload of [
        {},
        { level: "fatal", message: "x" },
        { level: "warn", message: "x".repeat(2001) },
      ]) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/client-errors/",
          payload,
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe("validation_error");
      }
    });

    it("meters client error reports per address: the 4th in a minute is a 429", async () => {
      const from = nextAddress();
      const send = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/client-errors/",
          payload: { level: "warn", message: "flaky" },
          remoteAddress: from,
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
      expect(apiErrorSchema.parse(limited.json()).code).toBe("rate_limited");
    });
  },
  {
    env: { ...LIMITS, CLIENT_ERROR_REPORT_URL: `http://127.0.0.1:${collectorPort}/collect` },
  },
);

describeEachDialect(
  "registrations per address",
  (ctx) => {
    let address = 0;
    const nextAddress = () => `10.8.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`;

    it(`allows ${REGISTRATIONS_PER_WINDOW} registrations per address and window, then 429 with Retry-After`, async () => {
      const from = nextAddress();
      for (let i = 0; i < REGISTRATIONS_PER_WINDOW; i++) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/register/",
          payload: registerBody(),
          remoteAddress: from,
        });
        expect(res.statusCode).toBe(201);
      }
      const limited = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: registerBody(),
        remoteAddress: from,
      });
      expect(limited.statusCode).toBe(429);
      expect(apiErrorSchema.parse(limited.json()).code).toBe("rate_limited");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      const elsewhere = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: registerBody(),
        remoteAddress: nextAddress(),
      });
      expect(elsewhere.statusCode).toBe(201);
    });
  },
  { env: { ...LIMITS, AUTH_RATE_LIMIT_MAX: String(REGISTRATIONS_PER_WINDOW) } },
);

describeEachDialect(
  "client error reports with a collector that never answers",
  (ctx) => {
    it("answers at once without waiting for the forward", async () => {
      const started = Date.now();
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/client-errors/",
        payload: { level: "warn", message: "slow collector" },
      });
      expect(res.statusCode).toBe(204);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  },
  { env: { ...LIMITS, CLIENT_ERROR_REPORT_URL: `http://127.0.0.1:${collectorPort}/slow` }, seed: false },
);
