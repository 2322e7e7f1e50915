import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleGraph, moduleLoops } from "../../../scripts/module-loops.mjs";

/**
 * No loop among the server's modules at run time (decision record 039): a module that needs one
 * above it gets it registered at start or hears it on the app's event bus (events.ts), never
 * imports it. Any loop fails, with the imports that make it; there is no list of known ones.
 */
describe("module loops", () => {
  it("apps/server/src/modules/* have none", () => {
    const loops = moduleLoops("apps/server/src").map(({ loop, imports }) =>
      [loop.join(" -> "), ...imports.map((line: string) => `  ${line}`)].join("\n"),
    );
    expect(loops.join("\n")).toBe("");
  });

  it("sees the modules' real imports", () => {
    // A walker that read nothing would find no loop either: known run-time imports are edges.
    const graph = moduleGraph("apps/server/src");
    expect(graph.get("series")?.has("drafts")).toBe(true);
    expect(graph.get("rooms")?.has("series")).toBe(true);
    expect(graph.get("comments")?.has("activity")).toBe(true);
  });
});

describe("module loops on probe sources", () => {
  /** Probe files under a temporary `src/`: path -> source. */
  const PROBES: Record<string, string> = {
    // a <-> b: a loop through a sub-folder of b.
    "modules/a/service.ts": 'import { b } from "../b/deep/service.ts";\nexport const a = () => b;',
    "modules/b/deep/service.ts": 'import { a } from "../../a/service.ts";\nexport const b = () => a;',
    // c -> d at run time, d -> c by type only: not a loop.
    "modules/c/service.ts": 'import { d } from "../d/service.ts";\nexport const c = () => d;',
    "modules/d/service.ts":
      'import type { C } from "../c/types.ts";\nexport { type C };\nexport const d = (x: C) => x;',
    "modules/c/types.ts": "export type C = number;",
    // e -> app code -> f, f -> e: a loop through a file outside the modules.
    "modules/e/service.ts": 'import { hub } from "../../hub.ts";\nexport const e = () => hub;',
    "hub.ts": 'import { f } from "./modules/f/service.ts";\nexport const hub = f;',
    "modules/f/service.ts": 'import { e } from "../e/service.ts";\nexport const f = () => e;',
  };
  let root = "";

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "draftroom-module-loops-"));
    for (const [path, source] of Object.entries(PROBES)) {
      mkdirSync(dirname(join(root, "src", path)), { recursive: true });
      writeFileSync(join(root, "src", path), `${source}\n`);
    }
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("finds each loop with the imports that make it, and nothing else", () => {
    const loops = moduleLoops("src", root);
    expect(loops.map(({ modules }) => modules).sort()).toEqual([
      ["a", "b"],
      ["e", "f"],
    ]);
    const ab = loops.find(({ modules }) => modules.includes("a"));
    expect(ab?.imports).toEqual(
      expect.arrayContaining([
        "src/modules/a/service.ts -> src/modules/b/deep/service.ts",
        "src/modules/b/deep/service.ts -> src/modules/a/service.ts",
      ]),
    );
    const ef = loops.find(({ modules }) => modules.includes("e"));
    expect(ef?.imports).toEqual(
      expect.arrayContaining(["src/modules/e/service.ts -> src/modules/f/service.ts"]),
    );
  });
});
