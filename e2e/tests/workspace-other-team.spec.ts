import type { Workspace, WorkspaceInvite } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { TWENTY } from "../support/draft-order.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { joinRoomLink, leagueAndTeams, lockIn } from "../support/rooms.ts";

/**
 * "The other team is always welcome" (decision 046): a workspace linked to no league team opens a
 * live room, the coach says "we play blue", and the other team's captain drafts from the red link
 * with no account, on a phone; our own captain link still needs a member.
 */

async function startProTrial(request: APIRequestContext, user: TestUser): Promise<void> {
  const tiers = (await (await request.get("/api/subscriptions/tiers/")).json()) as {
    id: number;
    key: string;
  }[];
  const pro = tiers.find((tier) => tier.key === "pro")!;
  const res = await request.post("/api/subscriptions/", {
    headers: authHeaders(user),
    data: { tier_id: pro.id, trial: true },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** An owner's workspace (no league team) with `coach` as its coach, and a session of it. */
async function workspaceSession(request: APIRequestContext, owner: TestUser, coach: TestUser) {
  await startProTrial(request, owner);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(owner),
    data: { name: "Scrim Squad", tag: "SQD" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  expect(workspace.team_id).toBeNull();
  const invite = (await (
    await request.post(`/api/workspaces/${workspace.id}/invites/`, {
      headers: authHeaders(owner),
      data: { role: "coach" },
    })
  ).json()) as WorkspaceInvite;
  expect(
    (await request.post(`/api/invites/${invite.id}/accept/`, { headers: authHeaders(coach) })).status(),
  ).toBe(200);
  const { leagueId, teams } = await leagueAndTeams(request, coach);
  const session = await request.post("/api/drafts/sessions/", {
    headers: authHeaders(coach),
    data: {
      title: "Thursday scrim",
      league_id: leagueId,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const sessionId = ((await session.json()) as { id: string }).id;
  const moved = await request.put(`/api/drafts/sessions/${sessionId}/workspace/`, {
    headers: authHeaders(coach),
    data: { workspace_id: workspace.id },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return { sessionId, blue: teams[0]!.name, red: teams[1]!.name };
}

test("a workspace without a league team plays blue; the red captain drafts without an account", async ({
  browser,
  request,
  baseURL,
}) => {
  // Three contexts and a server on two shared cores.
  test.setTimeout(300_000);
  const owner = await createUser(request);
  const coachUser = await createUser(request);
  const { sessionId, blue, red } = await workspaceSession(request, owner, coachUser);

  // The coach opens the live room from the session page and says which side is ours.
  const coach = await browser.newContext({ baseURL });
  const organiser = await coach.newPage();
  await signIn(organiser, coachUser);
  await organiser.goto(`/app/draft/${sessionId}`);
  await organiser.getByRole("button", { name: "Live room" }).click();
  const dialog = organiser.getByRole("dialog", { name: "Live room" });
  const sides = dialog.getByRole("group", { name: "Which side does our team play?" });
  await expect(sides).toBeVisible();
  await dialog.getByRole("textbox", { name: "Seconds per turn" }).fill("300");
  // Not chosen yet: the dialog says so and opens nothing.
  await dialog.getByRole("button", { name: "Open live room" }).click();
  await expect(sides.getByRole("alert")).toHaveText("Choose the side your team plays");
  await expectAxeClean(organiser, '[role="dialog"]');
  await sides.getByRole("radio", { name: /We play blue/ }).check();
  await dialog.getByRole("button", { name: "Open live room" }).click();
  await expect(organiser).toHaveURL(/\/app\/room\/[0-9a-f-]{36}$/);

  // The links say whose they are; the red one goes to the other team.
  const links = organiser.getByTestId("room-links");
  await expect(links.locator('[data-link-kind="blue_captain"]')).toContainText("Our team");
  await expect(links.locator('[data-link-kind="red_captain"]')).toContainText("Other team");
  const link = async (name: string) => {
    const url = new URL(await organiser.getByRole("textbox", { name }).inputValue());
    return url.pathname + url.hash;
  };
  const redLink = await link("Red captain");
  const blueLink = await link("Blue captain");

  // The other team's captain: no account, a 390 px phone.
  const guest = await joinRoomLink(browser, redLink, { baseURL, viewport: { width: 390, height: 844 } });
  await expect(guest.page.getByText(`You: ${red} captain`)).toBeVisible();
  // Our captain link opens for nobody without a member account.
  const stranger = await guest.context.newPage();
  await stranger.goto(blueLink);
  await expect(stranger.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await stranger.close();
  // The coach takes our captain seat in a second tab, signed in.
  const captain = await coach.newPage();
  await signIn(captain, coachUser);
  await captain.goto(blueLink);
  await expect(captain.getByText(`You: ${blue} captain`)).toBeVisible();

  await captain.getByRole("button", { name: "I'm ready" }).click();
  await guest.page.getByRole("button", { name: "I'm ready" }).click();
  await expect(captain.getByTestId("turn-headline")).toHaveText("Your ban");
  await lockIn(captain, TWENTY[0]!, "BAN");
  await expect(guest.page.getByTestId("turn-headline")).toHaveText("Your ban");
  await lockIn(guest.page, TWENTY[1]!, "BAN");
  // The guest's lock stands: blue is on the clock again, and the organiser's log shows it.
  await expect(guest.page.getByTestId("turn-headline")).toHaveText(`${blue} is banning`);
  await expect(organiser.getByRole("list", { name: "Event log" }).getByText(TWENTY[1]!)).toBeVisible();

  await guest.context.close();
  await coach.close();
});
