import { expectAxeClean } from "../support/axe.ts";
import { appTookOver, createUser, expect, signIn, test } from "../support/fixtures.ts";
import { championIds, playDraft, startProTrial } from "./plans-helpers.ts";

// Bans first (6), picks (6), bans (4), picks (4).
const DRAFT_A = [
  "Ahri",
  "Azir",
  "Braum",
  "Ezreal",
  "Gnar",
  "Jinx",
  "Orianna",
  "Lee Sin",
  "Kai'Sa",
  "Nautilus",
  "Renekton",
  "Viego",
  "Xayah",
  "Zeri",
  "Rakan",
  "Taliyah",
  "Leona",
  "Jax",
  "Varus",
  "Sylas",
];
const DRAFT_B = [
  "Ahri",
  "Azir",
  "Thresh",
  "Lucian",
  "Camille",
  "Corki",
  "Orianna",
  "Sejuani",
  "Kalista",
  "Alistar",
  "K'Sante",
  "Viktor",
  "Xin Zhao",
  "Ashe",
  "Lulu",
  "Yone",
  "Karma",
  "Vi",
  "Aphelios",
  "Gragas",
];

test.describe("analytics", () => {
  test("Community users see a clear upsell that leads to the plans screen", async ({ browser, request }) => {
    const user = await createUser(request);
    const context = await browser.newContext();
    const page = await context.newPage();
    // The plan's features decide: a Community user never asks for analytics (no 403, no console error).
    const analyticsRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/drafts/analytics/")) analyticsRequests.push(req.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("ERR_NAME_NOT_RESOLVED"))
        consoleErrors.push(message.text());
    });
    await signIn(page, user);
    await page.goto("/app/analytics");
    await expect(page.getByRole("heading", { name: "Unlock advanced analytics" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Time range" })).toHaveCount(0);
    await expectAxeClean(page);

    await page.goto("/app/dashboard");
    const upsell = page.getByRole("heading", { name: "Analytics are part of Pro" });
    const drafts = page.getByRole("heading", { name: "Draft Sessions", level: 1 });
    await expect(upsell).toBeVisible();
    await expect(drafts).toBeVisible();
    // The user's own drafts lead the page; the upsell follows them.
    await appTookOver(page);
    const [draftsBox, upsellBox] = [await drafts.boundingBox(), await upsell.boundingBox()];
    expect(draftsBox!.y).toBeLessThan(upsellBox!.y);
    expect(analyticsRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.getByRole("link", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions$/);
    await expect(page.getByRole("heading", { name: "Subscription Plans", level: 1 })).toBeVisible();
    await context.close();
  });

  test("a Pro user without drafts sees the empty state for every range", async ({ browser, request }) => {
    const user = await createUser(request);
    await startProTrial(request, user);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/analytics");
    await expect(page.getByRole("heading", { name: "No drafts in this period" })).toBeVisible();
    await page.getByRole("radio", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("heading", { name: "No drafts in this period" })).toBeVisible();
    await expectAxeClean(page);
    await context.close();
  });

  test("charts show picks, bans, first picks and side results from finished drafts", async ({
    browser,
    request,
  }) => {
    const user = await createUser(request);
    await startProTrial(request, user);
    const ids = await championIds(request);
    await playDraft(request, user, ids, DRAFT_A, "BLUE");
    await playDraft(request, user, ids, DRAFT_B, "BLUE");
    await playDraft(request, user, ids, DRAFT_A, "RED");

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/analytics?days=90");
    await expect(page.getByRole("radio", { name: "Last 90 days" })).toHaveAttribute("aria-checked", "true");

    const tiles = page.getByRole("definition");
    await expect(tiles.filter({ hasText: /^3$/ }).first()).toBeVisible();
    // Blue won 2 of the 3 recorded results.
    await expect(page.getByText("67%").first()).toBeVisible();

    // Each chart carries a data table for assistive technology: Ahri banned 3 times, Orianna first pick 3 times.
    const banned = page.getByRole("table", { name: "Data for Most banned champions" });
    await expect(banned.getByRole("row", { name: /Ahri 3/ })).toHaveCount(1);
    const firstPicks = page.getByRole("table", { name: "Data for First picks" });
    await expect(firstPicks.getByRole("row", { name: /Orianna 3/ })).toHaveCount(1);
    const firstBans = page.getByRole("table", { name: "Data for First bans" });
    await expect(firstBans.getByRole("row", { name: /Ahri 3/ })).toHaveCount(1);
    // The visible bar chart labels the champions too.
    await expect(page.locator("svg text", { hasText: "Orianna" }).first()).toBeVisible();
    await expectAxeClean(page);

    // Dashboard summary for the same user.
    await page.goto("/app/dashboard");
    const summary = page.getByRole("region", { name: "Draft analytics" });
    // Top pick Orianna (3 first picks), top ban Ahri (ties with Azir, first by name).
    await expect(summary.getByRole("definition").filter({ hasText: "Orianna" })).toBeVisible();
    await expect(summary.getByRole("definition").filter({ hasText: "Ahri" })).toBeVisible();
    // The per-day chart replaces its placeholder once its code is in (useLoadedModule).
    await expect(summary.getByRole("table", { name: "Data for Sessions per day" })).toBeAttached();
    // Its bars: the drafts of this test were all created today.
    await expect(summary.locator("svg rect").first()).toBeVisible();
    await expect(summary.getByText("Loading")).toHaveCount(0);
    await summary.getByRole("link", { name: "View full analytics" }).click();
    await expect(page).toHaveURL(/\/app\/analytics/);

    // Readable at 390 px in Spanish and dark mode: nothing overflows horizontally.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("themeMode", "dark");
    });
    await page.goto("/app/analytics?days=30");
    await expect(page.getByRole("heading", { name: "Campeones más baneados" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await context.close();
  });
});
