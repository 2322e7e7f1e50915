import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails with every serious-or-lesser axe violation on the page (or inside `include`), one line per
 * rule with its nodes. Finite animations end first: a toast caught mid-fade reads as low contrast
 * (spinners and other infinite animations are left running).
 */
export async function expectAxeClean(page: Page, include?: string): Promise<void> {
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
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}
