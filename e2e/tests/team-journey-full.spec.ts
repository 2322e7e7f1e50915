import { STORAGE_KEYS, type WorkspaceRole } from "@draftroom/contracts";
import type { Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { lockIn } from "../support/rooms.ts";

/**
 * Issue 31, the whole match week in one spec, through the interface only (the accounts alone are
 * registered through the API): a head coach (owner), an analyst, two players and a viewer.
 *
 * The coach starts the Pro trial, creates the workspace and links it to its league team (Guasones,
 * LVP SL, from the seeded imported games), rosters the players and hands out invite links; each
 * member lands in the workspace; the players fill their pools, which show in a workspace session
 * board's suggestions and in a live room's captain suggestions; the analyst scouts Los Heretics
 * (LVP SL, a second-division team of the seeded games); the coach writes a plan against them
 * (opponent chosen from the teams), drills it, follows it live as our captain while the analyst
 * drafts the other side, and reads plan vs actual on the session afterwards without choosing the
 * plan again; the viewer reads it all with no Edit, Live room or Start control. Axe on the main
 * screens; the mid player at 390 px; the viewer in Spanish; the analyst in the dark theme.
 */

const OUR_TEAM = "Guasones";
const OPPONENT = "Los Heretics";
const PLAN = "vs Los Heretics, blue";

/** One person's browser: signed in, at a width, in a language and a theme. */
async function person(
  browser: Browser,
  baseURL: string | undefined,
  user: TestUser,
  options: { width?: number; language?: "es"; dark?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1366, height: options.width ? 844 : 900 },
    colorScheme: options.dark ? "dark" : "light",
  });
  const page = await context.newPage();
  await signIn(page, user);
  await page.addInitScript(
    ({ keys, language, dark }) => {
      if (language) window.localStorage.setItem(keys.language, language);
      if (dark) window.localStorage.setItem(keys.themeMode, "dark");
    },
    { keys: STORAGE_KEYS, language: options.language ?? null, dark: options.dark ?? false },
  );
  return { context, page };
}

/** Picks an option of a searchable select (a combobox with a search box). */
async function choose(page: Page, combobox: string, search: string, option: RegExp) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.locator("[cmdk-input]").fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

/** The coach's session dialog: a draft of the workspace, Guasones (blue) against Los Heretics. */
async function newSession(page: Page, title: string): Promise<string> {
  await page.goto("/app/draft");
  await page
    .getByRole("button", { name: /^Create (Your First )?Draft$/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Create New Draft Session" });
  await dialog.getByRole("textbox", { name: "Session Name" }).fill(title);
  await choose(page, "League", "LVP", /^LVP SL/);
  await choose(page, "Blue Team", OUR_TEAM, new RegExp(`^${OUR_TEAM}`));
  await choose(page, "Red Team", "Heretics", new RegExp(`^${OPPONENT}`));
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return page.url();
}

test("the team's match week: invite, pools, scouting, a plan followed live, plan vs actual", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const coachUser = await createUser(request, { first_name: "Olga", last_name: "Ruiz" });
  const analystUser = await createUser(request, { first_name: "Ana", last_name: "Soto" });
  const topUser = await createUser(request, { first_name: "Carlos", last_name: "Canna" });
  const midUser = await createUser(request, { first_name: "Zeka", last_name: "Kim" });
  const viewerUser = await createUser(request, { first_name: "Vera", last_name: "Luz" });

  // ---- The coach: Pro trial, the workspace, its league team, the roster, the invites ----
  const coach = await person(browser, baseURL, coachUser);
  const c = coach.page;
  await c.goto("/app/subscriptions");
  await c.getByRole("button", { name: "Start 14-day free trial" }).click();
  await expect(c.getByRole("status").filter({ hasText: "Pro trial started" })).toBeVisible();

  await c.goto("/app/workspaces");
  await c.getByRole("button", { name: "New workspace" }).first().click();
  await c.getByLabel("Name").fill(`${OUR_TEAM} Esports`);
  await c.getByLabel("Tag").fill("GUA");
  await c.getByRole("button", { name: "Create", exact: true }).click();
  await expect(c.getByRole("heading", { level: 1, name: `${OUR_TEAM} Esports` })).toBeVisible();
  const workspaceUrl = new URL(c.url()).pathname;

  // The workspace is the league team of the seeded games: a visible choice on its page.
  await choose(c, "Our league team", OUR_TEAM, new RegExp(`^${OUR_TEAM} · LVP SL`));
  await expect(c.getByText(`Now: ${OUR_TEAM} · LVP SL`)).toBeVisible();

  // Invite links, each saying whom it is for.
  const invites = c.getByRole("region", { name: "Invites" });
  const links = new Map<string, string>();
  for (const [role, label] of [
    ["analyst", "Ana, analyst"],
    ["player", "Canna, top"],
    ["player", "Zeka, mid"],
    ["viewer", "Vera, viewer"],
  ] as const satisfies readonly (readonly [WorkspaceRole, string])[]) {
    await c.getByLabel("Role", { exact: true }).selectOption(role);
    await c.getByRole("textbox", { name: "For whom (optional)" }).fill(label);
    await c.getByRole("button", { name: "Create link" }).click();
    const item = invites.getByRole("listitem").filter({ hasText: `For ${label}` });
    await expect(item).toHaveCount(1);
    const link = await item.locator("[data-invite-link]").getAttribute("data-invite-link");
    links.set(label, new URL(link!).pathname);
  }
  await expectAxeClean(c);

  // ---- Everyone joins from their link and lands in the workspace ----
  const analyst = await person(browser, baseURL, analystUser, { dark: true });
  const top = await person(browser, baseURL, topUser);
  const mid = await person(browser, baseURL, midUser, { width: 390 });
  const viewer = await person(browser, baseURL, viewerUser, { language: "es" });
  for (const [who, label, join, role] of [
    [analyst.page, "Ana, analyst", "Join the workspace", "Your role: Analyst"],
    [top.page, "Canna, top", "Join the workspace", "Your role: Player"],
    [mid.page, "Zeka, mid", "Join the workspace", "Your role: Player"],
    [viewer.page, "Vera, viewer", "Unirse al espacio", "Tu rol: Observador"],
  ] as const) {
    await who.goto(links.get(label)!);
    await who.getByRole("button", { name: join }).click();
    await expect(who.getByText(role)).toBeVisible();
    // Landed: the header names the workspace.
    await who.goto("/app/dashboard");
    await expect(who.getByRole("banner").getByText(`${OUR_TEAM} Esports`)).toBeVisible();
  }
  await expectAxeClean(viewer.page);

  // The coach rosters the two players, each linked to their account.
  await c.goto(workspaceUrl);
  await c.getByRole("link", { name: "Roster and pools" }).first().click();
  await expect(c.getByRole("heading", { name: "Roster and champion pools" })).toBeVisible();
  for (const [name, position, user] of [
    ["Canna", "top", topUser],
    ["Zeka", "mid", midUser],
  ] as const) {
    await c.getByLabel("Player name").fill(name);
    await c.getByLabel("Position", { exact: true }).selectOption(position);
    // Members are offered by name with their username.
    await c
      .getByLabel("Member account")
      .selectOption({ label: `${user.first_name} ${user.last_name} (@${user.username})` });
    await c.getByRole("button", { name: "Add player" }).click();
    await expect(c.getByRole("region", { name: "Roster" }).getByText(name, { exact: true })).toBeVisible();
  }

  // ---- A workspace session's board at our first pick: no comfort pick before the pools ----
  const boardUrl = await newSession(c, "Board prep");
  for (const [index, champion] of TWENTY.slice(0, 6).entries()) {
    await lockIn(c, champion, SEQUENCE[index]![1]);
  }
  const suggested = c.getByRole("region", { name: "Suggested picks" });
  await expect(suggested.getByRole("button", { name: /^Select / }).first()).toBeVisible();
  const comfortOnBoard = (player: string) => c.locator(`button[title*="Comfort pick for ${player}"]`).first();
  await expect(suggested.locator('button[title*="Comfort pick for"]')).toHaveCount(0);

  // ---- The players fill their pools from the first steps ----
  for (const [player, champion, name] of [
    [top, "Jayce", "Canna"],
    [mid, "Orianna", "Zeka"],
  ] as const) {
    const p = player.page;
    await p.goto("/app/dashboard");
    const start = p.getByRole("region", { name: `Start here in ${OUR_TEAM} Esports` });
    await start.getByRole("link", { name: "Open my pool" }).click();
    await expect(p.getByRole("heading", { name: "Roster and champion pools" })).toBeVisible();
    await p.getByLabel("Search champions").fill(champion);
    await p.getByRole("button", { name: `Add ${champion}` }).click();
    await p.getByLabel(`Comfort tier of ${champion}`).selectOption("S");
    await p.getByRole("button", { name: "Save pool" }).click();
    await expect(p.getByText(`${name}'s pool is saved.`)).toBeVisible();
  }
  expect(await mid.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(mid.page);

  // ---- The pools in the board's suggestions ----
  await c.goto(boardUrl);
  await expect(c.getByRole("heading", { name: "Suggested picks" })).toBeVisible();
  await expect(comfortOnBoard("Canna")).toBeVisible();
  await expect(comfortOnBoard("Zeka")).toBeVisible();
  await expectAxeClean(c);

  // ---- The analyst scouts the second-division opponent (dark theme) ----
  const a = analyst.page;
  await a.goto("/app/dashboard");
  await a.getByRole("link", { name: "Scouting", exact: true }).first().click();
  await expect(a.getByRole("heading", { level: 1, name: "Scouting" })).toBeVisible();
  await a
    .getByRole("searchbox", { name: "Search teams or leagues" })
    .or(a.getByLabel("Search teams or leagues"))
    .first()
    .fill("Heretics");
  await a
    .getByRole("link", { name: new RegExp(`^${OPPONENT}`) })
    .first()
    .click();
  await expect(a.getByRole("heading", { level: 1, name: OPPONENT })).toBeVisible();
  await expect(a.getByText(/^Based on 2 professional games/)).toBeVisible();
  await expect(a.locator("html")).toHaveClass(/\bdark\b/);
  await expectAxeClean(a);

  // ---- The coach writes the plan against them (opponent from the teams) and drills it ----
  await c
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Draft plans" })
    .click();
  await expect(c.getByRole("heading", { level: 1, name: "Draft plans" })).toBeVisible();
  await c.getByRole("button", { name: "New plan" }).first().click();
  await expect(c).toHaveURL(/\/app\/draft-plans\/[0-9a-f-]{36}$/);
  const planUrl = new URL(c.url()).pathname;
  await c.getByRole("textbox", { name: "Plan name" }).fill(PLAN);
  await c.getByRole("combobox", { name: "Opponent team" }).click();
  await c.getByPlaceholder("Search a team or a league").fill("Heretics");
  await c.getByRole("option", { name: new RegExp(`^${OPPONENT} · LVP SL`) }).click();
  await expect(c.getByRole("link", { name: `Scouting report of ${OPPONENT}` })).toBeVisible();
  await c.getByRole("combobox", { name: "Add a ban" }).click();
  await c.getByPlaceholder("Search champions…").fill(TWENTY[0]!);
  await c.getByRole("option", { name: TWENTY[0]!, exact: true }).click();
  await c.getByRole("button", { name: "Save" }).click();
  await expect(c.getByText(/^Plan saved/)).toBeVisible();
  await c.getByRole("button", { name: "Drill", exact: true }).click();
  await c.getByLabel("Drafts").fill("20");
  await c.getByRole("button", { name: "Run the drill" }).click();
  await expect(c.getByText(new RegExp(`${OPPONENT}: 2 games in our data`))).toBeVisible({ timeout: 60_000 });
  await expect(c.getByText(/of 20 simulated drafts/).first()).toBeVisible();
  await expectAxeClean(c);

  // ---- The live room: the coach opens it, takes our captain seat and follows the plan ----
  const sessionUrl = new URL(await newSession(c, "Thursday vs Los Heretics")).pathname;
  await c.getByRole("button", { name: "Live room" }).click();
  const dialog = c.getByRole("dialog", { name: "Live room" });
  // Linked to Guasones, who play blue here: nothing to ask.
  await expect(dialog.getByText(/Our team plays blue/)).toBeVisible();
  await dialog.getByRole("textbox", { name: "Seconds per turn" }).fill("300");
  await dialog.getByRole("button", { name: "Open live room" }).click();
  await expect(c).toHaveURL(/\/app\/room\/[0-9a-f-]{36}$/);
  const roomLink = async (name: string) => {
    const url = new URL(await c.getByRole("textbox", { name }).inputValue());
    return url.pathname + url.hash;
  };
  const blueLink = await roomLink("Blue captain");
  const redLink = await roomLink("Red captain");

  const captain = await coach.context.newPage();
  await captain.goto(blueLink);
  await expect(captain.getByText(`You: ${OUR_TEAM} captain`)).toBeVisible();
  const panel = captain.getByTestId("plan-follow");
  const planSelect = panel.getByRole("combobox", { name: "Follow a plan" });
  const planOption = planSelect.locator("option", { hasText: PLAN });
  await expect(planOption).toHaveCount(1);
  await planSelect.selectOption((await planOption.getAttribute("value"))!);
  await expect(panel.getByTestId("plan-active-branch")).toHaveText("Main line (no branch yet)");

  // The other side: the analyst drafts as their captain (dark theme).
  await a.goto(redLink);
  await expect(a.getByText(`You: ${OPPONENT} captain`)).toBeVisible();
  await captain.getByRole("button", { name: "I'm ready" }).click();
  await a.getByRole("button", { name: "I'm ready" }).click();
  await expect(panel.getByTestId("plan-next")).toContainText(`Plan: ban ${TWENTY[0]}`);

  const seats = { BLUE: captain, RED: a };
  for (const [index, champion] of TWENTY.entries()) {
    const [side, type] = SEQUENCE[index]!;
    const seat = seats[side];
    await expect(seat.getByTestId("turn-headline")).toHaveText(type === "BAN" ? "Your ban" : "Your pick");
    if (index === 6) {
      // Our first pick: the captain's suggestions carry both players' comfort picks.
      const advice = captain.getByTestId("room-advice");
      await expect(advice.locator('button[aria-label*="Comfort pick for Canna"]').first()).toBeVisible();
      await expect(advice.locator('button[aria-label*="Comfort pick for Zeka"]').first()).toBeVisible();
      await expect(panel.getByTestId("plan-status")).toHaveText("On plan");
      await expectAxeClean(captain);
    }
    if (index === 0) {
      // The plan's first ban is marked in our captain's grid: the captain takes it.
      const planned = captain.locator("[data-plan-next]");
      await expect(planned).toHaveAttribute("aria-label", new RegExp(`^${champion} · `));
      await planned.click();
      await captain.getByRole("button", { name: "Ban Champion" }).click();
      continue;
    }
    await lockIn(seat, champion, type);
  }
  await expect(captain.getByTestId("turn-headline")).toHaveText("Draft complete");
  await captain.close();

  // ---- Plan vs actual on the session, without choosing the plan again ----
  await c.goto(sessionUrl);
  const followed = c.getByTestId("plan-follow");
  await expect(followed.getByRole("combobox", { name: "Follow a plan" })).toHaveValue(
    planUrl.split("/").pop()!,
  );
  const review = followed.getByTestId("plan-review");
  await expect(review.getByRole("heading", { name: "Plan vs actual" })).toBeVisible();
  await expect(review).toContainText("The draft followed the plan to the end.");
  await expectAxeClean(c);

  // ---- The viewer (Spanish): reads the session and its review, no control they may not use ----
  const v = viewer.page;
  await v.goto(sessionUrl);
  await expect(v.getByRole("heading", { level: 1, name: "Thursday vs Los Heretics" })).toBeVisible();
  await expect(v.getByTestId("plan-review")).toBeVisible();
  for (const name of ["Editar", "Sala en directo", "Empezar nuevo draft", "¿Quién ganó?"]) {
    await expect(v.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(v.getByRole("combobox", { name: "Seguir un plan" })).toHaveCount(0);
  await expectAxeClean(v);
  await v.goto(planUrl);
  await expect(v.getByRole("heading", { level: 1, name: PLAN })).toBeVisible();
  await expect(v.getByRole("button", { name: "Guardar" })).toHaveCount(0);
  await expectAxeClean(v);

  for (const { context } of [coach, analyst, top, mid, viewer]) await context.close();
});
