// Names the failed tests of the suites' JSON reports, one line each, for the summary `npm test`
// prints last: CI keeps only the end of a long log, and a count alone does not say what to fix.

/** The first line of a failure's message, short enough for the summary. */
export function firstLine(message) {
  const line =
    String(message ?? "")
      .split("\n")
      .find((text) => text.trim() !== "") ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * The database an integration test ran on, for the summary's counts: the dialect is in a describe
 * block's title ("[postgres]") or in the test's own title (a test looping over the dialects).
 */
export function dialectOf(test) {
  const title = [...(test?.ancestorTitles ?? []), test?.title ?? ""].join(" ");
  if (title.includes("[postgres]")) return "postgres";
  if (title.includes("[sqlite]")) return "sqlite";
  return "other";
}

/** A Vitest JSON report's failed tests (and files that failed to load), paths relative to `root`. */
export function vitestFailures(suite, report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const path = String(file.name ?? "").replace(`${root}/`, "");
    const tests = file.assertionResults ?? [];
    if (tests.length === 0 && file.status === "failed") {
      lines.push(`${suite}: ${path} did not load: ${firstLine(file.message)}`);
    }
    for (const test of tests) {
      if (test.status !== "failed") continue;
      lines.push(`${suite}: ${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

/** A Playwright JSON report's unexpected results and its global errors. */
export function playwrightFailures(report) {
  const lines = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.at(-1)?.error?.message;
        const name = [...titles, spec.title].join(" > ");
        lines.push(`e2e: ${spec.file}:${spec.line} > ${name}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files, already named by each spec's file and line.
  for (const file of report?.suites ?? []) walk(file, []);
  for (const error of report?.errors ?? []) lines.push(`e2e: ${firstLine(error.message)}`);
  return lines;
}
