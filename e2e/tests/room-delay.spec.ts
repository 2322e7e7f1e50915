import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { joinAs, lockIn, openLiveRoom, readyBoth, setSpectatorDelay } from "../support/rooms.ts";

const DELAY_SECONDS = 3;

/** A line of the room's event log (the live region repeats the last one for screen readers). */
const logLine = (page: Page, text: string) => page.getByRole("list", { name: "Event log" }).getByText(text);

test.describe("room corrections, spectator delay and the broadcast overlay", () => {
  test("a misclick corrected with approval, a delayed spectator, a live overlay", async ({
    browser,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const room = await openLiveRoom(request, user, { delaySeconds: DELAY_SECONDS });
    const blue = await joinAs(browser, room.links.blue);
    const red = await joinAs(browser, room.links.red);
    const spectator = await joinAs(browser, room.links.spectator);
    await expect(spectator.page.getByTestId("room-delay")).toHaveText(`${DELAY_SECONDS} s delay`);
    await readyBoth(blue.page, red.page);

    // Blue misclicks its first ban; the spectator sees it only after the delay.
    const lockedAt = Date.now();
    await lockIn(blue.page, "Aatrox", "BAN");
    await expect(logLine(red.page, `${room.blue} banned Aatrox`)).toBeVisible();
    await expect(logLine(spectator.page, `${room.blue} banned Aatrox`)).toHaveCount(0);
    await expect(logLine(spectator.page, `${room.blue} banned Aatrox`)).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000);

    // Blue asks to change it; red approves; both see the log entry, blue is told.
    await blue.page.getByRole("button", { name: "Misclick? Ask to change Aatrox" }).click();
    await expect(blue.page.getByText("Choose the champion you meant")).toBeVisible();
    await lockIn(blue.page, "Ahri", "BAN");
    await expect(
      blue.page.getByRole("heading", { name: "Waiting for a decision: Aatrox to Ahri" }),
    ).toBeVisible();
    const banner = red.page.getByTestId("correction-banner");
    await expect(
      banner.getByRole("heading", { name: `${room.blue} asks to change Aatrox to Ahri` }),
    ).toBeVisible();
    await banner.getByRole("button", { name: "Approve" }).click();
    const approved = `${room.red} captain approved: step 1 is now Ahri`;
    await expect(logLine(red.page, approved)).toBeVisible();
    await expect(logLine(blue.page, approved)).toBeVisible();
    await expect(logLine(spectator.page, approved)).toBeVisible({ timeout: 10_000 });
    await expect(red.page.getByText("Your turn: ban")).toBeVisible();

    // The overlay follows the public view: with no delay it shows a lock within a second.
    await setSpectatorDelay(request, user, room.id, 0);
    const overlay = await joinAs(browser, `/overlay/${room.sessionId}?theme=dark`, {
      viewport: { width: 1920, height: 1080 },
    });
    const blueBans = overlay.page.getByTestId("overlay-bans-blue");
    await expect(blueBans.getByText("Ahri")).toBeVisible();
    await expect(overlay.page.getByTestId("overlay-team-blue")).toHaveText(room.blue);
    await red.page.getByRole("option", { name: "Akali", exact: true }).click();
    const redLockedAt = Date.now();
    await red.page.getByRole("button", { name: "Ban Champion" }).click();
    await expect(overlay.page.getByTestId("overlay-bans-red").getByText("Akali")).toBeVisible({
      timeout: 1000,
    });
    expect(Date.now() - redLockedAt).toBeLessThan(1500);
    const scroll = await overlay.page.evaluate(() => ({
      x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
      buttons: document.querySelectorAll("button, input, select, a").length,
    }));
    expect(scroll).toEqual({ x: 0, y: 0, buttons: 0 });
    const axe = await new AxeBuilder({ page: overlay.page }).analyze();
    expect(axe.violations).toEqual([]);

    for (const seat of [blue, red, spectator, overlay]) await seat.context.close();
  });
});
