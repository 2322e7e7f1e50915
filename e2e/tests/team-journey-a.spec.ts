import type { Workspace, WorkspaceInvite } from "@draftroom/contracts";
import { authHeaders, createUser, expect, signIn, test } from "../support/fixtures.ts";
import { newThemedPage } from "../support/screens.ts";
import { expectNoAxeViolations, startProTrial } from "./plans-helpers.ts";

/**
 * Decision 053 through the interface: an analyst on the free plan sees up front that their plan
 * has no workspace of its own; in the Pro workspace they were invited to, they scout a
 * second-division team of the seeded games (LVP SL) in full, and the team they add in the
 * session dialog is the coach's too. On a phone, in Spanish, dark, then English.
 */
test("a free analyst of a Pro team scouts an LVP SL team in full and adds a team for the whole staff", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await createUser(request);
  await startProTrial(request, owner);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(owner),
    data: { name: "Journey Squad", tag: "JSQ" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  const invite = (await (
    await request.post(`/api/workspaces/${workspace.id}/invites/`, {
      headers: authHeaders(owner),
      data: { role: "analyst" },
    })
  ).json()) as WorkspaceInvite;
  const analyst = await createUser(request);
  expect(
    (await request.post(`/api/invites/${invite.id}/accept/`, { headers: authHeaders(analyst) })).status(),
  ).toBe(200);

  // Phone, Spanish, dark: the workspaces page says what the free plan allows before any form.
  const { context, page } = await newThemedPage(browser, baseURL!, 390, "dark", "es");
  await signIn(page, analyst);
  await page.goto("/app/workspaces");
  await expect(page.getByText("Tu plan Community no incluye espacios de equipo.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Nuevo espacio" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Journey Squad/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // English from here; the analyst works inside the team's workspace.
  await page.evaluate((id) => {
    localStorage.setItem("language", "en");
    localStorage.setItem("currentWorkspace", id);
  }, workspace.id);
  await page.goto("/app/scouting");
  await page.getByRole("searchbox", { name: "Search teams or leagues" }).fill("LVP");
  const heretics = page.getByRole("link", { name: /^Los Heretics/ });
  await expect(heretics).toContainText("LVP SL");
  await expect(heretics).toContainText("2 games");
  await heretics.click();
  await expect(page.getByRole("heading", { level: 1, name: "Los Heretics" })).toBeVisible();
  // The team's Pro plan covers the analyst: the full report, not the preview's upsell.
  await expect(page.getByText(/^Based on 2 professional games/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Players" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The session dialog lists LVP SL with its games; a team added there is the workspace's.
  await page.goto("/app/draft");
  await page.getByRole("button", { name: "Create Draft" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "League" }).click();
  await page.getByPlaceholder("Search...").fill("LVP");
  const option = page.getByRole("option", { name: /LVP SL/ });
  await expect(option).toContainText("9 games");
  await option.click();
  await dialog.getByRole("button", { name: "Add a team for the whole team space" }).click();
  await dialog.getByRole("textbox", { name: "New team name" }).fill("Journey Rivals");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText('Team "Journey Rivals" added')).toBeVisible();
  await context.close();

  const teams = (await (await request.get("/api/drafts/teams/", { headers: authHeaders(owner) })).json()) as {
    name: string;
    workspace_id?: string | null;
  }[];
  expect(teams.find((team) => team.name === "Journey Rivals")?.workspace_id).toBe(workspace.id);
});
