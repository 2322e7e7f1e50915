import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { WEB_OWN_PAGE } from "./own-page.ts";

// vitest.config.ts runs the web app's test files in one shared page, except WEB_OWN_PAGE. A file
// that resets or mocks modules, or sets up i18next itself, would break the files after it there.
const WEB_ROOT = join(import.meta.dirname, "../..");
const NEEDS_OWN_PAGE = /vi\.(resetModules|mock|doMock)\(|\.use\(initReactI18next\)|\bcreateInstance\(/;

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(WEB_ROOT, path)] : [];
  });
}

describe("the web test files that need a page of their own", () => {
  const files = testFiles(join(WEB_ROOT, "src")).filter((file) => file !== "src/test/own-page.test.ts");

  it("are every file that resets or mocks modules or sets up i18next, and only those", () => {
    const needing = files.filter((file) => NEEDS_OWN_PAGE.test(readFileSync(join(WEB_ROOT, file), "utf8")));
    expect(needing.length).toBeGreaterThan(0);
    expect([...needing].sort()).toEqual([...WEB_OWN_PAGE].sort());
  });
});
