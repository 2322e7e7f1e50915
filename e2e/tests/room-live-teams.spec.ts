import type { Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { joinAsMember, joinRoomLink, lockIn, openLiveRoom, setSpectatorDelay } from "../support/rooms.ts";

const DELAY_SECONDS = 3;

/** A line of the room's event log (the live region repeats the last one for screen readers). */
const logLine = (page: Page, text: string) => page.getByRole("list", { name: "Event log" }).getByText(text);

/**
 * A live room as a team meets it, in four contexts: the blue captain, a coach on the blue team
 * link, the red captain (in Spanish) and a spectator delayed by 3 s. The coach suggests, the captain
 * locks the suggestion with one key, asks to correct it and the red captain approves; the spectator
 * sees each lock only after the delay and never a hover; nothing of the blue team's channel reaches
 * the red side. Then the broadcast overlay, with no delay, shows a lock within a second.
 */
test.describe("live rooms: team seats, corrections, spectator delay, overlay", () => {
  test("two captains, a coach and a delayed spectator draft; the overlay follows live", async ({
    browser,
    request,
    user,
  }) => {
    // Five contexts on two shared cores: minutes when the machine is busy.
    test.setTimeout(300_000);
    const room = await openLiveRoom(request, user, { delaySeconds: DELAY_SECONDS });
    const blue = await joinRoomLink(browser, room.path("blue_captain"));
    const coach = await joinRoomLink(browser, room.path("blue_team"));
    const red = await joinRoomLink(browser, room.path("red_captain"), { language: "es" });
    const spectator = await joinRoomLink(browser, room.links.spectator);
    await expect(spectator.page.getByTestId("room-delay")).toHaveText(`${DELAY_SECONDS} s delay`);

    // The coach names themself; the member view has the team chat, private to the team.
    await joinAsMember(coach.page, "Coach Kim");
    await expect(coach.page.getByText(`You: ${room.blue} team`)).toBeVisible();
    await expect(coach.page.getByText("No messages yet. Say hello to your team.")).toBeVisible();

    // Spanish on the red side: the ready check and the team chat speak it.
    await expect(red.page.getByText(`Tú: Capitán de ${room.red}`)).toBeVisible();
    // A captain's team chat is a drawer in the corner (never below the fold).
    await red.page.getByTestId("chat-drawer-button").click();
    await expect(red.page.getByRole("heading", { name: `Chat del equipo ${room.red}` })).toBeVisible();
    await red.page.keyboard.press("Escape");
    await blue.page.getByRole("button", { name: "I'm ready" }).click();
    await red.page.getByRole("button", { name: "Estoy listo" }).click();
    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Your ban");

    // The coach sees the captain's hover live (the delayed spectator never does) and suggests a ban.
    await expect(coach.page.getByRole("heading", { name: "Suggest a ban to your captain" })).toBeVisible();
    await blue.page.getByRole("option", { name: "Ahri", exact: true }).click();
    await expect(coach.page.getByText("Your captain is considering Ahri")).toBeVisible();
    await expect(spectator.page.getByText("Considering Ahri", { exact: true })).toHaveCount(0);
    await coach.page.getByRole("option", { name: "Aatrox", exact: true }).click();
    await coach.page.getByRole("button", { name: "Suggest", exact: true }).click();
    await expect(coach.page.getByText("You suggested Aatrox")).toBeVisible();
    await coach.page.getByRole("textbox", { name: "Message to your team" }).fill("Ban Aatrox, trust me");
    await coach.page.getByRole("button", { name: "Send" }).click();

    // The captain sees who suggested what, in the list and in the team chat.
    const suggestion = blue.page.getByRole("button", { name: "Lock Aatrox, suggested by Coach Kim (key 1)" });
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveAttribute("aria-keyshortcuts", "1");
    await expect(blue.page.getByTestId("chat-unread")).toContainText("2 unread messages");
    await blue.page.getByTestId("chat-drawer-button").click();
    await expect(blue.page.getByTestId("team-chat").getByText("Ban Aatrox, trust me")).toBeVisible();
    await expect(blue.page.getByTestId("chat-unread")).toHaveCount(0);
    await blue.page.keyboard.press("Escape");
    await expect(blue.page.getByText("Coach Kim suggests Aatrox. Press 1 to lock it.")).toBeAttached();

    // The member view passes axe while suggesting (grid, hover, chat).
    await expectAxeClean(coach.page);

    // One key locks the suggestion; the spectator sees the lock only after the delay.
    // The spectator's page notes the moment the line appears (the same machine clock as the test's):
    // a check made after the captain's and coach's could come after the delay on a busy machine.
    await spectator.page.evaluate((text) => {
      const seen = () =>
        [...document.querySelectorAll('ol[aria-labelledby="room-log-title"] li')].some((li) =>
          li.textContent?.includes(text),
        );
      (window as unknown as { seenAt: Promise<number> }).seenAt = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, `${room.blue} banned Aatrox`);
    await blue.page.locator("body").click({ position: { x: 5, y: 5 } });
    const lockedAt = Date.now();
    await blue.page.keyboard.press("1");
    await expect(logLine(blue.page, `${room.blue} banned Aatrox`)).toBeVisible();
    await expect(logLine(coach.page, `${room.blue} banned Aatrox`)).toBeVisible();
    await expect(logLine(spectator.page, `${room.blue} banned Aatrox`)).toBeVisible({ timeout: 10_000 });
    const spectatorSawAt = await spectator.page.evaluate(
      () => (window as unknown as { seenAt: Promise<number> }).seenAt,
    );
    expect(spectatorSawAt - lockedAt).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000);

    // A misclick: blue asks to change Aatrox to Ahri; red approves (in Spanish); everyone sees it.
    await blue.page.getByRole("button", { name: "Misclick? Ask to change Aatrox" }).click();
    await expect(blue.page.getByText("Choose the champion you meant")).toBeVisible();
    await lockIn(blue.page, "Ahri", "BAN");
    await expect(
      blue.page.getByRole("heading", { name: "Waiting for a decision: Aatrox to Ahri" }),
    ).toBeVisible();
    const banner = red.page.getByTestId("correction-banner");
    await expect(
      banner.getByRole("heading", { name: `${room.blue} pide cambiar Aatrox por Ahri` }),
    ).toBeVisible();
    await banner.getByRole("button", { name: "Aprobar" }).click();
    const approved = `${room.red} captain approved: step 1 is now Ahri`;
    await expect(logLine(blue.page, approved)).toBeVisible();
    await expect(logLine(spectator.page, approved)).toBeVisible({ timeout: 10_000 });
    await expect(red.page.getByTestId("turn-headline")).toHaveText("Tu ban");

    // Nothing of the blue team's channel reached the red side.
    await red.page.getByTestId("chat-drawer-button").click();
    await expect(
      red.page.getByTestId("team-chat").getByText("Aún no hay mensajes. Saluda a tu equipo."),
    ).toBeVisible();
    const redText = await red.page.locator("body").innerText();
    expect(redText).not.toContain("Coach Kim");
    expect(redText).not.toContain("trust me");
    await red.page.keyboard.press("Escape");
    await expect(red.page.getByTestId("chat-drawer")).toBeHidden();

    // The overlay follows the public view: with no delay it shows a lock within a second.
    await setSpectatorDelay(request, user, room.id, 0);
    const overlay = await joinRoomLink(browser, `/overlay/${room.sessionId}?theme=dark`, {
      viewport: { width: 1920, height: 1080 },
    });
    await expect(overlay.page.getByTestId("overlay-bans-blue").getByText("Ahri")).toBeVisible();
    await expect(overlay.page.getByTestId("overlay-team-blue")).toHaveText(room.blue);
    await red.page.getByRole("option", { name: "Akali", exact: true }).click();
    // The clock starts once the lock is sent (the click's own wait for the enabled button is not
    // the overlay's latency).
    await red.page.getByRole("button", { name: "Banear campeón" }).click();
    const redLockedAt = Date.now();
    await expect(overlay.page.getByTestId("overlay-bans-red").getByText("Akali")).toBeVisible({
      timeout: 1000,
    });
    expect(Date.now() - redLockedAt).toBeLessThan(1500);
    const scroll = await overlay.page.evaluate(() => ({
      x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
      controls: document.querySelectorAll("button, input, select, a").length,
    }));
    expect(scroll).toEqual({ x: 0, y: 0, controls: 0 });
    await expectAxeClean(overlay.page);

    for (const seat of [blue, coach, red, spectator, overlay]) await seat.context.close();
  });
});
