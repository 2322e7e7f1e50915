import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The repository's own `biome.json` keeps the server's modules apart (decision record 025): a module
 * never imports another module's repository or tables, and no source under apps/ or packages/ says
 * `as never`. This test lints probe files laid out like the repository in a temporary folder, with
 * the real configuration, so it fails if a rule stops biting (or starts biting what it must allow).
 */
const root = resolve(import.meta.dirname, "../../..");
const biome = join(root, "node_modules/.bin/biome");

/** Probe files: path (as in the repository) -> [source, is it a violation?]. */
const PROBES: Record<string, [string, boolean]> = {
  // A module's own repository and tables, other modules' services, the shared db tables: allowed.
  "apps/server/src/modules/practice/own.ts": [
    [
      'import { a } from "./repository.ts";',
      'import type { B } from "./tables.ts";',
      'import { c } from "../drafts/service.ts";',
      'import type { D } from "../../db/foundation-tables.ts";',
      'import { e } from "../workspaces/roster.ts";',
      "export const x = [a, c, e];",
      "export type Y = B | D;",
    ].join("\n"),
    false,
  ],
  "apps/server/src/modules/practice/repository-import.ts": [
    'import { a } from "../drafts/repository.ts";\nexport const x = a;',
    true,
  ],
  "apps/server/src/modules/practice/repository-reexport.ts": [
    'export { a } from "../drafts/repository.ts";',
    true,
  ],
  "apps/server/src/modules/practice/prefixed-repository.ts": [
    'import { a } from "../rooms/team-repository.ts";\nexport const x = a;',
    true,
  ],
  // Type-only imports of another module's tables are still a reach into its storage.
  "apps/server/src/modules/practice/tables-type.ts": [
    'import type { A } from "../drafts/tables.ts";\nexport type B = A;',
    true,
  ],
  "apps/server/src/modules/practice/sub-folder-tables.ts": [
    'import type { A } from "../rooms/quick/tables.ts";\nexport type B = A;',
    true,
  ],
  "apps/server/src/modules/practice/prefixed-tables.ts": [
    'import type { A } from "../rooms/team-tables.ts";\nexport type B = A;',
    true,
  ],
  // In a module's sub-folder, `../` is still the same module; `../../<other>/` is not.
  "apps/server/src/modules/rooms/quick/own.ts": [
    'import { a } from "../repository.ts";\nimport type { B } from "../team-tables.ts";\nimport { c } from "./repository.ts";\nexport const x = [a, c];\nexport type Y = B;',
    false,
  ],
  "apps/server/src/modules/rooms/quick/other.ts": [
    'import { a } from "../../series/repository.ts";\nexport const x = a;',
    true,
  ],
  "apps/server/src/modules/rooms/store/deep/other.ts": [
    'import { a } from "../../../drafts/repository.ts";\nexport const x = a;',
    true,
  ],
  // Outside the modules: plugins and app code go through services; only db/schema.ts names tables.
  "apps/server/src/plugins/probe.ts": [
    'import { a } from "../modules/drafts/repository.ts";\nexport const x = a;',
    true,
  ],
  "apps/server/src/db/probe.ts": [
    'import type { A } from "../modules/drafts/tables.ts";\nexport type B = A;',
    true,
  ],
  "apps/server/src/db/schema.ts": [
    'import type { A } from "../modules/drafts/tables.ts";\nimport type { B } from "../modules/rooms/quick/tables.ts";\nexport type C = A | B;',
    false,
  ],
  // `as never` anywhere in apps/ or packages/.
  "apps/web/src/lib/never.ts": ["export const x = 1 as never;", true],
  "packages/draft/src/never.ts": ["export const x = { a: 1 } as never;", true],
  "apps/server/src/modules/drafts/not-never.ts": ["export const x = 1 as unknown as string;", false],
};

let workdir = "";

beforeAll(() => {
  workdir = mkdtempSync(join(tmpdir(), "draftroom-boundaries-"));
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  // The temporary folder is not a git checkout and has no node_modules to hold the schema.
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(workdir, "biome.json"), JSON.stringify(config));
  cpSync(join(root, "scripts/biome"), join(workdir, "scripts/biome"), { recursive: true });
  for (const [path, [source]] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(workdir, path)), { recursive: true });
    writeFileSync(join(workdir, path), `${source}\n`);
  }
});

afterAll(() => {
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

/** Files with an error diagnostic from `category` (a rule, or "plugin"), as biome's JSON report lists them. */
function flagged(category: string): string[] {
  let output: string;
  try {
    output = execFileSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
      cwd: workdir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    // Biome exits 1 when it reports an error; the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    diagnostics: { category?: string; severity: string; location: { path: string } }[];
  };
  return [
    ...new Set(
      report.diagnostics
        .filter((diagnostic) => diagnostic.severity === "error" && diagnostic.category === category)
        .map((diagnostic) => diagnostic.location.path),
    ),
  ].sort();
}

const expected = (pick: (path: string) => boolean) =>
  Object.entries(PROBES)
    .filter(([path, [, violation]]) => violation && pick(path))
    .map(([path]) => path)
    .sort();

describe("server module boundaries (biome.json)", () => {
  it("flags every import of another module's repository or tables, and nothing else", () => {
    expect(flagged("lint/style/noRestrictedImports")).toEqual(expected((path) => !path.includes("never")));
  });

  it("flags `as never` in apps/ and packages/", () => {
    expect(flagged("plugin")).toEqual(expected((path) => path.includes("never")));
  });
});
