// `npm start`: build what is missing or stale, migrate, seed, then serve app + API
// (http://127.0.0.1:3000 by default; HOST, PORT, DATABASE_URL, SQLITE_PATH as in .env.example).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildIfNeeded, ROOT, runOrExit, SERVER_DIST } from "./lib.mjs";

try {
  await buildIfNeeded({ force: process.argv.includes("--rebuild") });
} catch (error) {
  console.error(`\nnpm start: the build failed (${error.message})`);
  process.exit(1);
}

const cli = join(SERVER_DIST, "cli.js");
await runOrExit(process.execPath, [cli, "migrate"]);
await runOrExit(process.execPath, [cli, "seed"]);

const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
console.log(`\nDraftroom: http://${host}:${port}/  (API http://${host}:${port}/api/, docs /api/docs/)\n`);

const server = spawn(process.execPath, [join(SERVER_DIST, "main.js")], { cwd: ROOT, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
