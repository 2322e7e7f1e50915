import { STORAGE_KEYS } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE } from "../support/draft-order.ts";
import { authHeaders, expect, type TestUser, test } from "../support/fixtures.ts";
import { championIds } from "./plans-helpers.ts";

interface SeriesBody {
  id: string;
  team_a: { name: string };
  team_b: { name: string };
  games: { number: number; session_id: string; blue_team: "A" | "B" }[];
}

/** Plays a game's 20 steps through the API (the browser part of the test is what the user sees). */
async function playGame(request: APIRequestContext, user: TestUser, sessionId: string, ids: number[]) {
  for (const [index, [side, type]] of SEQUENCE.entries()) {
    const res = await request.post(`/api/drafts/sessions/${sessionId}/actions/`, {
      headers: authHeaders(user),
      data: { champion_id: ids[index], phase_number: index, action_type: type, team_side: side },
    });
    expect(res.status(), `step ${index}: ${await res.text()}`).toBe(201);
  }
}

async function getSeries(request: APIRequestContext, user: TestUser, id: string): Promise<SeriesBody> {
  const res = await request.get(`/api/series/${id}/`, { headers: authHeaders(user) });
  expect(res.status()).toBe(200);
  return (await res.json()) as SeriesBody;
}

test.describe("fearless series", () => {
  test("a hard-fearless Bo3: create, two games, locks with their reason, the score, the public view", async ({
    userPage: page,
    user,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const ids = await championIds(request);
    const pool = [...ids.values()];
    const nameOf = new Map([...ids].map(([name, id]) => [id, name]));

    // Reachable from the main navigation; the dialog says how the plan counts a series.
    await page.goto("/app/dashboard");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Series" })
      .click();
    await expect(page.getByRole("heading", { name: "Series", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "New series" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New fearless series" });
    await expect(dialog.getByText("A series counts as one saved draft on the Community plan")).toBeVisible();
    await dialog.getByLabel("Series name").fill("Finals prep");
    await dialog.getByLabel("League").selectOption({ label: "LEC" });
    const teamA = dialog.getByLabel("First team");
    await expect(teamA.locator("option")).not.toHaveCount(1);
    await teamA.selectOption({ index: 1 });
    await dialog.getByLabel("Second team").selectOption({ index: 2 });
    await dialog.getByRole("radio", { name: "Bo3" }).check();
    await dialog.getByRole("radio", { name: /Hard fearless/ }).check();
    await expectAxeClean(page);
    await dialog.getByRole("button", { name: "Create series" }).click();
    await expect(page).toHaveURL(/\/app\/series\/[0-9a-f-]{36}$/);
    const seriesId = page.url().split("/").pop()!;
    let series = await getSeries(request, user, seriesId);
    const [a, b] = [series.team_a.name, series.team_b.name];

    // Game 1 through the API: team A on blue picks pool[6] at step 6.
    await playGame(request, user, series.games[0]!.session_id, pool.slice(0, 20));
    await page.reload();
    const game1 = page.getByTestId("game-1");
    await game1.getByRole("button", { name: `${a} won` }).click();
    await expect(game1.getByRole("button", { name: `${a} won` })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("series-score")).toHaveText("1 – 0");

    // Game 2: the loser (B) chooses; the draft page greys game 1's picks with the reason.
    await expect(page.getByText(`${b} lost the last game and chooses the side`)).toBeVisible();
    await page.getByRole("button", { name: `${b} on blue` }).click();
    await expect(page).toHaveURL(/\/app\/draft\//);
    await expect(page.getByRole("link", { name: "Game 2 of Finals prep" })).toBeVisible();
    const lockedName = nameOf.get(pool[6]!)!;
    const lockedTile = page.getByRole("option", {
      name: `${lockedName}, locked: Picked by ${a} in game 1`,
    });
    await expect(lockedTile).toBeVisible();
    await expect(lockedTile).toHaveAttribute("aria-disabled", "true");
    // A game-1 ban is free again.
    await expect(page.getByRole("option", { name: nameOf.get(pool[0]!)!, exact: true })).toBeVisible();
    // (The draft page's full axe scan runs in drafts.spec.ts; the series screens are scanned here.)

    series = await getSeries(request, user, seriesId);
    const locked = await request.post(`/api/drafts/sessions/${series.games[1]!.session_id}/actions/`, {
      headers: authHeaders(user),
      data: { champion_id: pool[6], phase_number: 0, action_type: "BAN", team_side: "BLUE" },
    });
    expect(locked.status()).toBe(409);
    expect(((await locked.json()) as { code: string }).code).toBe("champion_locked");
    await playGame(request, user, series.games[1]!.session_id, pool.slice(20, 40));
    const won = await request.patch(`/api/series/${seriesId}/games/2/`, {
      headers: authHeaders(user),
      data: { winner: "A" },
    });
    expect(won.status()).toBe(200);

    // The series page: 2-0, finished, every locked champion per team with its reason.
    await page.goto(`/app/series/${seriesId}`);
    await expect(page.getByTestId("series-score")).toHaveText("2 – 0");
    await expect(page.getByText(`${a} wins the series 2 – 0`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Start game 3" })).toHaveCount(0);
    // Locked for both teams: listed once, not once per team.
    await expect(page.getByTestId("locked-both").getByRole("listitem")).toHaveCount(20);
    await expect(page.getByTestId("locked-both").getByText(`Picked by ${a} in game 1`).first()).toBeVisible();
    await expect(page.getByText(`Picked by ${a} in game 1`)).toHaveCount(5);
    await expectAxeClean(page);

    // The sessions list groups the two games under their series.
    await page.goto("/app/draft");
    await expect(page.getByRole("region", { name: "Series: Finals prep" }).getByRole("article")).toHaveCount(
      2,
    );

    // Logged out: the public series view, on a phone, in dark mode and in Spanish.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((keys) => {
      window.localStorage.setItem(keys.themeMode, "dark");
      window.localStorage.setItem(keys.language, "es");
    }, STORAGE_KEYS);
    const guest = await context.newPage();
    await guest.goto(`/app/public/series/${seriesId}`);
    await expect(guest.getByText("Vista pública de la serie")).toBeVisible();
    await expect(guest.getByTestId("series-score")).toHaveText("2 – 0");
    await expect(guest.getByRole("heading", { name: /Campeones bloqueados/ })).toBeVisible();
    await expect(guest.getByTestId("game-2")).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(guest);
    await context.close();
  });
});
