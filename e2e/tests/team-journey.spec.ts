import { STORAGE_KEYS, type Workspace, type WorkspaceRole } from "@draftroom/contracts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";

/**
 * Issue 31, part B (decision 054): a team lands where its work is. The owner makes an invite link
 * that says whom it is for; the player joins on a phone and lands in the workspace (the switcher
 * names it, the first steps say what to do), then lands there again on a second device; the
 * coach finds the plans in the main navigation, opened on the workspace. Axe, 390 px, Spanish,
 * dark. Screenshots go to $JOURNEY_SHOTS when set.
 */

const SHOTS = process.env.JOURNEY_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function axeClean(page: Page): Promise<void> {
  await expectAxeClean(page);
}

async function proTrial(request: APIRequestContext, user: TestUser): Promise<void> {
  const tiers = (await (await request.get("/api/subscriptions/tiers/")).json()) as {
    id: number;
    key: string;
  }[];
  const res = await request.post("/api/subscriptions/", {
    headers: authHeaders(user),
    data: { tier_id: tiers.find((tier) => tier.key === "pro")!.id, trial: true },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

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

test("a player lands in the team's workspace, on every device; plans are in the navigation", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ownerUser = await createUser(request, { first_name: "Olga" });
  await proTrial(request, ownerUser);
  const playerUser = await createUser(request, { first_name: "Ana", last_name: "Pérez" });
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(ownerUser),
    data: { name: "Rivals Esports Academy", tag: "RVA" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;

  // Owner: an invite link that says whom it is for; invites come before the feed.
  const owner = await person(browser, baseURL, ownerUser);
  await owner.page.goto(`/app/workspaces/${workspace.id}`);
  await expect(owner.page.getByRole("heading", { level: 1, name: "Rivals Esports Academy" })).toBeVisible();
  await owner.page.getByLabel("Role", { exact: true }).selectOption("player" satisfies WorkspaceRole);
  await owner.page.getByRole("textbox", { name: "For whom (optional)" }).fill("Ana, our support");
  await owner.page.getByRole("button", { name: "Create link" }).click();
  const invites = owner.page.getByRole("region", { name: "Invites" });
  await expect(invites.getByText("For Ana, our support")).toBeVisible();
  const link = (await invites.locator("[data-invite-link]").first().getAttribute("data-invite-link"))!;
  // The switcher names the workspace at 1366 px (it showed only the tag before).
  await expect(owner.page.getByRole("banner").getByText("Rivals Esports Academy")).toBeVisible();
  await axeClean(owner.page);
  await shot(owner.page, "workspace-owner-1366");

  // Player on a 390 px phone: joins and lands in the workspace, told what to do first.
  const player = await person(browser, baseURL, playerUser, { width: 390 });
  await player.page.goto(new URL(link).pathname);
  await player.page.getByRole("button", { name: "Join the workspace" }).click();
  await expect(player.page.getByText("Your role: Player")).toBeVisible();
  await player.page.goto("/app/dashboard");
  const start = player.page.getByRole("region", { name: "Start here in Rivals Esports Academy" });
  await expect(start).toContainText("Fill your champion pool");
  await expect(start).toContainText("Your next scrim");
  await expect(player.page.getByRole("banner").getByText("Rivals Esports Academy")).toBeVisible();
  expect(await player.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(player.page);
  await shot(player.page, "dashboard-player-390");

  // The same player on another device, in Spanish and dark: still lands in the workspace.
  const laptop = await person(browser, baseURL, playerUser, { language: "es", dark: true });
  await laptop.page.goto("/app/dashboard");
  await expect(
    laptop.page.getByRole("region", { name: "Empieza aquí en Rivals Esports Academy" }),
  ).toBeVisible();
  await expect(laptop.page.getByRole("banner").getByText("Rivals Esports Academy")).toBeVisible();
  await axeClean(laptop.page);
  await shot(laptop.page, "dashboard-player-es-dark-1366");

  // The owner finds the plans in the main navigation, opened on the workspace.
  await owner.page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Draft plans" })
    .click();
  await expect(owner.page.getByLabel("Plans of")).toHaveValue(workspace.id);
  await shot(owner.page, "plans-owner-1366");

  for (const { context } of [owner, player, laptop]) await context.close();
});

test("the header and the workspace page name the workspace whole, every control in view, from 320 to 1536 px in both languages", async ({
  browser,
  request,
  baseURL,
}) => {
  const ownerUser = await createUser(request, { first_name: "Olga" });
  await proTrial(request, ownerUser);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(ownerUser),
    data: { name: "Heretics Academy", tag: "HRTA" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;

  for (const language of ["en", "es"] as const) {
    const owner = await person(browser, baseURL, ownerUser, language === "es" ? { language } : {});
    for (const width of [320, 390, 768, 1024, 1280, 1366, 1536]) {
      await owner.page.setViewportSize({ width, height: 800 });
      await owner.page.goto(`/app/workspaces/${workspace.id}`);
      const name = owner.page.getByRole("banner").locator('span[title="Heretics Academy"]');
      await expect(name).toBeVisible();
      // Whole: not cut by an ellipsis (it was "Heretics A…" at 1366 px, and gone at 1536 and below
      // 1280; "Heretics Aca…" at 390, where it now takes two lines).
      const fit = await name.evaluate((element) => ({
        shown: [element.clientWidth, element.clientHeight],
        needs: [element.scrollWidth, element.scrollHeight],
      }));
      expect(fit.shown[0], `${language} at ${width}px`).toBeGreaterThanOrEqual(fit.needs[0]!);
      expect(fit.shown[1], `${language} at ${width}px`).toBeGreaterThanOrEqual(fit.needs[1]!);
      // On two lines, between words: no word broken across them (it was "Hereti / cs…" at 320 px).
      const brokenWords = await name.evaluate((element) => {
        const node = element.firstChild as Text;
        let at = 0;
        const broken: string[] = [];
        for (const word of node.data.split(" ")) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(word);
          at += word.length + 1;
        }
        return broken;
      });
      expect(brokenWords, `${language} at ${width}px`).toEqual([]);
      // No header control past the screen's edge (the account menu was off-screen from 768 to 1100 px).
      const right = await owner.page
        .getByRole("banner")
        .evaluate((header) =>
          Math.max(
            ...[...header.querySelectorAll("a, button")].map((el) => el.getBoundingClientRect().right),
          ),
        );
      expect(right, `${language} at ${width}px`).toBeLessThanOrEqual(width);
      // The account's first name stays in the user area (the spec's header) beside them, from
      // 768 px (on a phone the avatar's initial stands for it).
      if (width >= 768)
        await expect(owner.page.getByRole("banner").getByText("Olga", { exact: true })).toBeVisible();
      // The page's own heading is whole too (it was "Heretics A…" at 768 px), beside the whole tag
      // (its mark showed "HRT").
      const heading = owner.page.getByRole("heading", { level: 1, name: "Heretics Academy" });
      const whole = await heading.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(whole, `${language} at ${width}px`).toBe(true);
      await expect(owner.page.locator("main span[aria-hidden]").filter({ hasText: /^HRTA$/ })).toBeVisible();
    }
    await owner.context.close();
  }
});
