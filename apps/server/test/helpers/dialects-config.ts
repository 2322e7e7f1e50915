import { type Config, parseConfig } from "../../src/config.ts";

/** Configuration for tests: silent logs, no web build, rate limits out of the way. */
export function testConfig(env: Record<string, string> = {}): Config {
  const result = parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent-web-dist",
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    PUBLIC_RENDERS_PER_MINUTE: "100000",
    RENDER_WARMUP: "false",
    // Nothing is downloaded in tests unless a test points the sources at its own fixture server.
    DATA_UPDATES: "off",
    // Registering a user would otherwise cost a fifth of a second of scrypt (the product's cost).
    PASSWORD_HASH_FAST_OVERRIDE: "true",
    ...env,
  });
  if (!result.ok) throw new Error(`Bad test configuration: ${result.problems.join("; ")}`);
  return result.config;
}
