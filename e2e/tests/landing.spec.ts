import { STORAGE_KEYS } from "@draftroom/contracts";
import type { Browser, Page } from "@playwright/test";
import { analyzeSettled } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

/** The demo's Next ring (apps/web/src/features/landing/components/DemoSection.tsx). */
const DEMO_AUTO_ADVANCE_MS = 8000;

const SECTION_TITLES = [
  "Master draft strategy with professional tools",
  "Your Drafting Companion",
  "Everything You Need for Perfect Drafts",
  "Choose Your Plan",
  "What's Coming to Pro?",
  "Ready to Level Up Your Drafts?",
];

async function openLanding(page: Page, storage: Record<string, string> = {}): Promise<void> {
  if (Object.keys(storage).length > 0) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  await page.goto("/");
  // The header and hero are prerendered into index.html and React replaces them with the same
  // markup on its first commit, which also adds the sections below. Wait for that commit, so that
  // no locator acts on a prerendered element just as it is replaced.
  await expect(demoBoard(page)).toBeAttached();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

function demoBoard(page: Page) {
  return page.getByTestId("demo-board");
}

async function axeViolations(browser: Browser, storage: Record<string, string>, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await openLanding(page, storage);
  // Visit every section so lazily shown parts (banner, champion icons) are in the tree.
  await page.getByTestId("demo-board").scrollIntoViewIfNeeded();
  await page
    .locator("#roadmap")
    .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY));
  await expect(page.getByRole("complementary", { name: "Limited-time offer" })).toBeVisible();
  const results = await analyzeSettled(page);
  await context.close();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(" | ")}`,
  );
}

test.describe("landing page", () => {
  test("/app is the landing page too, prerendered hero included", async ({ page }) => {
    await page.goto("/app");
    await expect(demoBoard(page)).toBeAttached();
    await expect(page.getByRole("heading", { level: 1, name: SECTION_TITLES[0] })).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
  });

  test("shows every section in order with its links", async ({ page }) => {
    await openLanding(page);
    const tops: number[] = [];
    for (const [index, title] of SECTION_TITLES.entries()) {
      const heading = page.getByRole("heading", { level: index === 0 ? 1 : 2, name: title, exact: true });
      await heading.scrollIntoViewIfNeeded();
      await expect(heading).toBeVisible();
      tops.push(await heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY));
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await expect(page.locator("#pricing-section")).toBeVisible();

    await expect(page.getByRole("link", { name: "Start Drafting for Free" })).toHaveAttribute(
      "href",
      "/auth/register",
    );
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
      "href",
      "/auth/login",
    );
    await expect(page.getByText("No credit card required • 3 free draft sessions")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Free Trial" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:/);

    const features = page.locator("#features li");
    // Four product cards and, last, what a team gets (issue 31).
    await expect(features).toHaveCount(5);
    // Fearless series, analytics and team workspaces have shipped: every feature card says so.
    await expect(page.locator("#features").getByText("Available", { exact: true })).toHaveCount(5);
    await expect(page.locator("#features").getByText("Coming Soon", { exact: true })).toHaveCount(0);

    const roadmap = page.locator("#roadmap");
    await expect(roadmap.locator("[data-status]")).toHaveCount(3);
    await expect(roadmap.locator('[data-status="current"]')).toHaveCount(3);
    await expect(roadmap).not.toContainText("2025");

    // The landing footer sits inside the layout's <main>, so it is a plain footer, not a landmark.
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", "/docs");
    await expect(footer.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    await expect(footer.getByRole("link", { name: "Twitter" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Discord" })).toBeVisible();
    await expect(footer.getByText("Made with love in Almería")).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} Draftroom`)).toBeVisible();

    await page.getByRole("link", { name: "Start Drafting for Free" }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("the billing toggle switches every price (yearly by default)", async ({ page }) => {
    await openLanding(page);
    const pricing = page.locator("#pricing-section");
    const yearly = pricing.getByRole("button", { name: /Yearly/ });
    const monthly = pricing.getByRole("button", { name: "Monthly" });
    await expect(yearly).toHaveAttribute("aria-pressed", "true");
    await expect(yearly).toContainText("Get 2 free months");
    await expect(pricing.getByText("Yearly billing is a one-time payment")).toBeVisible();

    const plus = page.getByTestId("price-plus");
    const pro = page.getByTestId("price-pro");
    await expect(page.getByTestId("price-community")).toContainText("Free");
    await expect(plus).toContainText("€8");
    await expect(plus).toContainText("€96 billed yearly");
    await expect(pro).toContainText("Early Bird Price");
    await expect(pro).toContainText("€25");
    await expect(pro.locator("s").first()).toContainText("€41.67");
    await expect(pro).toContainText("€300 billed yearly");

    await monthly.click();
    await expect(monthly).toHaveAttribute("aria-pressed", "true");
    await expect(plus).toContainText("€10");
    await expect(plus).not.toContainText("billed yearly");
    await expect(pro).toContainText("€30");
    await expect(pro.locator("s")).toContainText("€50");
    await expect(page.getByTestId("price-community")).toContainText("Free");

    await expect(pricing.getByText(/The first 5 teams keep the early-bird price/)).toBeVisible();
    await expect(pricing.getByText("Fearless draft series")).toContainText("Available");
  });

  test("a badge tooltip opens after hovering and closes after leaving", async ({ page }) => {
    await openLanding(page);
    const badge = page.locator("#pricing-section").getByRole("button", { name: "Pro", exact: true });
    await badge.scrollIntoViewIfNeeded();
    await badge.hover();
    const tooltip = page.getByRole("tooltip", { name: /40% off the regular price/ });
    await expect(tooltip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
  });

  test("the offer banner appears once pricing scrolls away and Learn More returns to it", async ({
    page,
  }) => {
    await openLanding(page);
    const banner = page.getByRole("complementary", { name: "Limited-time offer" });
    await expect(banner).toHaveCount(0);

    // A reader who jumps from the top past the pricing (End, a long swipe): the sections above it
    // were never laid out, and "Learn More" must still land on the pricing's heading. Without
    // sections.ts the features section shrank on the way and the heading ended above the screen.
    await page
      .getByRole("heading", { name: "What's Coming to Pro?" })
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 40));
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Limited-Time Offer: Get the Pro plan at a special early-bird price!");
    const bottom = await page
      .locator("#pricing-section")
      .evaluate((element) => element.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThan(100);

    await banner.getByRole("button", { name: "Learn More" }).click();
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeInViewport();
    // The pricing on screen: no banner.
    await expect(banner).toHaveCount(0);
  });

  test("the drafting companion steps forward and back with recommendations", async ({ page }) => {
    // Reduced motion pauses the countdown ring, so on a slow machine no auto-advance slips in
    // between the clicks this test counts.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openLanding(page, { [STORAGE_KEYS.themeMode]: "light" });
    const board = demoBoard(page);
    await board.scrollIntoViewIfNeeded();
    await expect(board.getByText("Step 1 of 14")).toBeVisible();
    await expect(board.getByText(/Why:.*Orianna is your team's S-tier mid/)).toBeVisible();
    await expect(board.locator("[data-highlighted]")).toHaveCount(1);
    await expect(board.getByText("Orianna (Top suggestion)")).toBeAttached();
    const list = board.getByTestId("champion-list");
    await expect(list).toHaveCSS("max-height", "230px");
    await expect(list.getByText("Aatrox", { exact: true })).toBeVisible();

    await board.getByRole("button", { name: /^Next/ }).click();
    await expect(board.getByText("Step 2 of 14")).toBeVisible();
    await expect(board.getByRole("status")).toHaveText("Red is picking...");
    await expect(board.getByText("Pick 1: Orianna")).toBeAttached();
    await expect(board.getByText(/Why:/)).toHaveCount(0);

    await board.getByRole("button", { name: "Previous" }).click();
    await expect(board.getByText("Step 1 of 14")).toBeVisible();
    await expect(board.getByText("Pick 1: empty").first()).toBeAttached();
    await expect(board.getByRole("button", { name: "Previous" })).toBeDisabled();

    // Ban phase 2 opens with red's ban (the official order).
    for (let step = 0; step < 6; step++) await board.getByRole("button", { name: /^Next/ }).click();
    await expect(board.getByRole("status")).toHaveText("Red is banning...");

    for (let step = 6; step < 14; step++) await board.getByRole("button", { name: /^Next/ }).click();
    await expect(board.getByText("Draft Complete!").first()).toBeVisible();
    for (const benefit of [
      "First picks by tiers",
      "Counter-pick suggestions",
      "Synergy recommendations",
      "Team composition analysis",
    ]) {
      await expect(board.getByText(benefit)).toBeVisible();
    }
    await expect(board.getByRole("button", { name: /^Next/ })).toBeDisabled();
    // Demo slots are not buttons: nothing to modify.
    await expect(board.getByRole("button", { name: /Modify the draft/ })).toHaveCount(0);
    await board.getByRole("link", { name: "Start my plan" }).click();
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeInViewport();
  });

  test("the countdown ring advances the companion once per phase, only while it is on screen", async ({
    page,
  }) => {
    await page.clock.install();
    await openLanding(page);
    const board = demoBoard(page);
    const next = board.getByRole("button", { name: /^Next/ });
    await expect(next).toContainText("8");

    // Off-screen (hero in view): the countdown holds.
    await page.clock.runFor(DEMO_AUTO_ADVANCE_MS + 1000);
    await expect(board.getByText("Step 1 of 14")).toBeAttached();
    await expect(next).toContainText("8");

    await board.scrollIntoViewIfNeeded();
    await page.clock.runFor(3000);
    await expect(next).toContainText("5");
    await page.clock.runFor(DEMO_AUTO_ADVANCE_MS - 3000 + 100);
    await expect(board.getByText("Step 2 of 14")).toBeVisible();
    // The ring restarted from full for the new phase.
    await expect(next).toContainText("8");

    await page.clock.runFor(DEMO_AUTO_ADVANCE_MS + 100);
    await expect(board.getByText("Step 3 of 14")).toBeVisible();

    // A click advances at once and restarts the ring.
    await page.clock.runFor(4000);
    await next.click();
    await expect(board.getByText("Step 4 of 14")).toBeVisible();
    await expect(next).toContainText("8");
  });

  test("signed-in visitors get a dashboard button instead of sign up and sign in", async ({
    userPage,
    user,
  }) => {
    await openLanding(userPage);
    await expect(userPage.getByRole("link", { name: "Go to my dashboard" })).toHaveAttribute(
      "href",
      "/app/dashboard",
    );
    await expect(userPage.getByRole("link", { name: "Start Drafting for Free" })).toHaveCount(0);
    await expect(userPage.getByText(`Welcome back, ${user.first_name}.`)).toBeVisible();
  });

  test("speaks Spanish with euro prices formatted for Spain", async ({ page }) => {
    await openLanding(page, { [STORAGE_KEYS.language]: "es" });
    await expect(page.getByRole("link", { name: "Empieza a draftear gratis" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tu asistente de draft" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Elige tu plan" })).toBeAttached();
    await expect(page.getByTestId("price-pro")).toContainText(/25\s€/);
    await expect(page.getByTestId("price-community")).toContainText("Gratis");
    await expect(page.locator("#roadmap").getByText("Disponible ya").first()).toBeAttached();
    await expect(page).toHaveTitle(/Domina la estrategia de draft/);
  });

  test("fits a 390 px phone: no sideways scroll, 3-column champion list", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await openLanding(page);
    // Nothing of the landing page (the header belongs to the app shell) reaches past the screen.
    const widest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll("main *")].map((element) => element.getBoundingClientRect().right),
      ),
    );
    expect(widest).toBeLessThanOrEqual(390);
    const list = demoBoard(page).getByTestId("champion-list").locator("ul");
    await list.scrollIntoViewIfNeeded();
    const columns = await list.evaluate(
      (element) => getComputedStyle(element).gridTemplateColumns.split(" ").length,
    );
    expect(columns).toBe(3);
    // Tier cards stack in one column.
    const [community, plus] = await Promise.all(
      ["community", "plus"].map((key) => page.locator(`[data-plan="${key}"]`).boundingBox()),
    );
    expect(plus!.y).toBeGreaterThan(community!.y + community!.height - 1);
    for (const title of SECTION_TITLES.slice(1)) {
      const heading = page.getByRole("heading", { name: title, exact: true });
      await heading.scrollIntoViewIfNeeded();
      await expect(heading).toBeInViewport();
    }
    await context.close();
  });

  test("uses 5 champion columns from 768 px", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 768, height: 900 } });
    const page = await context.newPage();
    await openLanding(page);
    const list = demoBoard(page).getByTestId("champion-list").locator("ul");
    const columns = await list.evaluate(
      (element) => getComputedStyle(element).gridTemplateColumns.split(" ").length,
    );
    expect(columns).toBe(5);
    await context.close();
  });

  test("has no axe violations in light and dark, desktop and phone", async ({ browser }) => {
    // Four full-page axe scans: allow more than the default 30 s on a busy 2-core machine.
    test.slow();
    for (const theme of ["light", "dark"]) {
      for (const width of [1366, 390]) {
        const violations = await axeViolations(browser, { [STORAGE_KEYS.themeMode]: theme }, width);
        expect(violations, `${theme} at ${width}px`).toEqual([]);
      }
    }
  });
});
