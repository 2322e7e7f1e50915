import { describe, expect, it } from "vitest";
import { dialectOf, firstLine, playwrightFailures, vitestFailures } from "../../../scripts/test-failures.mjs";

// The lines `npm test` prints under its summary, read from report shapes Vitest's and
// Playwright's JSON reporters write.
describe("the summary's failed tests", () => {
  it("names a Vitest report's failed tests and the files that did not load, with the first line", () => {
    const report = {
      testResults: [
        {
          name: "/repo/packages/draft/src/a.test.ts",
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "a works", failureMessages: [] },
            {
              status: "failed",
              fullName: "a folds events",
              failureMessages: ["\nError: Test timed out in 5000ms.\n    at stack"],
            },
          ],
        },
        {
          name: "/repo/apps/web/src/b.test.tsx",
          status: "failed",
          message: "SyntaxError: x",
          assertionResults: [],
        },
        { name: "/repo/apps/web/src/c.test.tsx", status: "passed", assertionResults: [] },
      ],
    };
    expect(vitestFailures("unit", report, "/repo")).toEqual([
      "unit: packages/draft/src/a.test.ts > a folds events: Error: Test timed out in 5000ms.",
      "unit: apps/web/src/b.test.tsx did not load: SyntaxError: x",
    ]);
    expect(vitestFailures("unit", undefined, "/repo")).toEqual([]);
  });

  it("names a Playwright report's unexpected results under their describe blocks, and its errors", () => {
    const report = {
      suites: [
        {
          title: "shell.spec.ts",
          specs: [],
          suites: [
            {
              title: "preferences",
              specs: [
                {
                  title: "the theme is applied before paint",
                  file: "shell.spec.ts",
                  line: 263,
                  tests: [
                    { status: "unexpected", results: [{ error: { message: "expect(locator)\nmore" } }] },
                  ],
                },
                {
                  title: "passes",
                  file: "shell.spec.ts",
                  line: 300,
                  tests: [{ status: "expected", results: [] }],
                },
                {
                  title: "flaky",
                  file: "shell.spec.ts",
                  line: 310,
                  tests: [{ status: "flaky", results: [] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "global setup failed" }],
    };
    expect(playwrightFailures(report)).toEqual([
      "e2e: shell.spec.ts:263 > preferences > the theme is applied before paint: expect(locator)",
      "e2e: global setup failed",
    ]);
  });

  it("keeps a long first line short", () => {
    expect(firstLine("x".repeat(400))).toHaveLength(160);
    expect(firstLine(undefined)).toBe("");
  });
});

describe("dialectOf", () => {
  it("finds the database in a describe block's title or in the test's own", () => {
    expect(dialectOf({ ancestorTitles: ["rooms [postgres]"], title: "locks once" })).toBe("postgres");
    expect(dialectOf({ ancestorTitles: ["migrations"], title: "go up and down cleanly [postgres]" })).toBe(
      "postgres",
    );
    expect(dialectOf({ ancestorTitles: ["rooms [sqlite]"], title: "locks once" })).toBe("sqlite");
    expect(dialectOf({ ancestorTitles: ["health"], title: "answers" })).toBe("other");
    expect(dialectOf(undefined)).toBe("other");
  });
});
