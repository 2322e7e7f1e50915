import type { APIRequestContext, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import {
  appTookOver,
  authHeaders,
  createUser,
  expect,
  signIn,
  type TestUser,
  test,
} from "../support/fixtures.ts";
import { newThemedPage } from "../support/screens.ts";

type Named = { id: number; name: string };
const list = <T>(body: T[] | { results: T[] }): T[] => (Array.isArray(body) ? body : body.results);

async function teamsOf(request: APIRequestContext, user: TestUser) {
  const headers = authHeaders(user);
  const leagues = list((await (await request.get("/api/drafts/leagues/", { headers })).json()) as Named[]);
  const url = `/api/drafts/leagues/${leagues[0]!.id}/teams/`;
  const teams = list((await (await request.get(url, { headers })).json()) as Named[]);
  return { leagueId: leagues[0]!.id, teams };
}

/** A session between the first two teams of the first league, with its first `steps` saved. */
async function sessionWith(request: APIRequestContext, user: TestUser, steps: number, pickTimer = 300) {
  const { leagueId, teams } = await teamsOf(request, user);
  const body = {
    title: "Board check",
    league_id: leagueId,
    blue_team_id: teams[0]!.id,
    red_team_id: teams[1]!.id,
    settings: { ban_timer: 300, pick_timer: pickTimer, auto_advance: false },
  };
  const res = await request.post("/api/drafts/sessions/", { headers: authHeaders(user), data: body });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const champions = (await (await request.get("/api/drafts/champions/")).json()) as Named[];
  const ids = new Map(champions.map((champion) => [champion.name, champion.id]));
  for (let index = 0; index < steps; index++) {
    const [side, type] = SEQUENCE[index]!;
    const saved = await request.post(`/api/drafts/sessions/${id}/actions/`, {
      headers: authHeaders(user),
      data: { champion_id: ids.get(TWENTY[index]!), phase_number: index, action_type: type, team_side: side },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  return { id, blue: teams[0]!.name, red: teams[1]!.name, blueTeamId: teams[0]!.id, leagueId, teams };
}

async function noSidewaysScroll(page: Page, what: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client);
}

async function axeClean(page: Page, what: string) {
  await test.step(what, () => expectAxeClean(page));
}

// Data Dragon's CDN is out of reach here: every picture is the monogram unless a test serves one.
test.describe("the draft board", () => {
  test("at 1366 and 390 px, light and dark, English and Spanish: readable, axe clean, no sideways scroll", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const user = await createUser(request);
    const draft = await sessionWith(request, user, 9);
    for (const width of [1366, 390]) {
      for (const theme of ["light", "dark"]) {
        for (const lang of ["en", "es"]) {
          const what = `${width} ${theme} ${lang}`;
          const { context, page } = await newThemedPage(browser, baseURL!, width, theme, lang);
          await signIn(page, user);
          await page.goto(`/app/draft/${draft.id}`);
          const grid = page.getByRole("listbox");
          await expect(grid.getByRole("option").first()).toBeVisible();
          // The step, the timer and the grid share the first screen; the names show once each.
          await expect(page.getByRole("timer")).toBeInViewport();
          await expect(grid).toBeInViewport();
          await expect(page.getByRole("heading", { name: draft.blue, exact: true })).toHaveCount(1);
          // Bans are named on the board (Aatrox was Blue's first ban).
          const blueBans = page.getByRole("list", {
            name: lang === "en" ? `${draft.blue} bans` : `Bans de ${draft.blue}`,
          });
          await expect(blueBans.getByText("Aatrox", { exact: true })).toBeVisible();
          await noSidewaysScroll(page, what);
          // axe is slow: each theme, language and width is checked once across the four pairs.
          if ((width === 1366) === (theme === "light") ? lang === "en" : lang === "es")
            await axeClean(page, what);
          await context.close();
        }
      }
    }
  });

  test("position filters, the selection in the slot on the clock, and a monogram when a picture fails", async ({
    userPage: page,
    user,
    request,
  }) => {
    const draft = await sessionWith(request, user, 9);
    // Ashe's icon loads; every other picture fails (the CDN is unreachable).
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.route("**/img/champion/*.png", (route) =>
      route.request().url().endsWith("/Ashe.png")
        ? route.fulfill({ status: 200, contentType: "image/png", body: png })
        : route.abort(),
    );
    await page.goto(`/app/draft/${draft.id}`);
    const grid = page.getByRole("listbox", { name: "Select Champion to Pick" });
    await expect(
      grid.getByRole("option", { name: "Ashe", exact: true }).locator("[data-champion-image]"),
    ).toHaveAttribute("data-champion-image", "icon");
    await expect(
      grid.getByRole("option", { name: "Aphelios", exact: true }).locator("[data-champion-image]"),
    ).toHaveAttribute("data-champion-image", "monogram");
    await expect(grid.getByRole("option", { name: "Aphelios", exact: true })).toContainText("Ap");

    // Positions (from the champions' roles and the match statistics), not Riot classes.
    await page.getByRole("button", { name: "Support", exact: true }).click();
    await expect(grid.getByRole("option", { name: "Braum", exact: true })).toBeVisible();
    await expect(grid.getByRole("option", { name: "Aphelios", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Bot", exact: true }).click();
    await expect(grid.getByRole("option", { name: "Aphelios", exact: true })).toBeVisible();
    await expect(grid.getByRole("option", { name: "Braum", exact: true })).toHaveCount(0);

    // The champion being considered shows in the pick on the clock.
    await grid.getByRole("option", { name: "Aphelios", exact: true }).click();
    const bluePicks = page.getByRole("list", { name: `${draft.blue} picks` });
    await expect(bluePicks.locator("[aria-current=step]")).toContainText("Aphelios");
    await expect(bluePicks.locator("[aria-current=step]")).toHaveAttribute("data-state", "hover");
  });

  test("completion: one summary, Who won? first, Start New Draft second; the public view shows the timer", async ({
    userPage: page,
    user,
    request,
    browser,
  }) => {
    const done = await sessionWith(request, user, 20);
    await page.goto(`/app/draft/${done.id}`);
    await expect(page.getByRole("heading", { name: "Draft Complete!" })).toBeVisible();
    // Each pick appears once on the page (not in a line-up and a list besides the board).
    for (const name of [TWENTY[6]!, TWENTY[19]!])
      await expect(page.getByText(name, { exact: true })).toHaveCount(1);
    const winner = page.getByRole("group", { name: "Who won?" });
    await expect(winner.getByRole("button", { name: `${done.blue} won` })).toBeVisible();
    const startNew = page.getByRole("button", { name: "Start New Draft" });
    await appTookOver(page);
    const [winnerBox, startBox] = [await winner.boundingBox(), await startNew.boundingBox()];
    expect(winnerBox!.y).toBeLessThan(startBox!.y);
    await winner.getByRole("button", { name: `${done.red} won` }).click();
    await expect(winner.getByRole("button", { name: `${done.red} won` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Logged out, the public view of a draft on the clock counts the step's time down.
    const live = await sessionWith(request, user, 3, 120);
    const guest = await browser.newContext();
    const view = await guest.newPage();
    await view.goto(`/app/public/draft/${live.id}`);
    const timer = view.getByRole("timer");
    await expect(timer).toBeVisible();
    await expect.poll(async () => Number(await timer.getAttribute("data-remaining"))).toBeGreaterThan(100);
    await guest.close();
  });

  test("every draft screen fits 390 px in Spanish", async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    const user = await createUser(request);
    const mid = await sessionWith(request, user, 9);
    const done = await sessionWith(request, user, 20);
    const room = await request.post("/api/rooms/", {
      headers: authHeaders(user),
      data: {
        session: {
          title: "Sala",
          league_id: mid.leagueId,
          blue_team_id: mid.teams[0]!.id,
          red_team_id: mid.teams[1]!.id,
          settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
        },
        turn_seconds: 300,
        bank_seconds: 60,
      },
    });
    expect(room.status(), await room.text()).toBe(201);
    const roomId = ((await room.json()) as { id: string }).id;
    const screens = [
      ["sessions", "/app/dashboard"],
      ["draft", `/app/draft/${mid.id}`],
      ["complete", `/app/draft/${done.id}`],
      ["public", `/app/public/draft/${mid.id}`],
      ["priorities", `/app/teams/${mid.blueTeamId}/priorities?session=${mid.id}`],
      ["room", `/app/room/${roomId}`],
      ["series", "/app/series"],
    ] as const;
    // Widths do not depend on the theme: one pass in dark, axe on the screens this slice changed.
    const { context, page } = await newThemedPage(browser, baseURL!, 390, "dark", "es");
    await signIn(page, user);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /Cargando/ })).toHaveCount(0);
      await noSidewaysScroll(page, name);
      if (name === "draft") {
        // The lock bar names the selection beside "Banear campeón": its words are never cut.
        await page.getByRole("option", { name: TWENTY[9]!, exact: true }).click();
        const selection = page.locator("p[aria-live='polite']").filter({ hasText: TWENTY[9]! });
        await expect(selection).toBeVisible();
        const fits = await selection.evaluate(
          (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
        );
        expect(fits, "the selection's name is cut in the lock bar").toBe(true);
      }
      if (["complete", "public", "priorities"].includes(name)) await axeClean(page, name);
    }
    await context.close();
  });
});
