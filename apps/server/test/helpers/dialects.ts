import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Config } from "../../src/config.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import type { Database, DialectName } from "../../src/db/schema.ts";
import { seedDatabase } from "../../src/db/seeds/index.ts";
import { createTempDatabase, PG_ADMIN_URL, postgresReachable, type TempDatabase } from "./database.ts";
import { testConfig } from "./dialects-config.ts";

export { testConfig };

/**
 * Runs a block of integration tests once per database dialect, each against its own fresh
 * database (temp SQLite file; PostgreSQL database created and dropped), migrated and seeded,
 * with the app built and ready for `inject` or a real loopback listener.
 *
 * @example
 * describeEachDialect("champions", (ctx) => {
 *   it("lists 172", async () => {
 *     const res = await ctx.app.inject({ method: "GET", url: "/api/drafts/champions/" });
 *     expect(res.json()).toHaveLength(172);
 *   });
 * });
 */

export const DIALECTS: readonly DialectName[] = ["sqlite", "postgres"];

const pgStatus = await postgresReachable();
if (!pgStatus.ok) {
  const message = `PostgreSQL at ${PG_ADMIN_URL} is unreachable (${pgStatus.reason})`;
  if (process.env.CI === "true") throw new Error(`${message}; CI=true requires it.`);
  process.stderr.write(
    `\n${"!".repeat(78)}\nSKIPPED: ${message}. PostgreSQL integration tests did not run.\n${"!".repeat(78)}\n\n`,
  );
}
export const postgresAvailable = pgStatus.ok;

export interface DialectContext {
  readonly dialect: DialectName;
  /** The app, built (not listening) before the tests of the block run. */
  readonly app: FastifyInstance;
  readonly db: Kysely<Database>;
  readonly database: DatabaseHandle;
  readonly config: Config;
  /** Environment selecting this block's database, to start a separate server process on it. */
  readonly env: Record<string, string>;
  /** Starts listening on a free loopback port (once) and returns the base URL. */
  listen(): Promise<string>;
}

export interface DescribeOptions {
  /** Extra environment for parseConfig (e.g. `{ RATE_LIMIT_MAX: "5" }`). */
  env?: Record<string, string>;
  /** Run the seeds (default true). */
  seed?: boolean;
  /** Adds routes or hooks to the app before it becomes ready. */
  extendApp?: (app: FastifyInstance) => void | Promise<void>;
  /** Receives the app's log lines (set LOG_LEVEL in `env` to hear more than the silent default). */
  logStream?: { write(line: string): void };
}

export function describeEachDialect(
  title: string,
  body: (ctx: DialectContext) => void,
  options: DescribeOptions = {},
): void {
  for (const dialect of DIALECTS) {
    describe.skipIf(dialect === "postgres" && !postgresAvailable)(`${title} [${dialect}]`, () => {
      let temp: TempDatabase | undefined;
      let state:
        | { app: FastifyInstance; database: DatabaseHandle; config: Config; env: Record<string, string> }
        | undefined;
      let baseUrl: string | undefined;

      const need = () => {
        if (!state) throw new Error("describeEachDialect: the context is only ready inside tests and hooks");
        return state;
      };
      const ctx: DialectContext = {
        dialect,
        get app() {
          return need().app;
        },
        get db() {
          return need().database.db;
        },
        get database() {
          return need().database;
        },
        get config() {
          return need().config;
        },
        get env() {
          return need().env;
        },
        async listen() {
          if (!baseUrl) {
            await need().app.listen({ host: "127.0.0.1", port: 0 });
            const address = need().app.server.address();
            if (!address || typeof address === "string") throw new Error("no TCP address");
            baseUrl = `http://127.0.0.1:${address.port}`;
          }
          return baseUrl;
        },
      };

      beforeAll(async () => {
        // A copy of the run's migrated (and seeded) template when the global setup made one.
        temp = await createTempDatabase(dialect, options.seed === false ? "migrated" : "seeded");
        const env = { ...temp.env, ...options.env };
        const config = testConfig(env);
        const database = createDatabase(config);
        if (!temp.fromTemplate) {
          await migrateToLatest(database.db);
          if (options.seed !== false) await seedDatabase(database.db);
        }
        const app = await buildApp({ config, database, logStream: options.logStream });
        await options.extendApp?.(app);
        await app.ready();
        state = { app, database, config, env };
      });

      afterAll(async () => {
        if (state) {
          await state.app.close();
          await state.database.destroy();
        }
        await temp?.drop();
      });

      body(ctx);
    });
  }
}
