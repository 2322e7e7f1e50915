// `npm run dev`: Vite with hot reload on http://127.0.0.1:5173, proxying /api to the server,
// which tsx restarts on every change, on port 3001 (DEV_API_PORT).
import { spawn } from "node:child_process";
import { ROOT, runOrExit, TSX } from "./lib.mjs";

const apiPort = process.env.DEV_API_PORT || "3001";
const env = { ...process.env, NODE_ENV: "development", PORT: apiPort, HOST: "127.0.0.1" };

await runOrExit(process.execPath, [TSX, "apps/server/src/cli.ts", "migrate"], { env });
await runOrExit(process.execPath, [TSX, "apps/server/src/cli.ts", "seed"], { env });

const children = [
  spawn(process.execPath, [TSX, "watch", "--clear-screen=false", "apps/server/src/main.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env,
  }),
  spawn("npm", ["run", "dev", "-w", "@draftroom/web", "--", "--host", "127.0.0.1"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, VITE_API_PROXY: `http://127.0.0.1:${apiPort}` },
  }),
];
console.log(`\ndev: web http://127.0.0.1:5173/ (hot reload) -> API http://127.0.0.1:${apiPort}/api/\n`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
