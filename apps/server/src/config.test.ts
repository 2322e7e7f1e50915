import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      databaseUrl: undefined,
      sqlitePath: "./data/draftroom.db",
      logLevel: "info",
    });
    expect(result.config.webDist).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it("selects PostgreSQL from DATABASE_URL alone", () => {
    const result = parseConfig({ DATABASE_URL: "postgres://u@db:5432/x", NODE_ENV: "development" });
    expect(result.ok && result.config.databaseUrl).toBe("postgres://u@db:5432/x");
  });

  it("treats empty values as unset", () => {
    const result = parseConfig({ PORT: "", DATABASE_URL: "" });
    expect(result.ok && result.config.port).toBe(3000);
    expect(result.ok && result.config.databaseUrl).toBeUndefined();
  });

  it("reports every problem, one line each, naming the variable and value", () => {
    const result = parseConfig({
      PORT: "70000",
      DATABASE_URL: "mysql://x",
      LOG_LEVEL: "loud",
      TRUST_PROXY: "maybe",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(4);
    expect(result.problems[0]).toBe('PORT: must be between 0 and 65535 (got "70000")');
    expect(result.problems.join("\n")).toContain("DATABASE_URL: must be a postgres://");
    expect(result.problems.join("\n")).toContain("LOG_LEVEL: must be one of");
    expect(result.problems.join("\n")).toContain("TRUST_PROXY: must be false, a hop count or");
  });

  it("trusts proxies by hop count or by address, never every hop", () => {
    const trust = (value: string) => {
      const result = parseConfig({ TRUST_PROXY: value });
      return result.ok ? result.config.trustProxy : result.problems;
    };
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 10.1.0.0/16,::1,loopback")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "::1",
      "loopback",
    ]);
    for (const bad of ["true", "10.0.0.300", "10.0.0.0/40", "proxy.local", "10.0.0.1,"]) {
      expect(trust(bad), bad).toEqual([expect.stringContaining("TRUST_PROXY: must be false, a hop count")]);
    }
  });

  it("parses the feature limits once, with their defaults", () => {
    const defaults = parseConfig({});
    expect(defaults.ok && defaults.config).toMatchObject({
      clientErrorsPerMinute: 30,
      loginFailures: { perUsername: 5, perIp: 20, windowMs: 900_000 },
      authTokenCacheMs: 5000,
    });
    const set = parseConfig({
      CLIENT_ERRORS_PER_MINUTE: "3",
      LOGIN_FAILURES_PER_USERNAME: "2",
      LOGIN_FAILURES_PER_IP: "4",
      LOGIN_FAILURE_WINDOW_SECONDS: "60",
      AUTH_TOKEN_CACHE_MS: "0",
    });
    expect(set.ok && set.config).toMatchObject({
      clientErrorsPerMinute: 3,
      loginFailures: { perUsername: 2, perIp: 4, windowMs: 60_000 },
      authTokenCacheMs: 0,
    });
  });

  it("reports bad feature limits one line each", () => {
    const result = parseConfig({
      LOGIN_FAILURES_PER_USERNAME: "0",
      LOGIN_FAILURE_WINDOW_SECONDS: "soon",
      CLIENT_ERRORS_PER_MINUTE: "1.5",
      AUTH_TOKEN_CACHE_MS: "-1",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'LOGIN_FAILURE_WINDOW_SECONDS: must be a number (got "soon")',
        'CLIENT_ERRORS_PER_MINUTE: must be a whole number (got "1.5")',
        'LOGIN_FAILURES_PER_USERNAME: must be greater than 0 (got "0")',
        'AUTH_TOKEN_CACHE_MS: must be 0 or more (got "-1")',
      ]),
    );
    expect(result.problems).toHaveLength(4);
  });

  it("refuses the test-only cheap password hashing outside NODE_ENV=test", () => {
    const refused = parseConfig({ PASSWORD_HASH_FAST_OVERRIDE: "true", NODE_ENV: "production" });
    expect(refused).toEqual({
      ok: false,
      problems: ["PASSWORD_HASH_FAST_OVERRIDE: only allowed with NODE_ENV=test"],
    });
    const allowed = parseConfig({ PASSWORD_HASH_FAST_OVERRIDE: "true", NODE_ENV: "test" });
    expect(allowed.ok && allowed.config.passwordHashFast).toBe(true);
    const unset = parseConfig({});
    expect(unset.ok && unset.config.passwordHashFast).toBe(false);
  });
});
