import { writeFileSync } from "node:fs";
import { buildApp } from "./app.ts";
import { parseConfig } from "./config.ts";
import { createDatabase } from "./db/index.ts";

/**
 * Writes the API's OpenAPI document, as `/api/docs/json` serves it, to the file named by the first
 * argument (stdout without one). The app is built on an empty in-memory database and never
 * listens, so no port or server is needed: `tsx apps/server/src/openapi.ts openapi.json`.
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
const app = await buildApp({ config: result.config, database });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.destroy();
const file = process.argv[2];
if (file) writeFileSync(file, document);
else process.stdout.write(document);
