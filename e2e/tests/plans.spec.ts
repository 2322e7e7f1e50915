import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, test } from "../support/fixtures.ts";
import { createDraft, createDrafts } from "./plans-helpers.ts";

/** Label of the drafts list's link to this screen (drafts namespace, `list.upgrade`). */
const UPGRADE_LINK = "Upgrade";

test.describe("subscription plans", () => {
  test("shows the current plan with usage, tier cards, the upgrade explanation and the FAQ", async ({
    browser,
    request,
  }) => {
    const user = await createUser(request);
    await createDrafts(request, user, 2);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/subscriptions");

    await expect(page.getByRole("heading", { name: "Subscription Plans", level: 1 })).toBeVisible();
    await expect(page.getByText("Choose the plan that best fits your coaching needs")).toBeVisible();

    const current = page.getByRole("region", { name: "Community" });
    await expect(current.getByText("Active", { exact: true })).toBeVisible();
    await expect(current.getByText("No billing: free plan")).toBeVisible();
    const usage = current.getByRole("progressbar", { name: "Draft sessions used" });
    await expect(usage).toHaveAttribute("aria-valuenow", "2");
    await expect(usage).toHaveAttribute("aria-valuemax", "3");
    await expect(current.getByText("2 of 3")).toBeVisible();
    await expect(current.getByText("1 draft session left on this plan")).toBeVisible();

    const community = page.getByRole("article", { name: "Community" });
    const plus = page.getByRole("article", { name: "Plus" });
    const pro = page.getByRole("article", { name: "Pro" });
    await expect(community.getByRole("button", { name: "Current Plan" })).toBeDisabled();
    await expect(community.getByText("Free", { exact: true })).toBeVisible();
    await expect(plus.getByText("€10 per month")).toBeAttached();
    await expect(plus.getByText("€96/year")).toBeVisible();
    await expect(plus.getByText("Save 20%")).toBeVisible();
    await expect(pro.getByText("Most Popular")).toBeVisible();
    await expect(pro.getByText("€300/year")).toBeVisible();
    await expect(plus.getByText("Most Popular")).toHaveCount(0);

    // Upgrade explains that online payment is not available yet and how to reach the team.
    await plus.getByRole("button", { name: "Upgrade" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Plus" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Online payment is not available yet.")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Email the team" })).toHaveAttribute(
      "href",
      /^mailto:support@draftroom\.gg\?subject=/,
    );
    await expectAxeClean(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Manage Plan opens the same explanation.
    await current.getByRole("button", { name: "Manage Plan" }).click();
    await expect(page.getByRole("dialog", { name: "Manage your plan" })).toBeVisible();
    await page.getByRole("button", { name: "Close" }).first().click();

    // FAQ
    await page.getByRole("button", { name: "Is there a free trial?" }).click();
    await expect(page.getByText("New users can try every Pro feature free for 14 days")).toBeVisible();
    await expectAxeClean(page);

    // Spanish: prices formatted for the locale, still in euros.
    await page.evaluate(() => localStorage.setItem("language", "es"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Planes de suscripción", level: 1 })).toBeVisible();
    await expect(page.getByRole("article", { name: "Plus" }).getByText(/^10\s€$/)).toBeVisible();
    await context.close();
  });

  test("at the limit the plan says so, and the 14-day Pro trial lifts it", async ({ browser, request }) => {
    const user = await createUser(request);
    await createDrafts(request, user, 3);
    const blocked = await createDraft(request, user, "Fourth");
    expect(blocked.status()).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: "plan_limit" });

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);
    // The dashboard's Create Draft area says the allowance is used up and links to the plans.
    await page.goto("/app/dashboard");
    await expect(page.getByText("No drafts left on Community")).toBeVisible();
    await page.getByRole("link", { name: UPGRADE_LINK }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions$/);
    const current = page.getByRole("region", { name: "Community" });
    await expect(current.getByText("3 of 3")).toBeVisible();
    await expect(current.getByText("You have reached your plan's limit.", { exact: false })).toBeVisible();

    await page.getByRole("button", { name: "Start 14-day free trial" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pro trial started" })).toBeVisible();
    const trial = page.getByRole("region", { name: "Pro" });
    await expect(trial.getByText("Free trial")).toBeVisible();
    await expect(trial.getByText("Trial ends")).toBeVisible();
    await expect(trial.getByText(/^1[34] days$/)).toBeVisible();
    await expect(trial.getByRole("progressbar")).toHaveCount(0);
    await expect(
      page.getByRole("article", { name: "Pro" }).getByRole("button", { name: "Current Plan" }),
    ).toBeDisabled();
    await expect(page.getByRole("button", { name: "Start 14-day free trial" })).toHaveCount(0);
    await expectAxeClean(page);

    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { name: "Draft Sessions", level: 1 })).toBeVisible();
    await expect(page.getByText("No drafts left on Community")).toHaveCount(0);

    // The limit is gone: a fourth draft can be saved.
    const fourth = await createDraft(request, user, "Fourth");
    expect(fourth.status()).toBe(201);
    // And the trial is one-time: the API refuses a second one.
    const again = await request.get("/api/subscriptions/", { headers: authHeaders(user) });
    expect(JSON.stringify(await again.json())).toContain('"trial_available":false');
    await context.close();
  });

  test("feature comparison: a toggle on desktop, a collapsible panel on mobile", async ({
    browser,
    request,
  }) => {
    const user = await createUser(request);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/subscriptions");

    const toggle = page.getByRole("button", { name: "Compare all features" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("table", { name: "Feature comparison" })).toHaveCount(0);
    await toggle.click();
    const table = page.getByRole("table", { name: "Feature comparison" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Feature", "Community", "Plus", "Pro"]);
    await expect(table.getByRole("row", { name: /Draft Sessions/ }).getByRole("cell")).toHaveText([
      "3",
      "Unlimited",
      "Unlimited",
    ]);
    await expect(table.getByRole("row", { name: /Advanced Analytics/ }).getByRole("cell")).toHaveText([
      "Not included",
      "Not included",
      "Included",
    ]);
    await expect(
      page.getByText("All plans include basic draft creation, champion selection and session management."),
    ).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole("button", { name: "Hide feature comparison" }).click();
    await expect(table).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const panel = page.getByRole("button", { name: "Feature comparison" });
    await expect(panel).toHaveAttribute("aria-expanded", "false");
    await panel.click();
    await expect(panel).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("table", { name: "Feature comparison" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await panel.click();
    await expect(page.getByRole("table", { name: "Feature comparison" })).toHaveCount(0);
    await context.close();
  });

  test("a failed load shows the error with Retry, which recovers", async ({ browser, request }) => {
    const user = await createUser(request);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.route("**/api/subscriptions/tiers/", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"detail":"down","code":"internal_error"}',
      }),
    );
    await page.goto("/app/subscriptions");
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to load subscription information" }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expectAxeClean(page);
    await page.unroute("**/api/subscriptions/tiers/");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("article", { name: "Pro" })).toBeVisible();
    await context.close();
  });
});
