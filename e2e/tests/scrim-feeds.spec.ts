import { STORAGE_KEYS } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { startProTrial } from "./plans-helpers.ts";

// The scrim ledger feeds the rest (issue 33, decision 058): a coach whose workspace is Weibo
// Gaming (the seeded sample's team) reads on the plan page how its branches fared in scrims and
// opens a game from there, then reads "how we draft" in scouting with official games and scrims
// kept apart; at 390 px, dark, in Spanish, with axe.

async function json<T>(
  request: APIRequestContext,
  user: TestUser,
  method: string,
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, { method, headers: authHeaders(user), ...(data ? { data } : {}) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.describe("the scrim ledger feeds the plan page and scouting", () => {
  test("a plan's branches in scrims, and our scrims beside our official games", async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const coach = await createUser(request);
    await startProTrial(request, coach);
    const teams = await json<{ id: number; name: string }[]>(request, coach, "GET", "/api/scouting/teams/");
    const weibo = teams.find((team) => team.name === "Weibo Gaming")!;
    expect(weibo).toBeTruthy();
    const workspace = await json<{ id: string }>(request, coach, "POST", "/api/workspaces/", {
      name: "Weibo staff",
      tag: "WBG",
      team_id: weibo.id,
    });
    await json(request, coach, "PUT", "/api/workspaces/current/", { workspace_id: workspace.id });
    const branch = (id: string, label: string) => ({ id, label, conditions: [], answer: [], children: [] });
    const plan = await json<{ id: string }>(request, coach, "POST", "/api/draft-plans/", {
      workspace_id: workspace.id,
      content: {
        name: "Blue engage",
        branches: [branch("poke", "Against poke"), branch("dive", "Against dive")],
      },
    });
    const champions = await json<{ id: number }[]>(request, coach, "GET", "/api/drafts/champions/");
    const ids = champions.map((c) => c.id);
    // Two scrims that followed "Against poke": one won, one lost.
    const scrims: { id: string; gameId: string }[] = [];
    for (const [day, winner] of [
      [3, "us"],
      [4, "them"],
    ] as const) {
      const scrim = await json<{ id: string; games: { id: string }[] }>(
        request,
        coach,
        "POST",
        `/api/workspaces/${workspace.id}/scrims/`,
        {
          opponent: { name: "Los Ratones" },
          starts_at: `2026-11-0${day}T18:00:00Z`,
          time_zone: "Europe/Madrid",
          games_count: 1,
          prepare_rooms: false,
        },
      );
      const base = `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}`;
      await json(request, coach, "PUT", `${base}/draft/`, {
        our_side: "BLUE",
        actions: ids.slice(0, 20).map((id) => ({ champion_id: id })),
      });
      await json(request, coach, "PUT", `${base}/result/`, { status: "played", winner, our_side: "BLUE" });
      await json(request, coach, "PUT", `${base}/review/`, {
        verdict: winner === "us" ? "draft_won" : "execution",
        plan_id: plan.id,
        branch_id: "poke",
      });
      scrims.push({ id: scrim.id, gameId: scrim.games[0]!.id });
    }

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, coach);
    await page.addInitScript(({ key, id }) => window.localStorage.setItem(key, id), {
      key: STORAGE_KEYS.currentWorkspace,
      id: workspace.id,
    });

    await page.goto(`/app/draft-plans/${plan.id}`);
    const section = page.getByRole("region", { name: "In our scrims" });
    await expect(section).toBeVisible();
    const poke = section.getByRole("row", { name: /Against poke/ });
    await expect(poke).toContainText("1-1 (50%)");
    await expect(poke).toContainText("2 of 2 games counted");
    await expect(poke).toContainText("Draft won it 1 · Execution 1");
    await expect(poke.getByTitle("Small sample: fewer than 5 games")).toBeVisible();
    await expect(section.getByRole("row", { name: /Against dive/ })).toContainText("No counted games");
    await expectAxeClean(page);
    // The newest game first; its link opens the scrim.
    await poke.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/scrims/${scrims[1]!.id}#game-${scrims[1]!.gameId}$`));

    // Scouting our own team: official games by default, our scrims one click away, never mixed.
    await page.goto(`/app/scouting/teams/${weibo.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Weibo Gaming" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Official games" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText(/^Based on 7 professional games/)).toBeVisible();
    await page.getByRole("button", { name: "Our scrims" }).click();
    await expect(page).toHaveURL(/source=scrims/);
    const ours = page.getByTestId("our-scrims");
    await expect(ours).toContainText("From our scrim ledger only");
    await expect(ours).toContainText("2 of 2 games counted");
    await expect(page.getByRole("region", { name: "Our picks" })).toContainText("2 games");
    await expect(page.getByText(/^Based on 7 professional games/)).toHaveCount(0);
    await expectAxeClean(page);
    await context.close();

    // 390 px, dark, Spanish: nothing overflows, both pages read in Spanish.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await signIn(mobile, coach);
    await mobile.addInitScript(
      ({ key, id }) => {
        window.localStorage.setItem(key, id);
        window.localStorage.setItem("language", "es");
        window.localStorage.setItem("themeMode", "dark");
      },
      { key: STORAGE_KEYS.currentWorkspace, id: workspace.id },
    );
    await mobile.goto(`/app/draft-plans/${plan.id}`);
    await expect(mobile.getByRole("region", { name: "En nuestros scrims" })).toContainText(
      "2 de 2 partidas contadas",
    );
    expect(
      await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAxeClean(mobile);
    await mobile.goto(`/app/scouting/teams/${weibo.id}?source=scrims`);
    await expect(mobile.getByRole("region", { name: "Nuestros picks" })).toBeVisible();
    expect(
      await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAxeClean(mobile);
    await phone.close();
  });
});
