import type { Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { joinRoomLink, openLiveRoom } from "../support/rooms.ts";
import { championIds, startProTrial } from "./plans-helpers.ts";

/** Words of the plan that must never reach the other captain or a spectator. */
const SECRETS = [
  "vs Red, blue side",
  "Their jungle comfort",
  "They ban Ahri",
  "Deny the answer",
  "Mid control",
];

/** Someone joins the workspace through an invite made with the API (as the page does). */
async function join(
  request: Parameters<typeof startProTrial>[0],
  owner: TestUser,
  workspaceId: string,
  user: TestUser,
  role: "coach" | "player",
) {
  const invite = await request.post(`/api/workspaces/${workspaceId}/invites/`, {
    headers: authHeaders(owner),
    data: { role },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const { id } = (await invite.json()) as { id: string };
  const accepted = await request.post(`/api/invites/${id}/accept/`, { headers: authHeaders(user) });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** Nothing of the blue team's plan on this page: no panel, no grid mark, no plan words. */
async function expectNoPlan(page: Page) {
  await expect(page.getByTestId("plan-follow")).toHaveCount(0);
  await expect(page.locator("[data-plan-next]")).toHaveCount(0);
  await expect(page.getByTestId("plan-first")).toHaveCount(0);
  const text = await page.locator("body").innerText();
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

/**
 * A plan followed live (decision 027): a coach's two-branch plan, chosen by the signed-in blue
 * captain in a live room; red bans the first branch's condition and the blue board switches branch,
 * marks the answer in the grid and puts it first in the suggestions. The red captain (Spanish) and
 * a spectator (390 px) see nothing of it.
 */
test("a captain follows the coach's plan live; the opponent and a spectator see nothing of it", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [owner, coach, captain] = [
    await createUser(request),
    await createUser(request),
    await createUser(request),
  ];
  await startProTrial(request, owner);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(owner),
    data: { name: "Blue Academy", tag: "BLA" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as { id: string };
  await join(request, owner, workspace.id, coach, "coach");
  await join(request, owner, workspace.id, captain, "player");

  // The coach writes the plan: ban Aatrox first; if they ban Ahri, ban Akali; if Anivia, Annie.
  const ids = await championIds(request);
  const id = (name: string) => ids.get(name)!;
  const plan = await request.post("/api/draft-plans/", {
    headers: authHeaders(coach),
    data: {
      workspace_id: workspace.id,
      content: {
        name: "vs Red, blue side",
        opponent_team: null,
        side: "BLUE",
        bans: [{ phase: 1, champion_id: id("Aatrox"), reason: "Their jungle comfort" }],
        first_picks: [],
        flex_picks: [],
        branches: [
          {
            id: "ahri",
            label: "They ban Ahri",
            conditions: [{ type: "banned", team: "them", champion_id: id("Ahri") }],
            answer: [{ action: "BAN", champion_id: id("Akali"), note: "Deny the answer" }],
            children: [],
          },
          {
            id: "anivia",
            label: "They ban Anivia",
            conditions: [{ type: "banned", team: "them", champion_id: id("Anivia") }],
            answer: [{ action: "BAN", champion_id: id("Annie"), note: "Mid control" }],
            children: [],
          },
        ],
        position_notes: {},
        win_condition: "",
      },
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: string }).id;

  const room = await openLiveRoom(request, owner);
  const blueContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const blue = await blueContext.newPage();
  await signIn(blue, captain);
  await blue.goto(room.path("blue_captain"));
  const red = await joinRoomLink(browser, room.path("red_captain"), { language: "es" });
  const spectator = await joinRoomLink(browser, room.links.spectator, {
    viewport: { width: 390, height: 844 },
  });

  // The signed-in captain chooses the coach's plan from the workspace's plans.
  const panel = blue.getByTestId("plan-follow");
  await expect(panel.getByRole("heading", { name: "Draft plan" })).toBeVisible();
  await panel.getByRole("combobox", { name: "Follow a plan" }).selectOption(planId);
  await expect(panel.getByTestId("plan-active-branch")).toHaveText("Main line (no branch yet)");
  await expect(panel.getByText("Only your team sees this.")).toBeVisible();

  await blue.getByRole("button", { name: "I'm ready" }).click();
  await red.page.getByRole("button", { name: "Estoy listo" }).click();
  await expect(blue.getByTestId("turn-headline")).toHaveText("Your ban");

  // Main line: the plan's first ban is marked in the grid and first among the suggestions.
  const next = blue.locator("[data-plan-next]");
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute("data-champion-id", String(id("Aatrox")));
  await expect(panel.getByTestId("plan-next")).toContainText("Plan: ban Aatrox");
  const advice = blue.getByTestId("room-advice");
  await expect(advice.getByTestId("plan-first")).toContainText("Plan: Aatrox");
  await next.click();
  await blue.getByRole("button", { name: "Ban Champion" }).click();

  // Red takes the first branch's condition: bans Ahri.
  await expect(red.page.getByTestId("turn-headline")).toHaveText("Tu ban");
  await red.page.getByRole("option", { name: "Ahri", exact: true }).click();
  await red.page.getByRole("button", { name: "Banear campeón" }).click();

  // Blue's board switches branch and marks the answer (grid, first suggestion with the note).
  await expect(blue.getByTestId("turn-headline")).toHaveText("Your ban");
  await expect(panel.getByTestId("plan-active-branch")).toHaveText("They ban Ahri");
  await expect(panel.getByTestId("plan-next")).toContainText("Plan: ban Akali");
  await expect(panel.getByTestId("plan-status")).toHaveText("On plan");
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute("data-champion-id", String(id("Akali")));
  const first = advice.locator("[data-testid=plan-first], li").first();
  await expect(first).toHaveAttribute("data-testid", "plan-first");
  await expect(first).toContainText("Plan: Akali");
  await expect(first).toContainText("Deny the answer");
  await expectAxeClean(blue);

  // The other captain (Spanish) and the spectator (390 px) see the draft, nothing of the plan.
  await expect(red.page.getByTestId("turn-headline")).toBeVisible();
  await expect(
    spectator.page.getByRole("list", { name: "Event log" }).getByText(/banned Ahri/),
  ).toBeVisible();
  await expectNoPlan(red.page);
  await expectNoPlan(spectator.page);

  await blue.screenshot({ path: "test-results/plans-live-blue-1366.png", fullPage: true });

  // The blue captain at phone width, in Spanish after a reload: the selection is kept, the panel
  // speaks Spanish and nothing overflows sideways.
  await blue.setViewportSize({ width: 390, height: 844 });
  await blue.evaluate(() => window.localStorage.setItem("language", "es"));
  await blue.reload();
  await expect(panel.getByRole("heading", { name: "Plan de draft" })).toBeVisible();
  await expect(panel.getByTestId("plan-active-branch")).toHaveText("They ban Ahri");
  await expect(panel.getByTestId("plan-next")).toContainText("Plan: ban Akali");
  await expect(panel.getByText("Solo tu equipo ve esto.")).toBeVisible();
  await expect(next).toHaveAttribute("data-champion-id", String(id("Akali")));
  const overflow = await blue.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await blue.screenshot({ path: "test-results/plans-live-blue-390.png", fullPage: true });

  // On a phone the team chat button floats above the sticky lock button, never over it.
  const chat = (await blue.getByTestId("chat-drawer-button").boundingBox())!;
  const lock = (await blue.getByRole("button", { name: "Banear campeón" }).boundingBox())!;
  expect(chat.y + chat.height <= lock.y || lock.y + lock.height <= chat.y).toBe(true);

  // The plan's page says who changed it last (the coach who wrote it).
  await blue.goto(`/app/draft-plans/${planId}`);
  await expect(blue.getByRole("heading", { level: 1, name: "vs Red, blue side" })).toBeVisible();
  await expect(blue.getByTestId("last-edited")).toContainText(coach.username);

  for (const context of [blueContext, red.context, spectator.context]) await context.close();
});
