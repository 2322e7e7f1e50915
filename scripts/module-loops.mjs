// Loops among the server's modules (decision record 039). A module is a folder
// `<src>/modules/<name>/`, sub-folders included; module A depends on module B when a file of A
// imports a file of B at run time, directly or through files outside the modules (app code such
// as events.ts). Type-only imports are left out, as in import-cycles.mjs: they are erased at build
// time. `node scripts/module-loops.mjs [src]` prints each loop with the imports that make it and
// exits 1 when there is one; the unit test `apps/server/src/module-loops.test.ts` runs it.
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { cyclesIn, importGraph, sourceFiles } from "./import-cycles.mjs";

/**
 * The module graph of `src` (default apps/server/src): module -> module it depends on -> one
 * import (file -> file, relative to `root`) that makes the dependency.
 */
export function moduleGraph(src = "apps/server/src", root = process.cwd()) {
  const base = resolve(root, src);
  const modulesDir = join(base, "modules") + sep;
  const files = sourceFiles(base);
  const imports = importGraph(files);
  const moduleOf = (file) =>
    file.startsWith(modulesDir) ? file.slice(modulesDir.length).split(sep)[0] : null;
  const graph = new Map();
  for (const file of files) {
    const from = moduleOf(file);
    if (from === null) continue;
    // Walk from the file through files outside the modules until a module's file is reached.
    const seen = new Set([file]);
    const queue = [...(imports.get(file) ?? [])];
    while (queue.length > 0) {
      const next = queue.shift();
      if (seen.has(next)) continue;
      seen.add(next);
      const to = moduleOf(next);
      if (to === null) {
        queue.push(...(imports.get(next) ?? []));
        continue;
      }
      if (to === from) continue;
      const targets = graph.get(from) ?? new Map();
      graph.set(from, targets);
      if (!targets.has(to)) targets.set(to, `${relative(root, file)} -> ${relative(root, next)}`);
    }
  }
  return graph;
}

/**
 * Every group of modules that depend on one another in a circle, each with one concrete loop
 * (first module repeated last) and, for each step of it, the import that makes it.
 */
export function moduleLoops(src = "apps/server/src", root = process.cwd()) {
  const graph = moduleGraph(src, root);
  const edges = new Map([...graph].map(([from, targets]) => [from, [...targets.keys()]]));
  return cyclesIn([...graph.keys()].sort(), edges).map(({ cycle, component }) => ({
    loop: cycle,
    modules: [...component].sort(),
    imports: cycle.slice(1).map((to, step) => graph.get(cycle[step]).get(to)),
  }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = process.argv[2] ?? "apps/server/src";
  const loops = moduleLoops(src, dirname(dirname(fileURLToPath(import.meta.url))));
  for (const { loop, modules, imports } of loops) {
    console.log(`loop: ${loop.join(" -> ")}`);
    for (const line of imports) console.log(`  ${line}`);
    console.log(`  tangled modules (${modules.length}): ${modules.join(", ")}`);
  }
  console.log(loops.length === 0 ? "no module loops" : `${loops.length} module loop(s)`);
  process.exit(loops.length === 0 ? 0 : 1);
}
