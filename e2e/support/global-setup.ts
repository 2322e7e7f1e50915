import { ensureProductionBuild, startServer } from "./server.ts";

/**
 * Builds the production web app and server when needed, starts the server on a free loopback
 * port with a temporary SQLite database (migrated and seeded) and hands its URL to the tests
 * through E2E_BASE_URL. Returns the teardown that stops it and deletes the database.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  ensureProductionBuild();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.stdout.write(`e2e: server ${server.baseUrl} (SQLite in ${server.dataDir})\n`);
  return () => server.stop();
}
