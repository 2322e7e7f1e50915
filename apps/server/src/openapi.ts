import { writeFileSync } from "node:fs";
import { buildApp } from "./app.ts";
import { parseConfig } from "./config.ts";
import { createDatabase } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";

/**
 * Writes the API's OpenAPI document, as `/api/docs/json` serves it, to the file named by the first
 * argument (stdout without one). The app is built on a migrated, empty in-memory database (the
 * live-room runtime reads its tables on start) and never listens, so no port or server is needed:
 * `tsx apps/server/src/openapi.ts openapi.json`.
 */
const result = parseConfig({
  ...process.env,
  DATABASE_URL: "",
  SQLITE_PATH: ":memory:",
  LOG_LEVEL: "silent",
  ACTIONS_CACHE_SESSIONS: "0",
});
if (!result.ok) throw new Error(result.problems.join("\n"));
const database = createDatabase(result.config);
await migrateToLatest(database.db);
const app = await buildApp({ config: result.config, database });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.destroy();
const file = process.argv[2];
if (file) writeFileSync(file, document);
else process.stdout.write(document);
