import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE } from "../support/draft-order.ts";
import { authHeaders, expect, test } from "../support/fixtures.ts";

/**
 * Practice against a modelled team: set it up from the sessions list, draft blue while the
 * server's model of Weibo Gaming (7 games in the seeded sample) plays red through the room, read
 * the review on the room page and on the public view; axe clean with the review shown.
 */
test("practise against a team as blue: the opponent acts on its turns, then the review", async ({
  browser,
  request,
  user,
  userPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/app/dashboard");
  await page.getByRole("button", { name: "Practice vs team" }).click();
  const dialog = page.getByRole("dialog", { name: "Practice against a team" });
  await dialog.getByRole("combobox", { name: "Opponent team" }).click();
  await page.getByPlaceholder("Search teams…").fill("Weibo");
  await page.getByRole("option", { name: /Weibo Gaming/ }).click();
  await expect(dialog.getByRole("radio", { name: "Blue side" })).toBeChecked();
  await dialog.getByRole("radio", { name: /Predictable/ }).check();
  await dialog.getByRole("button", { name: "Start practice" }).click();

  await expect(page).toHaveURL(/\/app\/room\/[0-9a-f-]{36}#/);
  const roomId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByTestId("practice-banner")).toContainText("Modelled: Weibo Gaming");
  await page.getByRole("button", { name: "I'm ready" }).click();

  const log = page.getByRole("region", { name: "Event log" });
  for (const [index, [side, type]] of SEQUENCE.entries()) {
    if (side === "RED") {
      // The opponent's turn: its lock arrives from the server, announced in the log.
      // (at least: its next turn may follow at once, as at picks 2-3 of red)
      const theirs = SEQUENCE.slice(0, index + 1).filter(([s]) => s === "RED").length;
      await expect
        .poll(() => log.getByText(/^Weibo Gaming (banned|picked) /).count(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(theirs);
      continue;
    }
    await expect(page.getByTestId("turn-headline")).toHaveText(type === "BAN" ? "Your ban" : "Your pick");
    await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();
    await page.getByRole("button", { name: type === "BAN" ? "Ban Champion" : "Pick Champion" }).click();
  }

  const review = page.getByTestId("practice-review");
  await expect(review.getByRole("heading", { name: "Practice review" })).toBeVisible({ timeout: 15_000 });
  await expect(review.getByTestId("practice-takeaways").getByRole("listitem")).toHaveCount(3);
  await expect(review.getByRole("row")).toHaveCount(11);
  await expect(review.getByTestId("practice-win")).toBeVisible();
  await expectAxeClean(page);
  // On a phone the moves are cards: the model's first choice is read without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(review.getByRole("table")).toBeHidden();
  await expect(review.getByTestId("practice-moves-list").getByRole("listitem")).toHaveCount(10);
  expect(await review.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // The review travels with the draft: the public view shows it to anyone with the link.
  const room = await request.get(`/api/rooms/${roomId}/`, { headers: authHeaders(user) });
  const sessionId = ((await room.json()) as { session_id: string }).session_id;
  // The owner's page of the session shows it too.
  await page.goto(`/app/draft/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Practice review" })).toBeVisible();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/app/public/draft/${sessionId}`);
  await expect(publicPage.getByTestId("practice-banner")).toContainText("Modelled: Weibo Gaming");
  await expect(publicPage.getByRole("heading", { name: "Practice review" })).toBeVisible();
  await expect(publicPage.getByTestId("practice-takeaways").getByRole("listitem")).toHaveCount(3);
  await visitor.close();
});
