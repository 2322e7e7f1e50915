import type { Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { lockIn, openLiveRoom } from "../support/rooms.ts";

/**
 * The room as captains use it under the clock (issue 22): the turn banner said right to each seat,
 * the clock's tones, the tab title, the sound preference, the grid while waiting and the phone strip.
 * One room per test, every seat in its own context; screenshots under ROOM_UX_SHOTS when set.
 */

type Seat = { page: Page; close: () => Promise<void> };

async function seat(
  browser: Browser,
  path: string,
  opts: { width?: number; height?: number; theme?: "light" | "dark"; lang?: "en" | "es" } = {},
): Promise<Seat> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 },
    colorScheme: opts.theme ?? "light",
  });
  await context.addInitScript(
    ({ lang, theme }) => {
      window.localStorage.setItem("language", lang);
      window.localStorage.setItem("themeMode", theme);
    },
    { lang: opts.lang ?? "en", theme: opts.theme ?? "light" },
  );
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

async function shot(page: Page, name: string) {
  const dir = process.env.ROOM_UX_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function axe(page: Page) {
  await expectAxeClean(page);
}

test.describe("room ux", () => {
  test("the turn banner says whose turn it is to each seat, the clock turns amber then red, the title and sound follow", async ({
    browser,
    request,
    user,
  }) => {
    test.setTimeout(480_000);
    const room = await openLiveRoom(request, user, { turnSeconds: 30, bankSeconds: 0 });
    const blue = await seat(browser, room.links.blue);
    const red = await seat(browser, room.links.red, { theme: "dark", lang: "es" });
    const spectator = await seat(browser, room.links.spectator, { width: 390, height: 844 });

    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Waiting for the ready check");
    await blue.page.getByRole("button", { name: "I'm ready" }).click();
    await red.page.getByRole("button", { name: /listo/i }).click();

    const banner = blue.page.getByTestId("turn-banner");
    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Your ban");
    await expect(red.page.getByTestId("turn-headline")).toHaveText(`${room.blue} está baneando`);
    await expect(spectator.page.getByTestId("turn-headline")).toHaveText(`${room.blue} is banning`);
    await expect(blue.page).toHaveTitle(/^Your ban - 0:\d\d$/);
    await expect(blue.page.getByTestId("turn-announcement")).toHaveText("Your ban. 30 seconds.");
    await expect(banner).toHaveAttribute("data-tone", "calm");
    // The captain on the clock gets its team's suggestions from the engine (no error, no empty row).
    await expect(blue.page.getByRole("heading", { name: "Suggested bans for your team" })).toBeVisible();
    await expect(blue.page.getByText("Suggestions are not available right now.")).toHaveCount(0);
    await expect(blue.page.getByTestId("room-advice").getByRole("button").first()).toBeVisible();
    await shot(blue.page, "turn-blue-1366-light-en");
    await shot(red.page, "turn-red-1366-dark-es");
    await shot(spectator.page, "turn-spectator-390-light-en");

    // The sound is off by default, and remembered once turned on.
    const sound = blue.page.getByTestId("turn-sound");
    await expect(sound).toHaveAttribute("aria-pressed", "false");
    await sound.click();
    await expect(sound).toHaveAttribute("aria-pressed", "true");
    expect(await blue.page.evaluate(() => window.localStorage.getItem("draftroom.room.sound"))).toBe("on");

    await expect(banner).toHaveAttribute("data-tone", "amber", { timeout: 10_000 });
    await expect(banner).toHaveAttribute("data-tone", "red", { timeout: 15_000 });
    await expect(blue.page.getByTestId("turn-clock")).toHaveClass(/turn-clock-red/);
    await expect(blue.page.getByTestId("turn-announcement")).toHaveText("10 seconds left");
    await shot(blue.page, "turn-blue-red-1366");

    // Locking hands the turn over: red now reads its own ban.
    await lockIn(blue.page, "Aatrox", "BAN");
    await expect(red.page.getByTestId("turn-headline")).toHaveText("Tu ban");
    await expect(blue.page.getByTestId("turn-headline")).toHaveText(`${room.red} is banning`);
    for (const s of [blue, red, spectator]) await axe(s.page);
    await blue.page.reload();
    await expect(blue.page.getByTestId("turn-sound")).toHaveAttribute("aria-pressed", "true");
    for (const s of [blue, red, spectator]) await s.close();
  });

  test("on a phone both teams' picks and bans stay on screen; the waiting captain browses and marks a next pick that is never sent", async ({
    browser,
    request,
    user,
  }) => {
    test.setTimeout(480_000);
    const room = await openLiveRoom(request, user);
    const blue = await seat(browser, room.links.blue, { width: 390, height: 844, theme: "dark" });
    const red = await seat(browser, room.links.red, { width: 390, height: 844, lang: "es" });
    const spectator = await seat(browser, room.links.spectator);
    await blue.page.getByRole("button", { name: "I'm ready" }).click();
    await red.page.getByRole("button", { name: /listo/i }).click();
    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Your ban");

    // Red waits with the grid: short names find champions, a click marks the next one, nothing is sent.
    const browse = red.page.getByTestId("browse-panel");
    await expect(browse).toBeVisible();
    await red.page.getByRole("searchbox").fill("mf");
    await expect(browse.getByRole("option")).toHaveCount(1);
    await browse.getByRole("option", { name: "Miss Fortune", exact: true }).click();
    await expect(red.page.getByTestId("next-up")).toContainText("Miss Fortune");
    await red.page.getByRole("searchbox").fill("j4");
    await expect(browse.getByRole("option", { name: "Jarvan IV", exact: true })).toBeVisible();
    await expect(spectator.page.getByText("Miss Fortune")).toHaveCount(0);

    await lockIn(blue.page, "Aatrox", "BAN");
    // Red's turn starts with its marked champion selected: one press locks it.
    await expect(red.page.getByTestId("turn-headline")).toHaveText("Tu ban");
    await red.page.getByRole("button", { name: /Banear/ }).click();

    // The phone's first screen: banner, both teams' strips (with both bans), then the grid.
    const strip = blue.page.getByTestId("compact-draft-strip");
    await expect(strip.locator('[data-strip-team="blue"]')).toContainText("Aatrox");
    await expect(strip.locator('[data-strip-team="red"]')).toContainText("Miss Fortune");
    const box = await strip.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(844);
    await blue.page.mouse.wheel(0, 600);
    const after = await strip.boundingBox();
    expect(after?.y).toBeGreaterThanOrEqual(0);
    expect(after && after.y + after.height).toBeLessThan(844);
    await shot(blue.page, "phone-blue-dark-scrolled");
    await shot(red.page, "phone-red-es");
    for (const s of [blue, red]) await axe(s.page);
    for (const s of [blue, red, spectator]) await s.close();
  });

  test("a malformed or unknown room link is answered as not valid at once", async ({ page }) => {
    // What is timed is the room's answer, not a cold browser parsing the app's bundle: load the app
    // once first (a user following a link has it from the network either way).
    await page.goto("/app/room/warm-up");
    await expect(page.getByRole("heading", { name: "This room link is not valid" })).toBeVisible();
    for (const path of [
      "/app/room/0f8fad5b-d9cb-469f-a165-70867728950#token",
      "/app/room/0f8fad5b-d9cb-469f-a165-708677289501#token",
    ]) {
      const started = Date.now();
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "This room link is not valid" })).toBeVisible({
        timeout: 2_000,
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    }
    await axe(page);
  });

  test("the organiser sees the board first and copies every link as one message", async ({
    request,
    user,
    userPage,
  }) => {
    const room = await openLiveRoom(request, user);
    await userPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await userPage.goto(`/app/room/${room.id}`);
    const board = userPage.getByTestId("turn-banner");
    const links = userPage.getByRole("heading", { name: "Links to hand out" });
    await expect(links).toBeVisible();
    const boardBox = await board.boundingBox();
    const linksBox = await links.boundingBox();
    expect(boardBox!.y).toBeLessThan(linksBox!.y);
    expect(boardBox!.y).toBeLessThan(300);
    // A room made through the API shows no tokens here: the organiser makes new links first.
    for (const link of ["Blue captain", "Red captain", "Spectator"]) {
      await userPage.getByRole("button", { name: `New ${link} link (the old one stops working)` }).click();
      await expect(userPage.getByRole("textbox", { name: link, exact: true })).toHaveValue(/#/);
    }
    await userPage.getByTestId("copy-all-links").click();
    await expect(userPage.getByText("Every link copied as one message")).toBeVisible();
    const copied = await userPage.evaluate(() => navigator.clipboard.readText());
    expect(copied.split("\n")[0]).toBe("Scrim night");
    expect(copied).toContain(`Blue captain (${room.blue}): `);
    expect(copied).toContain(`Red captain (${room.red}): `);
    expect(copied).toMatch(/Spectator: http.*\/app\/room\//);
    await shot(userPage, "organiser-1366");
    await axe(userPage);
  });
});
