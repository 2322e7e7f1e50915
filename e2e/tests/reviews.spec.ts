import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";

/** Reviews are shared between users, so every test works in its own season. */
function uniqueSeason(): string {
  return `E2E ${randomBytes(3).toString("hex")}`;
}

async function firstLeagueAndTeams(request: APIRequestContext, user: TestUser) {
  const headers = authHeaders(user);
  const leagues = (await (await request.get("/api/drafts/leagues/", { headers })).json()) as {
    id: number;
    name: string;
    is_custom: boolean;
  }[];
  const league = leagues.find((candidate) => !candidate.is_custom)!;
  const teams = (await (
    await request.get(`/api/drafts/leagues/${league.id}/teams/`, { headers })
  ).json()) as {
    id: number;
    name: string;
  }[];
  return { league, teams };
}

async function createReviewApi(
  request: APIRequestContext,
  user: TestUser,
  body: { league_id: number; team_id: number; season: string; title: string; status?: string },
) {
  const res = await request.post("/api/rosters/reviews/", {
    headers: authHeaders(user),
    data: { description: "Summary", review_text: "Details", players: [], ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("roster reviews", () => {
  test("create: every field required with its validation message, then success", async ({
    browser,
    request,
  }) => {
    const user = await createUser(request);
    const { league, teams } = await firstLeagueAndTeams(request, user);
    const season = uniqueSeason();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);

    await page.goto("/app/rosters/reviews");
    await expect(page.getByRole("heading", { name: "Roster Reviews", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New Review" }).click();
    await expect(page).toHaveURL(/\/app\/rosters\/reviews\/create$/);

    await page.getByRole("button", { name: "Create review" }).click();
    for (const message of [
      "League is required",
      "Season is required",
      "Team is required",
      "Title is required",
      "Description is required",
      "Review text is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("combobox", { name: "League" })).toBeFocused();
    await expectAxeClean(page);

    await choose(page, "League", league.name);
    await expect(page.getByText("League is required")).toHaveCount(0);
    await choose(page, "Team", teams[0]!.name);
    await page.getByLabel("Season").fill(season);
    await page.getByLabel("Title").fill("Mid laner swap before playoffs");
    await page.getByLabel("Description").fill("Academy mid laner promoted.");
    await page
      .getByRole("textbox", { name: "Review", exact: true })
      .fill("Two sources confirm the swap after scrims.");
    await page.getByRole("button", { name: "Add player" }).click();
    await page.getByRole("button", { name: "Create review" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    await page.getByLabel("Player name").fill("Nova");
    await page.getByLabel("Position").selectOption("mid");
    await page.getByLabel("Player status").selectOption("signed");

    // A server failure keeps the form and says so.
    await page.route("**/api/rosters/reviews/", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: '{"detail":"x","code":"internal_error"}',
          })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Create review" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to create review" })).toBeVisible();
    await page.unroute("**/api/rosters/reviews/");

    await page.getByRole("button", { name: "Create review" }).click();
    await expect(page).toHaveURL(/\/app\/rosters\/reviews\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole("heading", { name: "Mid laner swap before playoffs", level: 1 }),
    ).toBeVisible();
    await expect(page.locator('[data-status="rumor"]').first()).toHaveText("Rumor");
    const players = page.getByRole("region", { name: "Players" });
    await expect(players.getByText("Nova")).toBeVisible();
    await expect(players.getByText("Mid")).toBeVisible();
    await expect(players.locator('[data-status="signed"]')).toHaveText("Signed");
    await expectAxeClean(page);

    // The new review is in the list, found by its season.
    await page.getByRole("link", { name: "All reviews" }).click();
    await page.getByLabel("Season").fill(season);
    await expect(page).toHaveURL(new RegExp(`season=${encodeURIComponent(season).replace(/%20/g, "\\+")}`));
    await expect(page.getByText("1 review", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mid laner swap before playoffs" })).toBeVisible();
    await context.close();
  });

  test("owners edit and delete with confirmation; others only read", async ({ browser, request }) => {
    const owner = await createUser(request);
    const other = await createUser(request);
    const { league, teams } = await firstLeagueAndTeams(request, owner);
    const season = uniqueSeason();
    const review = await createReviewApi(request, owner, {
      league_id: league.id,
      team_id: teams[1]!.id,
      season,
      title: "Support benched",
    });

    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other);
    await otherPage.goto(`/app/rosters/reviews/${review.id}`);
    await expect(otherPage.getByRole("heading", { name: "Support benched" })).toBeVisible();
    await expect(otherPage.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(otherPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await otherContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto(`/app/rosters/reviews/${review.id}`);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit review" })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Support benched");
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await page.getByLabel("Title").fill("Support benched, confirmed");
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("confirmed");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { name: "Support benched, confirmed", level: 1 })).toBeVisible();
    await expect(page.locator('[data-status="confirmed"]').first()).toHaveText("Confirmed");

    // Delete asks first; Cancel keeps the review.
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this review?" });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Support benched, confirmed" })).toBeVisible();

    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete review" }).click();
    await expect(page).toHaveURL(/\/app\/rosters\/reviews$/);
    const gone = await request.get(`/api/rosters/reviews/${review.id}/`, { headers: authHeaders(owner) });
    expect(gone.status()).toBe(404);
    await context.close();
  });

  test("list filters by league, team, season and status", async ({ browser, request }) => {
    const user = await createUser(request);
    const { league, teams } = await firstLeagueAndTeams(request, user);
    const season = uniqueSeason();
    await createReviewApi(request, user, {
      league_id: league.id,
      team_id: teams[0]!.id,
      season,
      title: "Alpha rumor",
    });
    await createReviewApi(request, user, {
      league_id: league.id,
      team_id: teams[1]!.id,
      season,
      title: "Bravo confirmed",
      status: "confirmed",
    });
    await createReviewApi(request, user, {
      league_id: league.id,
      team_id: teams[1]!.id,
      season,
      title: "Charlie denied",
      status: "denied",
    });

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto(`/app/rosters/reviews?season=${encodeURIComponent(season)}`);
    await expect(page.getByText("3 reviews", { exact: true })).toBeVisible();
    await expectAxeClean(page);

    await page.getByLabel("Status").selectOption("confirmed");
    await expect(page.getByText("1 review", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bravo confirmed" })).toBeVisible();
    await page.getByLabel("Status").selectOption("");

    await expect(page.getByRole("combobox", { name: "Team" })).toBeDisabled();
    await choose(page, "League", league.name);
    await choose(page, "Team", teams[1]!.name);
    await expect(page.getByText("2 reviews", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Alpha rumor" })).toHaveCount(0);

    await page.getByLabel("Status").selectOption("rumor");
    await expect(page.getByRole("heading", { name: "No reviews match your filters" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/app\/rosters\/reviews$/);

    // Mobile: the filters sit in a collapsible panel.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/rosters/reviews?season=${encodeURIComponent(season)}`);
    const toggle = page.getByRole("button", { name: /Filters/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Status")).toBeHidden();
    await toggle.click();
    await expect(page.getByLabel("Status")).toBeVisible();
    await expect(page.getByText("3 reviews", { exact: true })).toBeVisible();
    await expectAxeClean(page);
    await context.close();
  });
});
