// Which server module names which other module's table in SQL (decision record 025). The Biome
// rule stops a module importing another's repository or tables; it cannot see a table name in a
// Kysely query. This script can: the unit test fails on any such use not in its known list.
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFiles } from "./import-cycles.mjs";

const ROOT = join(fileURLToPath(import.meta.url), "../..");

/** Table names declared in a `…Tables` interface (`table_name: SomeTable;`). */
function declaredTables(text) {
  const tables = [];
  for (const block of text.matchAll(/export interface \w+Tables \{([^}]*)\}/g))
    for (const line of block[1].matchAll(/^\s*(\w+)\s*:/gm)) tables.push(line[1]);
  return tables;
}

/**
 * Every use of a table in a query (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, joins)
 * by a module that does not declare it, as "module -> table (file)", sorted. A table declared by
 * db/foundation-tables.ts (champions, leagues, teams) is shared; one declared by several modules
 * (a column another module added) belongs to each of them.
 */
export function crossModuleTables(root = ROOT) {
  const modulesDir = join(root, "apps/server/src/modules");
  const shared = new Set(
    declaredTables(readFileSync(join(root, "apps/server/src/db/foundation-tables.ts"), "utf8")),
  );
  const moduleOf = (path) => relative(modulesDir, path).split(sep)[0];
  const owners = new Map();
  const sources = sourceFiles(modulesDir);
  for (const path of sources.filter((p) => /(^|[-/\\])tables\.ts$/.test(p)))
    for (const table of declaredTables(readFileSync(path, "utf8")))
      owners.set(table, new Set([...(owners.get(table) ?? []), moduleOf(path)]));
  const found = new Set();
  for (const path of sources) {
    const module = moduleOf(path);
    const text = readFileSync(path, "utf8");
    for (const use of text.matchAll(
      /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin)\(\s*"(\w+)/g,
    )) {
      const table = use[1];
      if (shared.has(table) || !owners.has(table) || owners.get(table).has(module)) continue;
      found.add(`${module} -> ${table} (${relative(root, path).split(sep).join("/")})`);
    }
  }
  return [...found].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const uses = crossModuleTables();
  for (const use of uses) console.log(use);
  console.log(`${uses.length} cross-module table uses`);
}
