import { buildApp } from "./app.ts";
import { loadConfigOrExit } from "./config.ts";
import { createDatabase } from "./db/index.ts";

/** Server entry point: `node apps/server/dist/main.js` (npm start) or tsx in development. */
const config = loadConfigOrExit();
const database = createDatabase(config);
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  try {
    await app.close();
    await database.destroy();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error while shutting down");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`could not start the server on ${config.host}:${config.port}: ${message}\n`);
  await database.destroy();
  process.exit(1);
}
