// Type-checks every workspace with its own tsconfig (they differ in lib/types: DOM vs node).
// TypeScript 7's tsc is the native compiler (about 22 s for all six here, against 78 s with 6.0's);
// two projects run at a time, and each project's output is printed whole once it is done.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";

// The package exports no "./bin/tsc": its directory comes from its package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

const projects = ["apps/web", "apps/server", "packages/contracts", "packages/draft", "e2e", "bench"];
const parallel = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    // tsc straight from node_modules: no npx start-up per project.
    const child = spawn(process.execPath, [tsc, "-p", `${project}/tsconfig.json`, "--pretty"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ project, ok: false, output: String(error) }));
    child.on("close", (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      if (result.output) process.stdout.write(result.output);
      if (!result.ok) console.error(`typecheck failed: ${project}`);
      results.push(result);
    }
  }),
);
const failed = results.filter((result) => !result.ok).length;
console.log(`typecheck: ${projects.length - failed} of ${projects.length} projects clean`);
process.exit(failed === 0 ? 0 : 1);
