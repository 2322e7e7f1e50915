import { STORAGE_KEYS, type Workspace, type WorkspaceInvite } from "@draftroom/contracts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { lockIn } from "../support/rooms.ts";

/**
 * The scrim ledger (issue 33), several people at once, through the interface: a coach plans a
 * three-game scrim and, from game 1's room (the organiser's seat), hands out both captain links;
 * our captain (a player of the workspace, signed in: decision 046) and the opponent's captain (no
 * account) draft game 1 to the end; the player enters the result on a 390 px phone; the analyst
 * (in Spanish, dark theme) gives the verdict and reads the analytics; the roster and the pools
 * page show the player's champion record. Setup that is not under test (accounts, the workspace,
 * its members and roster) goes through the API, as the other workspace specs do.
 */

async function contextFor(
  browser: Browser,
  baseURL: string | undefined,
  options: { language?: string; width?: number; dark?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    ...(options.width ? { viewport: { width: options.width, height: 844 } } : {}),
    ...(options.dark ? { colorScheme: "dark" as const } : {}),
  });
  const page = await context.newPage();
  const stored: [string, string][] = [];
  if (options.language) stored.push([STORAGE_KEYS.language, options.language]);
  // The app starts light whatever the system says; the dark seat chose dark before.
  if (options.dark) stored.push([STORAGE_KEYS.themeMode, "dark"]);
  if (stored.length > 0) {
    await page.addInitScript((entries) => {
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    }, stored);
  }
  return { context, page };
}

async function workspaceWithTeam(request: APIRequestContext) {
  const coach = await createUser(request);
  const tiers = (await (await request.get("/api/subscriptions/tiers/")).json()) as {
    id: number;
    key: string;
  }[];
  const trial = await request.post("/api/subscriptions/", {
    headers: authHeaders(coach),
    data: { tier_id: tiers.find((tier) => tier.key === "pro")!.id, trial: true },
  });
  expect(trial.status(), await trial.text()).toBeLessThan(300);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(coach),
    data: { name: "Karmine Academy", tag: "KCB" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  const join = async (role: "player" | "analyst"): Promise<TestUser> => {
    const user = await createUser(request);
    const invite = (await (
      await request.post(`/api/workspaces/${workspace.id}/invites/`, {
        headers: authHeaders(coach),
        data: { role },
      })
    ).json()) as WorkspaceInvite;
    expect(
      (await request.post(`/api/invites/${invite.id}/accept/`, { headers: authHeaders(user) })).status(),
    ).toBe(200);
    return user;
  };
  const player = await join("player");
  const analyst = await join("analyst");
  // The player is the roster's top laner: the result's line and the pools page name them.
  const rostered = await request.post(`/api/workspaces/${workspace.id}/roster/`, {
    headers: authHeaders(coach),
    data: { name: "Canna", position: "top", user_id: player.user.id },
  });
  expect(rostered.status(), await rostered.text()).toBeLessThan(300);
  return { coach, player, analyst, workspace };
}

/**
 * The organiser's seat hands out a captain link: a prepared room's tokens showed once, so the
 * coach makes a new one in the room's links panel and reads it from its field.
 */
async function newCaptainLink(organiser: Page, kind: "Blue captain" | "Red captain"): Promise<string> {
  const links = organiser.getByTestId("room-links");
  const field = links.getByRole("textbox", { name: kind, exact: true });
  await expect(field).toHaveCount(0);
  await links.getByRole("button", { name: `New ${kind} link (the old one stops working)` }).click();
  await expect(field).toHaveValue(/\/app\/room\/[0-9a-f-]+#/);
  return field.inputValue();
}

test("a scrim from plan to figures: room draft, phone result, verdict, analytics, roster and pools", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { coach, player, analyst, workspace } = await workspaceWithTeam(request);

  // Coach: plans a three-game scrim against a free-named opponent, the player on the lineup.
  const coachCtx = await contextFor(browser, baseURL);
  const coachPage = coachCtx.page;
  await signIn(coachPage, coach);
  await coachPage.goto(`/app/workspaces/${workspace.id}`);
  await coachPage.getByRole("link", { name: "Scrims", exact: true }).click();
  await expect(coachPage.getByRole("heading", { name: "Scrims", level: 1 })).toBeVisible();
  await expect(coachPage.getByText("No scrims yet")).toBeVisible();
  await coachPage.getByRole("button", { name: "New scrim" }).first().click();
  const form = coachPage.getByRole("form", { name: "Plan a scrim" });
  await form.getByLabel(/^Opponent name/).fill("Koi Academy");
  await form.getByLabel("Time zone").selectOption("Europe/Madrid");
  await form.getByLabel("Canna").check();
  await form.getByRole("button", { name: "Plan scrim" }).click();
  await expect(coachPage.getByRole("heading", { name: "Scrim vs Koi Academy" })).toBeVisible();
  await expect(coachPage.getByRole("heading", { name: /^Game \d$/ })).toHaveCount(3);
  const scrimUrl = coachPage.url();
  const coachGame1 = coachPage.getByRole("article", { name: "Game 1" });
  // Game 1 is on our planned side (blue), its room prepared; games 2 and 3 have rooms too.
  await expect(coachGame1.getByText("Blue side", { exact: true })).toBeVisible();
  await expect(coachPage.getByRole("link", { name: "Open the room" })).toHaveCount(3);
  await expectAxeClean(coachPage);

  // The coach opens game 1's room (the organiser's seat) and hands out both captain links.
  await coachGame1.getByRole("link", { name: "Open the room" }).click();
  await expect(coachPage.getByRole("heading", { name: /Koi Academy · Game 1/ })).toBeVisible();
  // The room names the scrim game it drafts, a link back to the scrim for a member of the team.
  await expect(coachPage.getByRole("link", { name: "Scrim game 1" })).toHaveAttribute(
    "href",
    new URL(scrimUrl).pathname,
  );
  const blueLink = await newCaptainLink(coachPage, "Blue captain");
  const redLink = await newCaptainLink(coachPage, "Red captain");

  // Two captains draft game 1 in its room, the official order. Our side's captain link takes a
  // workspace member's account (the player, signed in, decision 046); the opponent's captain has
  // no account.
  const blue = await contextFor(browser, baseURL);
  await signIn(blue.page, player);
  const red = await contextFor(browser, baseURL);
  await blue.page.goto(blueLink);
  await red.page.goto(redLink);
  await expect(red.page.getByText("You: Koi Academy captain")).toBeVisible();
  // The player, signed in, sees the scrim game; the opponent's captain, without an account, does not.
  await expect(blue.page.getByRole("link", { name: "Scrim game 1" })).toBeVisible();
  await expect(red.page.getByRole("link", { name: "Scrim game 1" })).toHaveCount(0);
  await blue.page.getByRole("button", { name: "I'm ready" }).click();
  await red.page.getByRole("button", { name: "I'm ready" }).click();
  const pages = { BLUE: blue.page, RED: red.page };
  for (const [index, champion] of TWENTY.entries()) {
    const [side, type] = SEQUENCE[index]!;
    await expect(pages[side].getByTestId("turn-headline")).toHaveText(
      type === "BAN" ? "Your ban" : "Your pick",
    );
    await lockIn(pages[side], champion, type);
  }
  await expect(blue.page.getByTestId("turn-headline")).toHaveText("Draft complete");
  await expect(red.page.getByTestId("turn-headline")).toHaveText("Draft complete");
  await blue.context.close();
  await red.context.close();
  // Blue's first pick (step 7) is ours: the scrim was planned on blue.
  const ourTop = TWENTY[6]!;

  // The room's draft joins the ledger a moment after its last lock (decision 050): the coach's
  // scrim page shows it once reloaded.
  await coachPage.goto(scrimUrl);
  await expect(async () => {
    await coachPage.reload();
    await expect(coachGame1.getByText("Drafted in its live room")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(coachGame1.getByText(new RegExp(`^${ourTop}, `))).toBeVisible();

  // Player, on a 390 px phone: enters the result in a few taps, with their champion and K/D/A.
  const phone = await contextFor(browser, baseURL, { width: 390 });
  await signIn(phone.page, player);
  await phone.page.goto(scrimUrl);
  const game = phone.page.getByRole("article", { name: "Game 1" });
  await expect(game.getByText(new RegExp(`^${ourTop}, `))).toBeVisible();
  await expect(phone.page.getByRole("button", { name: "Verdict" })).toHaveCount(0);
  await game.getByRole("button", { name: "Enter result" }).click();
  const result = game.getByRole("form", { name: "Result of game 1" });
  await result.getByRole("group", { name: "Winner" }).getByText("Us").click();
  await result.getByLabel(/Duration/).fill("31:05");
  await result.getByText("Players: champion and K/D/A (optional)").click();
  await result.getByLabel("Top champion").selectOption({ label: ourTop });
  await result.getByLabel("Top kills").fill("4");
  await result.getByLabel("Top deaths").fill("1");
  await result.getByLabel("Top assists").fill("7");
  await result.getByRole("button", { name: "Save result" }).click();
  await expect(game.getByText(/Typed by/)).toBeVisible();
  await expect(phone.page.getByText("Score: us 1, them 0")).toBeAttached();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(phone.page);
  await phone.context.close();

  // The coach opens the game's draft from the scrim: the draft names its scrim game, the won game
  // is its result, and clearing that result is the scrim page's (the ledger keeps it).
  await coachPage.goto(scrimUrl);
  await coachGame1.getByRole("link", { name: "Open the draft" }).click();
  await expect(coachPage.getByRole("link", { name: "Scrim game 1" })).toBeVisible();
  await expect(coachPage.getByRole("button", { name: /won$/, pressed: true })).toBeVisible();
  await expect(coachPage.getByTestId("scrim-result-kept")).toBeVisible();
  await expect(coachPage.getByRole("button", { name: "Clear result" })).toHaveCount(0);
  await coachPage.getByRole("link", { name: "Open the scrim" }).click();
  await expect(coachPage).toHaveURL(scrimUrl);
  await expect(coachGame1.getByText(/Typed by/)).toBeVisible();

  // Analyst, in Spanish and the dark theme: gives the verdict with a suggested tag.
  const analystCtx = await contextFor(browser, baseURL, { language: "es", dark: true });
  const analystPage = analystCtx.page;
  await signIn(analystPage, analyst);
  await analystPage.goto(scrimUrl);
  await expect(analystPage.locator("html")).toHaveClass(/\bdark\b/);
  await expect(analystPage.locator("html")).toHaveAttribute("lang", "es");
  const verdictGame = analystPage.getByRole("article", { name: "Partida 1" });
  await verdictGame.getByRole("button", { name: "Veredicto" }).click();
  const review = verdictGame.getByRole("form", { name: "Veredicto de la partida 1" });
  await review.getByText("La ganó el draft").click();
  await review.getByRole("button", { name: "+ engage" }).click();
  await review.getByRole("button", { name: "Guardar veredicto" }).click();
  await expect(verdictGame.getByText("engage", { exact: true })).toBeVisible();
  await expect(verdictGame.getByText("La ganó el draft").first()).toBeVisible();
  await expectAxeClean(analystPage);

  // Analytics (team only), still in Spanish and dark: 1-0 on one game, marked as a small sample,
  // and the player's champion line.
  await analystPage.goto(`/app/workspaces/${workspace.id}/scrims/analytics`);
  await expect(analystPage.getByTestId("overall-record")).toHaveText("1-0 (100%)");
  await expect(analystPage.getByText("Muestra pequeña: menos de 5 partidas").first()).toBeVisible();
  await expect(analystPage.getByRole("row", { name: /Canna/ })).toContainText(ourTop);
  await expectAxeClean(analystPage);
  await analystCtx.context.close();

  // The roster and the player's pool on the pools page: "<champion> 1-0 in scrims, last 30 days".
  await coachPage.goto(`/app/workspaces/${workspace.id}/pools`);
  const roster = coachPage.getByRole("region", { name: "Roster" });
  await expect(roster.getByTestId("scrim-record")).toHaveText(`${ourTop} 1-0* in scrims, last 30 days`);
  await expect(coachPage.getByTestId("scrim-record")).toHaveCount(2);
  await expect(coachPage.getByTestId("scrim-record").last()).toContainText(`${ourTop} 1-0`);
  await expectAxeClean(coachPage);
  await coachCtx.context.close();
});
