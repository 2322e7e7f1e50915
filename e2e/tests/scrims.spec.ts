import AxeBuilder from "@axe-core/playwright";
import { type Scrim, STORAGE_KEYS, type Workspace, type WorkspaceInvite } from "@draftroom/contracts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { lockIn } from "../support/rooms.ts";

/**
 * The scrim ledger (issue 33), several people at once: a coach plans a three-game scrim, two
 * captains draft game 1 in its prepared room, a player enters the result on a 390 px phone, the
 * analyst (in Spanish, dark theme) gives the verdict, and the analytics, roster and pools pages
 * show the new figures. Setup that is not under test (accounts, workspace, roster) goes through
 * the API, as the other workspace specs do.
 */

async function axeClean(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

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
  if (options.language) {
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: STORAGE_KEYS.language,
      value: options.language,
    });
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
    data: { name: "Canna", position: "top", user_id: player.id },
  });
  expect(rostered.status(), await rostered.text()).toBeLessThan(300);
  return { coach, player, analyst, workspace };
}

/** A captain link of a prepared room, with a fresh token (the room's creator may rotate it). */
async function captainPath(request: APIRequestContext, coach: TestUser, roomId: string, kind: string) {
  const room = (await (
    await request.get(`/api/rooms/${roomId}/`, { headers: authHeaders(coach) })
  ).json()) as {
    links: { id: string; kind: string }[];
  };
  const link = room.links.find((candidate) => candidate.kind === kind)!;
  const rotated = await request.post(`/api/rooms/${roomId}/links/${link.id}/rotate/`, {
    headers: authHeaders(coach),
  });
  expect(rotated.status(), await rotated.text()).toBe(200);
  return ((await rotated.json()) as { path: string }).path;
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
  await signIn(coachCtx.page, coach);
  await coachCtx.page.goto(`/app/workspaces/${workspace.id}`);
  await coachCtx.page.getByRole("link", { name: "Scrims" }).click();
  await expect(coachCtx.page.getByRole("heading", { name: "Scrims", level: 1 })).toBeVisible();
  await expect(coachCtx.page.getByText("No scrims yet")).toBeVisible();
  await coachCtx.page.getByRole("button", { name: "New scrim" }).first().click();
  const form = coachCtx.page.getByRole("form", { name: "Plan a scrim" });
  await form.getByLabel(/^Opponent name/).fill("Koi Academy");
  await form.getByLabel("Time zone").selectOption("Europe/Madrid");
  await form.getByLabel("Canna").check();
  await form.getByRole("button", { name: "Plan scrim" }).click();
  await expect(coachCtx.page.getByRole("heading", { name: "Scrim vs Koi Academy" })).toBeVisible();
  await expect(coachCtx.page.getByRole("heading", { name: /^Game \d$/ })).toHaveCount(3);
  await axeClean(coachCtx.page);
  const scrimId = coachCtx.page.url().split("/").pop()!;
  const scrim = (await (
    await request.get(`/api/scrims/${scrimId}/`, { headers: authHeaders(coach) })
  ).json()) as Scrim;
  const game1 = scrim.games[0]!;
  expect(game1.room_id).not.toBeNull();

  // Two captains draft game 1 in its room, the official order.
  // Our side's captain link takes a workspace member's account (the coach, signed in); the
  // opponent's works without one.
  const blue = { context: coachCtx.context, page: await coachCtx.context.newPage() };
  const red = await contextFor(browser, baseURL);
  await blue.page.goto(await captainPath(request, coach, game1.room_id!, "blue_captain"));
  await red.page.goto(await captainPath(request, coach, game1.room_id!, "red_captain"));
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
  await blue.page.close();
  await red.context.close();
  // Blue's first pick (step 7) is ours: the scrim was planned on blue.
  const ourTop = TWENTY[6]!;

  // Player, on a 390 px phone: enters the result in a few taps, with their champion and K/D/A.
  const phone = await contextFor(browser, baseURL, { width: 390 });
  await signIn(phone.page, player);
  await phone.page.goto(`/app/workspaces/${workspace.id}/scrims/${scrimId}`);
  const game = phone.page.getByRole("article", { name: "Game 1" });
  await expect(game.getByText(ourTop).first()).toBeVisible();
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
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(phone.page);
  await expect(phone.page.getByRole("button", { name: "Verdict" })).toHaveCount(0);

  // Analyst, in Spanish and dark: gives the verdict with a suggested tag.
  const analystCtx = await contextFor(browser, baseURL, { language: "es", dark: true });
  await signIn(analystCtx.page, analyst);
  await analystCtx.page.goto(`/app/workspaces/${workspace.id}/scrims/${scrimId}`);
  const verdictGame = analystCtx.page.getByRole("article", { name: "Partida 1" });
  await verdictGame.getByRole("button", { name: "Veredicto" }).click();
  const review = verdictGame.getByRole("form", { name: "Veredicto de la partida 1" });
  await review.getByText("La ganó el draft").click();
  await review.getByRole("button", { name: "+ engage" }).click();
  await review.getByRole("button", { name: "Guardar veredicto" }).click();
  await expect(verdictGame.getByText("engage", { exact: true })).toBeVisible();
  await expect(verdictGame.getByText("La ganó el draft").first()).toBeVisible();
  await axeClean(analystCtx.page);

  // Analytics (team only): 1-0, marked as a small sample, and the player's champion line.
  await analystCtx.page.goto(`/app/workspaces/${workspace.id}/scrims/analytics`);
  await expect(analystCtx.page.getByTestId("overall-record")).toHaveText("1-0 (100%)");
  await expect(analystCtx.page.getByText("Muestra pequeña: menos de 5 partidas").first()).toBeVisible();
  await expect(analystCtx.page.getByRole("row", { name: /Canna/ })).toContainText(ourTop);
  await axeClean(analystCtx.page);

  // Roster and pools: "<champion> 1-0 in scrims, last 30 days".
  await coachCtx.page.goto(`/app/workspaces/${workspace.id}/pools`);
  await expect(coachCtx.page.getByTestId("scrim-record").first()).toContainText(`${ourTop} 1-0`);
  await expect(coachCtx.page.getByTestId("scrim-record").first()).toContainText("in scrims, last 30 days");
  await axeClean(coachCtx.page);
});
