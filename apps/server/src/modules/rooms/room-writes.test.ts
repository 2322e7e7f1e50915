import { readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One entry point for a room write (decision record 045): only `rooms/store.ts` opens a
 * transaction that inserts into `room_events` (its `writeRoom` locks the row, reads the database
 * clock, appends, builds the commit and runs the after-commit step), and no file imports the
 * store's log internals. A scan of the server's sources, checked first on probe sources.
 */
const SRC = resolve(import.meta.dirname, "../..");
const STORE = "modules/rooms/store.ts";
/** The store's own steps of a write: nobody else appends, builds a commit or runs after-commit. */
const INTERNALS = new Set(["appendToLog", "commitOf", "afterCommit"]);

const OPENS_TRANSACTION = /\.transaction\(\s*\)/;
const INSERTS_EVENTS = /insertInto\(\s*["'`]room_events["'`]\s*\)|\binsertEvents\s*\(/;
const NAMED_IMPORT = /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** Files (path under src -> source) that write a room's log outside the store, with why. */
function writesOutsideStore(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [path, source] of files) {
    if (path === STORE) continue;
    if (OPENS_TRANSACTION.test(source) && INSERTS_EVENTS.test(source)) {
      found.push(`${path}: opens a transaction that inserts into room_events`);
    }
    for (const [, names = "", from = ""] of source.matchAll(NAMED_IMPORT)) {
      if (posix.join(posix.dirname(path), from) !== STORE) continue;
      const imported = names
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!,
        )
        .filter((name) => INTERNALS.has(name));
      if (imported.length > 0) found.push(`${path}: imports ${imported.join(", ")} from the store`);
    }
  }
  return found.sort();
}

function serverSources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
    const path = entry.split("\\").join("/");
    if (!path.endsWith(".ts") || path.endsWith(".test.ts")) continue;
    files.set(path, readFileSync(join(SRC, path), "utf8"));
  }
  return files;
}

describe("room writes on probe sources", () => {
  const PROBES = new Map<string, string>([
    // The store itself, and the repository's insert that only the store calls: allowed.
    [STORE, "await db.transaction().execute(async (trx) => { await insertEvents(trx, rows); });"],
    ["modules/rooms/repository.ts", 'await db.insertInto("room_events").values(rows).execute();'],
    // A transaction without a log insert, the store's entry points, another module's store: allowed.
    [
      "modules/rooms/service.ts",
      'import { clockOf, runRoomCommand, writeRoom } from "./store.ts";\nawait db.transaction().execute(f);',
    ],
    ["modules/rooms/team.ts", 'import { afterCommit } from "../plans/store.ts";'],
    // Writers of their own: flagged.
    [
      "modules/rooms/seat.ts",
      "await db.transaction().execute(async (trx) => {\n  await insertEvents(trx, [row]);\n});",
    ],
    [
      "modules/series/raw.ts",
      'await db\n  .transaction()\n  .execute((trx) => trx.insertInto( "room_events" ).values(row).execute());',
    ],
    ["modules/rooms/delay.ts", 'import { afterCommit, clockOf } from "./store.ts";'],
    [
      "modules/rooms/series/service.ts",
      'import {\n  type Appended,\n  appendToLog as append,\n  commitOf,\n} from "../store.ts";',
    ],
    ["plugins/rooms.ts", 'export { afterCommit } from "../modules/rooms/store.ts";'],
  ]);

  it("flags a transaction that inserts into room_events and an import of the store's internals, nothing else", () => {
    expect(writesOutsideStore(PROBES)).toEqual([
      "modules/rooms/delay.ts: imports afterCommit from the store",
      "modules/rooms/seat.ts: opens a transaction that inserts into room_events",
      "modules/rooms/series/service.ts: imports appendToLog, commitOf from the store",
      "modules/series/raw.ts: opens a transaction that inserts into room_events",
      "plugins/rooms.ts: imports afterCommit from the store",
    ]);
  });
});

describe("room writes in apps/server/src", () => {
  const files = serverSources();

  it("reads the real store: its transaction inserts into room_events", () => {
    // A scan that read nothing would find no writer either.
    const store = files.get(STORE) ?? "";
    expect(OPENS_TRANSACTION.test(store) && INSERTS_EVENTS.test(store)).toBe(true);
    expect(files.has(posix.join(posix.dirname(STORE), "service.ts"))).toBe(true);
  });

  it("has one writer of the log: rooms/store.ts", () => {
    expect(writesOutsideStore(files)).toEqual([]);
  });
});
