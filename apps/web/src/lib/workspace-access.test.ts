import type { Workspace } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { mayIn } from "./workspace-access.ts";

const sources = import.meta.glob(["../**/*.ts", "../**/*.tsx", "!../**/*.test.ts", "!../**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** The names of `@draftroom/contracts` imports in a source, type-only ones included. */
function contractsImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"@draftroom\/contracts"/g)) {
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.push(name);
    }
  }
  return names;
}

describe("mayIn", () => {
  const workspace = (capabilities: Workspace["capabilities"]) => ({ capabilities });

  it("answers from the server's capability list only", () => {
    expect(mayIn(workspace(["read", "edit_drafts"]), "edit_drafts")).toBe(true);
    expect(mayIn(workspace(["read", "export"]), "edit_drafts")).toBe(false);
    expect(mayIn(null, "read")).toBe(false);
    expect(mayIn(undefined, "read")).toBe(false);
  });

  it("is the web's only way to a workspace permission: no page recomputes it from the role", () => {
    const offenders = Object.entries(sources)
      .filter(([, source]) =>
        contractsImports(source).some((name) => ["can", "ROLE_CAPABILITIES"].includes(name)),
      )
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it("sees an import of the role table when there is one (the check above can fail)", () => {
    expect(contractsImports('import { can, type Workspace } from "@draftroom/contracts";')).toContain("can");
    expect(contractsImports('import { ROLE_CAPABILITIES as table } from "@draftroom/contracts";')).toContain(
      "ROLE_CAPABILITIES",
    );
  });
});
