import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { appTookOver } from "./fixtures.ts";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * Fails with every serious-or-lesser axe violation on the page (or inside `include`), one line per
 * rule with its nodes. The scan runs with the page's motion settled: a toast fades in and out over
 * 300 ms (an opacity transition), and a scan that lands in the fade measures its text at part
 * opacity (`color-contrast` failed so on the plan editor's "Version 2 restored" toast, five seconds
 * after the restore). So the scan runs under reduced motion (every transition and animation then
 * lasts 1 ms and runs once, styles.css) after the finite animations already running have ended, and
 * the page's own preference is put back afterwards. Closing the toasts instead was tried: a click
 * on a toast closes an open dialog first.
 */
export async function expectAxeClean(page: Page, include?: string): Promise<void> {
  const results = await analyzeSettled(page, include);
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/**
 * The rules whose outcome depends on the colours in use: all that can change between the light and
 * the dark theme of a page whose markup is the same in both.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The axe results of the page (or of `include`) scanned with its motion settled, as above, for a
 * spec that filters or gathers them itself (the shell's scan of every screen keeps serious and
 * critical ones). `rules` limits the scan to those rules.
 */
export async function analyzeSettled(page: Page, include?: string, rules?: string[]): Promise<AxeResults> {
  // A drawn screen not yet taken over is inert: hidden from assistive technology, so from axe.
  await appTookOver(page);
  const reducedBefore = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    // Axe's default run scans each frame, then opens a new page in the context to merge the frames'
    // results: two thirds of a scan's time here (3.4 s of a 1,400-element room page, 1.3 s without).
    // The app has no cross-origin frame, the one thing only that mode can scan, so axe runs in the
    // page itself. Only the violations are read, so axe does not describe every node that passed.
    const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
    if (include) builder.include(include);
    if (rules) builder.withRules(rules);
    return await builder.analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: reducedBefore ? "reduce" : null });
  }
}
