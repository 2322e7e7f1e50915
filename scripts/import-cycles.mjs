// Import cycles among a folder's TypeScript files: relative value imports (`import type` and
// `export type` are erased at build time and left out: they order nothing at run time). `node scripts/import-cycles.mjs [dir...]` prints each cycle
// and exits 1 when there is one; the unit test `apps/server/src/import-cycles.test.ts` runs it on
// apps/server/src and packages/draft/src.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+["'](\.[^"']+)["']/g;

/** Every TypeScript source under `dir`, tests left out (also what table-owners.mjs reads). */
export function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * Run-time import edges among `files` (absolute paths): file -> the files of `files` it imports
 * by a relative value import.
 */
export function importGraph(files) {
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1]);
      if (known.has(target)) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/**
 * Every strongly connected component of a directed graph that holds a cycle (two or more nodes,
 * or one that points at itself), each with one concrete cycle in it (first node repeated last).
 * `edges` maps a node to the nodes it points at.
 */
export function cyclesIn(nodes, edges) {
  // Tarjan's strongly connected components.
  let index = 0;
  const stack = [];
  const meta = new Map();
  const components = [];
  const connect = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!meta.has(next)) {
        connect(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) components.push(component);
    }
  };
  for (const node of nodes) if (!meta.has(node)) connect(node);
  // One concrete cycle per component: a path back to its first node inside the component.
  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0];
    const path = [start];
    const seen = new Set([start]);
    const find = (node) => {
      for (const next of edges.get(node) ?? []) {
        if (next === start) return true;
        if (!inside.has(next) || seen.has(next)) continue;
        seen.add(next);
        path.push(next);
        if (find(next)) return true;
        path.pop();
      }
      return false;
    };
    find(start);
    return { cycle: [...path, start], component };
  });
}

/**
 * Every group of files that import one another in a circle (a strongly connected component),
 * with one concrete cycle in it (first file repeated last), paths relative to `root`.
 */
export function importCycles(dirs, root = process.cwd()) {
  const files = dirs.flatMap((dir) => sourceFiles(resolve(root, dir)));
  return cyclesIn(files, importGraph(files)).map(({ cycle, component }) => ({
    cycle: cycle.map((file) => relative(root, file)),
    files: component.map((file) => relative(root, file)).sort(),
  }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  const cycles = importCycles(dirs.length > 0 ? dirs : ["apps/server/src", "packages/draft/src"]);
  for (const { cycle, files } of cycles) {
    console.log(`cycle: ${cycle.join(" -> ")}`);
    console.log(`  tangled files (${files.length}): ${files.join(", ")}`);
  }
  console.log(cycles.length === 0 ? "no import cycles" : `${cycles.length} import cycle(s)`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
