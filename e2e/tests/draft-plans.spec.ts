import { expectAxeClean } from "../support/axe.ts";
import { createUser, expect, signIn, test } from "../support/fixtures.ts";

// A coach writes a two-branch plan against the seeded sample's Weibo Gaming, sees a problem
// flagged inline, saves, restores a version, drills it against the modelled opponent, and reads it
// at phone width and in Spanish.
test.describe("draft plans", () => {
  test("a coach writes a two-branch plan, drills it, restores a version; axe, 390 px, Spanish", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createUser(request);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/draft-plans");
    await expect(page.getByRole("heading", { level: 1, name: "Draft plans" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No plans yet" })).toBeVisible();
    await expectAxeClean(page);

    await page.getByRole("button", { name: "New plan" }).first().click();
    await expect(page).toHaveURL(/\/app\/draft-plans\/[0-9a-f-]{36}$/);
    await page.getByRole("textbox", { name: "Plan name" }).fill("vs Weibo, blue");
    // The opponent is chosen from the teams with games, with a link to its scouting.
    await page.getByRole("combobox", { name: "Opponent team" }).click();
    await page.getByPlaceholder("Search a team or a league").fill("Weibo");
    await page.getByRole("option", { name: /^Weibo Gaming · / }).click();
    await expect(page.getByRole("link", { name: "Scouting report of Weibo Gaming" })).toBeVisible();

    // Add opens the champion search (nothing is inserted before a choice). A first-phase ban,
    // then the same champion as a first pick: flagged inline at once.
    const pick = async (add: string, champion: string) => {
      await page.getByRole("combobox", { name: add }).click();
      await page.getByPlaceholder("Search champions…").fill(champion);
      await page.getByRole("option", { name: champion, exact: true }).click();
    };
    await pick("Add a ban", "Aatrox");
    // A ban is one row on a desktop: its phase, champion and reason side by side.
    const bans = page.getByRole("region", { name: "Target bans" });
    const tops = await Promise.all(
      [
        bans.getByRole("combobox", { name: "Ban phase 1" }),
        bans.getByRole("combobox", { name: "Champion" }),
        bans.getByRole("textbox", { name: "Reason" }),
      ].map(async (field) => Math.round((await field.boundingBox())?.y ?? -1)),
    );
    expect(new Set(tops).size, `tops ${tops.join(", ")}`).toBe(1);
    await pick("Add a first pick", "Aatrox");
    await expect(page.getByText(/This pick is banned earlier by the plan itself/).first()).toBeVisible();
    // Moving the pick's champion elsewhere: choose another champion from the search.
    const firstPicks = page.getByRole("region", { name: /First-pick options/ });
    await firstPicks.getByRole("combobox", { name: "Champion" }).click();
    await page.getByPlaceholder("Search champions…").fill("Azir");
    await page.getByRole("option", { name: "Azir" }).click();
    await expect(page.getByText(/This pick is banned earlier by the plan itself/)).toHaveCount(0);

    // Two branches.
    const branches = page.getByRole("region", { name: "Branches" });
    await page.getByRole("button", { name: "Add branch" }).click();
    await page.getByRole("button", { name: "Add branch" }).click();
    await expect(branches.getByRole("textbox", { name: "Branch label" })).toHaveCount(2);
    await branches.getByRole("textbox", { name: "Branch label" }).nth(0).fill("They first-pick");
    await branches.getByRole("textbox", { name: "Branch label" }).nth(1).fill("Same condition");
    // Both new branches wait for their first pick of the first champion, which our own first
    // ban removes: flagged inline as a branch that can never match.
    await expect(
      page
        .getByText("This branch can never match (it needs a champion our own first-phase ban removes)")
        .first(),
    ).toBeVisible();
    await branches.getByRole("button", { name: "Add action" }).first().click();

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Plan saved (version 2)")).toBeVisible();

    // Versions (under More): restore version 1 as version 3.
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Versions" }).click();
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByText("Version 1 restored as a new version")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "New plan" })).toBeVisible();
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Versions" }).click();
    await page.getByRole("button", { name: "Restore version 2" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "vs Weibo, blue" })).toBeVisible();

    // The drill, reached from the top, in a coach's words: counts of what, no engine steps.
    await page.getByRole("button", { name: "Drill", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Against the modelled opponent" })).toBeFocused();
    await page.getByLabel("Drafts").fill("20");
    await page.getByRole("button", { name: "Run the drill" }).click();
    await expect(page.getByText(/Weibo Gaming: 7 games in our data/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("note")).toContainText("a small history");
    await expect(page.getByText(/of 20 simulated drafts/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Where the plan had no answer" })).toBeVisible();
    await expect(page.getByText(/^At (our|their) \w+ (ban|pick): no answer/).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Against the modelled opponent" })).not.toContainText(
      /Step \d| ms\b/,
    );
    await expectAxeClean(page);

    // Phone width: nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { level: 1, name: "vs Weibo, blue" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);

    // The printable sheet, then Spanish.
    await page.getByRole("button", { name: "Print sheet" }).click();
    await expect(page.getByRole("article", { name: "Draft plan sheet" })).toBeVisible();
    await page.getByRole("button", { name: "Back to the editor" }).click();
    await page.evaluate(() => localStorage.setItem("language", "es"));
    await page.reload();
    await expect(page.getByRole("button", { name: "Guardar" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ramas" })).toBeVisible();
    await expectAxeClean(page);
    await page.goto("/app/draft-plans");
    await expect(page.getByRole("heading", { level: 1, name: "Planes de draft" })).toBeVisible();
    await expect(page.getByRole("link", { name: /vs Weibo, blue/ })).toBeVisible();

    // The fearless budget: the same plan for games 1 and 3 relies on what game 1 spends.
    await page.getByLabel("Partida 1").selectOption({ label: "vs Weibo, blue" });
    await page.getByLabel("Partida 3").selectOption({ label: "vs Weibo, blue" });
    await page.getByRole("button", { name: "Comprobar el presupuesto" }).click();
    await expect(page.getByText("La partida 3 depende de Azir, que gasta la partida 1")).toBeVisible();
    await expectAxeClean(page);
    await context.close();
  });
});
