import { expectAxeClean } from "../support/axe.ts";
import { createUser, expect, signIn, test } from "../support/fixtures.ts";
import { startProTrial } from "./plans-helpers.ts";

// The seeded Oracle's Elixir sample has 7 games of Weibo Gaming (LPL).
test.describe("scouting", () => {
  test("a Pro trial user reads a team's report, filters it, its chart table, on desktop and phone", async ({
    browser,
    request,
  }) => {
    const user = await createUser(request);
    await startProTrial(request, user);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);

    await page.goto("/app/dashboard");
    await page.getByRole("link", { name: "Scouting", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Scouting" })).toBeVisible();
    await page.getByRole("link", { name: /^Weibo Gaming/ }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Weibo Gaming" })).toBeVisible();
    // Professional games only, with their patch range; no prep draft mixed in.
    await expect(page.getByText(/^Based on 7 professional games\. Patch(es)? /)).toBeVisible();
    await expect(page.getByText(/of your own drafts/)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /^Picks · 7 professional games$/ })).toBeVisible();
    const picked = page.getByRole("table", { name: "Most picked: data table" });
    await expect(picked).toBeAttached();
    const firstRow = picked.getByRole("row").nth(1);
    await expect(firstRow.getByRole("rowheader")).not.toHaveText("");
    await expect(firstRow.getByRole("cell").first()).toHaveText(/^[1-7]$/);
    await expect(page.getByRole("heading", { name: "Players" })).toBeVisible();
    await expectAxeClean(page);

    // A patch filter narrows the games and stays in the address.
    const patch = page.getByLabel("Patch");
    const option = patch.locator("option").nth(1);
    const label = (await option.textContent()) ?? "";
    const games = Number(/\((\d+) games?\)/.exec(label)?.[1]);
    await patch.selectOption({ index: 1 });
    await expect(page).toHaveURL(/patch=/);
    await expect(page.getByText(`Based on ${games} professional game`)).toBeVisible();

    // A date range with no games shows the empty state.
    await page.getByLabel("From").fill("2030-01-01");
    await expect(page.getByRole("heading", { name: "No games for this team yet" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByText("Based on 7 professional games")).toBeVisible();

    // Phone width: nothing overflows sideways, the summary stays on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { level: 1, name: "Weibo Gaming" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await context.close();
  });
});
