// Type-checks every workspace with its own tsconfig (they differ in lib/types: DOM vs node).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

const projects = ["packages/contracts", "packages/draft", "apps/server", "apps/web", "e2e", "bench"];
let failed = 0;
for (const project of projects) {
  // tsc straight from node_modules: no npx start-up per project.
  const result = spawnSync(process.execPath, [tsc, "-p", `${project}/tsconfig.json`], { stdio: "inherit" });
  if (result.status !== 0) {
    failed += 1;
    console.error(`typecheck failed: ${project}`);
  }
}
console.log(`typecheck: ${projects.length - failed} of ${projects.length} projects clean`);
process.exit(failed === 0 ? 0 : 1);
