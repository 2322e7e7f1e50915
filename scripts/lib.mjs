// Helpers shared by the repository scripts (start, dev, test, cli). Node built-ins only.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const SERVER_DIST = join(ROOT, "apps/server/dist");
export const WEB_DIST = join(ROOT, "apps/web/dist");
/**
 * The web build's last output: `vite build` writes dist/, then its server build writes this
 * (decision 076). Missing or older than the sources: the web app is built again.
 */
export const WEB_BUILT = join(ROOT, "apps/web/dist-server/entry-server.js");
export const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");

const SHARED_SOURCES = ["packages/contracts/src", "packages/draft/src", "package-lock.json"];
export const WEB_SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  ...SHARED_SOURCES,
];
export const SERVER_SOURCES = [
  "apps/server/src",
  "apps/server/seed-data",
  "apps/server/build.mjs",
  "apps/server/package.json",
  ...SHARED_SOURCES,
];

/** Newest modification time (ms) of the files under the given repo-relative paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === "node_modules" || entry === "dist") continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const path of paths) visit(join(ROOT, path));
  return newest;
}

/** True when an output is missing or older than any of its sources. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(sources);
}

/** Runs a command with inherited stdio; resolves its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and exits the script with its code when it fails. */
export async function runOrExit(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed with exit code ${code}`);
    process.exit(code);
  }
}

async function runOrThrow(command, args) {
  const code = await run(command, args);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed with exit code ${code}`);
}

/** Builds the server bundle (esbuild, seconds) when missing or older than its sources; throws on failure. */
export async function buildServerIfNeeded({ force = false } = {}) {
  if (
    force ||
    isStale(join(SERVER_DIST, "main.js"), SERVER_SOURCES) ||
    !existsSync(join(SERVER_DIST, "cli.js"))
  ) {
    console.log("building the server (esbuild)…");
    await runOrThrow(process.execPath, ["apps/server/build.mjs"]);
  }
}

/** Builds the web app and the server bundle when missing or older than their sources; throws on failure. */
export async function buildIfNeeded({ force = false } = {}) {
  if (force || isStale(WEB_BUILT, WEB_SOURCES)) {
    console.log("building the web app (vite)…");
    await runOrThrow("npm", ["run", "build", "-w", "@draftroom/web", "--silent"]);
  }
  await buildServerIfNeeded({ force });
}
