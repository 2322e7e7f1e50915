import { STORAGE_KEYS, type Workspace, type WorkspaceInvite } from "@draftroom/contracts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { leagueAndTeams } from "../support/rooms.ts";

/**
 * Team workspaces with four people: owner, coach, player (registers from the invite), viewer; the
 * coach comments and mentions the player, the player sees it, the viewer only reads (decision 028).
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

async function contextFor(
  browser: Browser,
  baseURL: string | undefined,
  options: { language?: string; width?: number } = {},
) {
  const context = await browser.newContext({
    baseURL,
    ...(options.width ? { viewport: { width: options.width, height: 844 } } : {}),
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

/**
 * Fills the registration form, its labels in the page's language (first name, last name,
 * username, email, password, confirmation), for a new account named after `name`; answers its
 * username.
 */
async function fillRegistration(
  page: Page,
  labels: readonly string[],
  name: string,
  last: string,
): Promise<string> {
  const suffix = Date.now().toString(36);
  const handle = `${name.toLowerCase()}_${suffix}`;
  const password = `pw-${name.toLowerCase()}-Secret1`;
  const values = [name, last, handle, `${handle}@example.com`, password, password];
  for (const [index, label] of labels.entries()) {
    await page.getByLabel(new RegExp(`^${label}\\*?$`)).fill(values[index]!);
  }
  return handle;
}

const REGISTRATION_EN = ["First name", "Last name", "Username", "Email", "Password", "Confirm password"];

test("owner, coach, player and viewer share a workspace with their roles", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const ownerUser = await createUser(request);
  await startProTrial(request, ownerUser);
  const coachUser = await createUser(request);
  const viewerUser = await createUser(request);

  // Owner: creates the workspace in the browser and makes a player invite link.
  const owner = await contextFor(browser, baseURL);
  await signIn(owner.page, ownerUser);
  await owner.page.goto("/app/workspaces");
  await expect(owner.page.getByRole("heading", { name: "Team workspaces" })).toBeVisible();
  await owner.page.getByRole("button", { name: "New workspace" }).first().click();
  await owner.page.getByLabel("Name").fill("Karmine Academy");
  await owner.page.getByLabel("Tag").fill("KCB");
  await owner.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(owner.page.getByRole("heading", { name: "Karmine Academy" })).toBeVisible();
  await expect(owner.page.getByText("Your role: Owner")).toBeVisible();
  const workspaceId = owner.page.url().split("/").pop()!;

  await owner.page.getByLabel("Role", { exact: true }).selectOption("player");
  await owner.page.getByRole("button", { name: "Create link" }).click();
  const linkEl = owner.page.locator("[data-invite-link]").first();
  await expect(linkEl).toBeAttached();
  const playerLink = (await linkEl.getAttribute("data-invite-link"))!;
  expect(playerLink).toContain("/app/invite/");
  await expectAxeClean(owner.page);

  // Coach and viewer join through invites made with the API (same routes the page uses).
  for (const [user, role] of [
    [coachUser, "coach"],
    [viewerUser, "viewer"],
  ] as const) {
    const invite = (await (
      await request.post(`/api/workspaces/${workspaceId}/invites/`, {
        headers: authHeaders(ownerUser),
        data: { role },
      })
    ).json()) as WorkspaceInvite;
    const joined = await request.post(`/api/invites/${invite.id}/accept/`, { headers: authHeaders(user) });
    expect(joined.status()).toBe(200);
  }

  // Player: on a 390 px phone, opens the link signed out, registers from it and joins.
  const player = await contextFor(browser, baseURL, { width: 390 });
  await player.page.goto(new URL(playerLink).pathname);
  await expect(player.page.getByRole("heading", { name: "Join Karmine Academy" })).toBeVisible();
  await expectAxeClean(player.page);
  await player.page.getByRole("button", { name: "Create an account" }).click();
  const zeus = await fillRegistration(player.page, REGISTRATION_EN, "Zeus", "Choi");
  await player.page.getByRole("button", { name: "Create Account" }).click();
  await expect(player.page.getByRole("heading", { name: "Join Karmine Academy" })).toBeVisible();
  await player.page.getByRole("button", { name: "Join the workspace" }).click();
  await expect(player.page.getByText("Your role: Player")).toBeVisible();
  const width = await player.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // The used single-use link is now a clear page.
  const late = await contextFor(browser, baseURL);
  await late.page.goto(new URL(playerLink).pathname);
  await expect(late.page.getByRole("heading", { name: "This invite was already used" })).toBeVisible();

  // Viewer, in Spanish: sees members but no management controls and no invites.
  const viewer = await contextFor(browser, baseURL, { language: "es" });
  await signIn(viewer.page, viewerUser);
  await viewer.page.goto(`/app/workspaces/${workspaceId}`);
  await expect(viewer.page.getByText("Tu rol: Observador")).toBeVisible();
  await expect(viewer.page.getByRole("heading", { name: "Miembros" })).toBeVisible();
  await expect(viewer.page.getByRole("heading", { name: "Invitaciones" })).toHaveCount(0);
  await expect(viewer.page.getByRole("combobox")).toHaveCount(0);
  // It says why, where the controls would be (decision 048).
  await expect(
    viewer.page.getByText("Los observadores pueden ver a los miembros pero no invitarlos ni gestionarlos."),
  ).toBeVisible();
  await expectAxeClean(viewer.page);
  const edit = await request.patch(`/api/workspaces/${workspaceId}/`, {
    headers: authHeaders(viewerUser),
    data: { name: "Hijacked" },
  });
  expect(edit.status()).toBe(403);

  // Owner sees all four, and the coach sees the workspace in their list.
  await owner.page.reload();
  await expect(owner.page.getByRole("combobox", { name: /Role of/ })).toHaveCount(4);
  const coachList = (await (
    await request.get("/api/workspaces/", { headers: authHeaders(coachUser) })
  ).json()) as Workspace[];
  expect(coachList.map((w) => [w.name, w.role])).toEqual([["Karmine Academy", "coach"]]);

  // Pools (decision 029): the workspace plays as a league team; the coach opens a shared draft for
  // it, at blue's first pick, and rosters the player as Zeus (top), linked to their account.
  const leagues = (await (await request.get("/api/drafts/leagues/")).json()) as { id: number }[];
  const teams = (await (await request.get(`/api/drafts/leagues/${leagues[0]!.id}/teams/`)).json()) as {
    id: number;
  }[];
  expect(
    (
      await request.patch(`/api/workspaces/${workspaceId}/`, {
        headers: authHeaders(ownerUser),
        data: { team_id: teams[0]!.id },
      })
    ).status(),
  ).toBe(200);
  const created = await request.post("/api/drafts/sessions/", {
    headers: authHeaders(coachUser),
    data: {
      title: "Shared scrim",
      league_id: leagues[0]!.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = ((await created.json()) as { id: string }).id;
  await request.put(`/api/drafts/sessions/${sessionId}/workspace/`, {
    headers: authHeaders(coachUser),
    data: { workspace_id: workspaceId },
  });
  const champions = (await (await request.get("/api/drafts/champions/")).json()) as {
    id: number;
    name: string;
  }[];
  const bans = ["Aatrox", "Akali", "Alistar", "Amumu", "Anivia", "Annie"];
  const sides = ["BLUE", "RED", "BLUE", "RED", "BLUE", "RED"];
  for (const [index, name] of bans.entries()) {
    const saved = await request.post(`/api/drafts/sessions/${sessionId}/actions/`, {
      headers: authHeaders(coachUser),
      data: {
        champion_id: champions.find((champion) => champion.name === name)!.id,
        phase_number: index,
        action_type: "BAN",
        team_side: sides[index],
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  const members = (await (
    await request.get(`/api/workspaces/${workspaceId}/members/`, { headers: authHeaders(ownerUser) })
  ).json()) as { user_id: number; username: string }[];
  const zeusId = members.find((member) => member.username === zeus)!.user_id;
  const rostered = await request.post(`/api/workspaces/${workspaceId}/roster/`, {
    headers: authHeaders(coachUser),
    data: { name: "Zeus", position: "top", user_id: zeusId },
  });
  expect(rostered.status(), await rostered.text()).toBe(201);

  // The player sees no comfort pick yet, edits their own pool on the phone, and the shared draft's
  // recommendations change.
  await player.page.goto(`/app/draft/${sessionId}`);
  await expect(player.page.getByRole("heading", { name: "Shared scrim" })).toBeVisible();
  const comfort = player.page.locator('button[title*="Comfort pick for Zeus"]');
  await expect(player.page.getByRole("heading", { name: "Suggested picks" })).toBeVisible();
  await expect(comfort).toHaveCount(0);
  await player.page.goto(`/app/workspaces/${workspaceId}/pools`);
  await expect(player.page.getByRole("heading", { name: "Roster and champion pools" })).toBeVisible();
  await player.page.getByLabel("Search champions").fill("Jayce");
  await player.page.getByRole("button", { name: /Add Jayce/ }).click();
  await player.page.getByLabel("Comfort tier of Jayce").selectOption("S");
  await player.page.getByLabel("Notes on Jayce").fill("lane bully");
  await player.page.getByRole("button", { name: "Save pool" }).click();
  await expect(player.page.getByText("Zeus's pool is saved.")).toBeVisible();
  await expect(player.page.getByText(/Derived from the active players' pools/)).toBeVisible();
  await expectAxeClean(player.page);
  expect(await player.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await player.page.goto(`/app/draft/${sessionId}`);
  await expect(comfort.first()).toBeVisible();
  await comfort.first().click();
  await expect(player.page.getByText(/Comfort pick for Zeus/).first()).toBeVisible();

  // The viewer, in Spanish, reads the pools but edits nothing.
  await viewer.page.goto(`/app/workspaces/${workspaceId}/pools`);
  await expect(
    viewer.page.getByRole("heading", { name: "Plantilla y campeones de cada jugador" }),
  ).toBeVisible();
  await expect(viewer.page.getByRole("list", { name: "Campeones de Zeus" }).getByText("Jayce")).toBeVisible();
  await expect(viewer.page.getByRole("button", { name: "Guardar campeones" })).toHaveCount(0);
  await expectAxeClean(viewer.page);

  // The owner on the narrowest phone, in Spanish: the priorities' long button wraps on the screen
  // (it was 399 px wide in 320).
  const narrow = await contextFor(browser, baseURL, { language: "es", width: 320 });
  await signIn(narrow.page, ownerUser);
  await narrow.page.goto(`/app/workspaces/${workspaceId}/pools`);
  await expect(
    narrow.page.getByRole("button", { name: "Fijar esta lista como prioridades del equipo" }),
  ).toBeVisible();
  expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await narrow.context.close();

  {
    // Comments and activity (decision 028), scoped: the pools part above has its own draft.
    // Coach: creates a draft straight into the workspace, comments and mentions the player.
    const { leagueId, teams } = await leagueAndTeams(request, coachUser);
    const sessionBody = { league_id: leagueId, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id };
    const created = await request.post(`/api/drafts/sessions/?workspace=${workspaceId}`, {
      headers: authHeaders(coachUser),
      data: { title: "Scrim vs G2", ...sessionBody },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sessionId = ((await created.json()) as { id: string }).id;
    const coach = await contextFor(browser, baseURL);
    await signIn(coach.page, coachUser);
    await coach.page.goto(`/app/draft/${sessionId}`);
    await expect(coach.page.getByText("Now in: Karmine Academy")).toBeVisible();
    const box = coach.page.getByRole("textbox", { name: "Write a comment" });
    await box.fill("@zeu");
    await expect(coach.page.getByRole("option", { name: `@${zeus}` })).toBeVisible();
    await box.press("Enter");
    await box.pressSequentially("can you play Azir here?");
    await expect(box).toHaveValue(`@${zeus} can you play Azir here?`);
    await coach.page.getByRole("button", { name: "Comment", exact: true }).click();
    const panel = coach.page.getByTestId("comments-panel");
    await expect(panel.locator("mark", { hasText: `@${zeus}` })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Edit" })).toBeVisible();
    await expectAxeClean(coach.page, "[data-testid='comments-panel']");

    // Player, on the phone: the mention waits in the header and on the workspace page.
    await player.page.goto(`/app/workspaces/${workspaceId}`);
    await expect(player.page.getByRole("button", { name: /1 unread mention/ })).toBeVisible();
    const mentions = player.page.getByTestId("mentions");
    await expect(
      mentions.getByRole("link", { name: `Erin Tester (@${coachUser.username}) mentioned you` }),
    ).toBeVisible();
    await expect(mentions).toContainText("can you play Azir here?");
    const createdEntry = player.page
      .getByTestId("activity-feed")
      .getByRole("listitem")
      .filter({ hasText: "Scrim vs G2" })
      .filter({ hasText: "created" });
    // People by name with their username (the account's name: the coach is on no roster).
    await expect(createdEntry).toContainText(`Erin Tester (@${coachUser.username})`);
    await expect(createdEntry).toContainText("created draft");
    // The entry links to the draft; joins through invites are in the feed too (decision 048).
    await expect(createdEntry.getByRole("link", { name: "Scrim vs G2" })).toHaveAttribute(
      "href",
      `/app/draft/${sessionId}`,
    );
    const feed = player.page.getByTestId("activity-feed");
    for (const name of [coachUser.username, viewerUser.username, zeus]) {
      await expect(
        feed.getByRole("listitem").filter({ hasText: name }).filter({ hasText: "joined the workspace" }),
      ).toHaveCount(1);
    }
    await expectAxeClean(player.page);
    expect(await player.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await mentions.getByRole("link", { name: `Erin Tester (@${coachUser.username}) mentioned you` }).click();
    await expect(player.page.getByTestId("comments-panel")).toContainText("can you play Azir here?");

    // Viewer, in Spanish: reads the draft and the discussion; nothing to edit, lock, open as a
    // live room, comment or move, and each place says why (decision 048).
    await viewer.page.goto(`/app/draft/${sessionId}`);
    await expect(
      viewer.page.getByText("Los observadores pueden leer los drafts pero no cambiarlos."),
    ).toBeVisible();
    await expect(viewer.page.getByTestId("read-only-turn")).toBeVisible();
    await expect(viewer.page.getByRole("button", { name: "Editar" })).toHaveCount(0);
    await expect(viewer.page.getByRole("button", { name: "Sala en directo" })).toHaveCount(0);
    const viewerPanel = viewer.page.getByTestId("comments-panel");
    await expect(viewerPanel).toContainText("can you play Azir here?");
    await expect(
      viewerPanel.getByText("Los observadores pueden leer la conversación pero no comentar."),
    ).toBeVisible();
    await expect(viewerPanel.getByRole("textbox")).toHaveCount(0);
    await expect(viewerPanel.getByRole("button", { name: "Editar" })).toHaveCount(0);
    await expect(viewer.page.getByRole("button", { name: "Mover a un espacio" })).toHaveCount(0);
    await expectAxeClean(viewer.page, "[data-testid='comments-panel']");
    const comments = (await (
      await request.get(`/api/comments/?item_type=session&item_id=${sessionId}`, {
        headers: authHeaders(viewerUser),
      })
    ).json()) as { results: { id: number }[] };
    const viewerEdit = await request.patch(`/api/comments/${comments.results[0]!.id}/`, {
      headers: authHeaders(viewerUser),
      data: { body: "edited by the viewer" },
    });
    expect(viewerEdit.status()).toBe(403);

    // Owner: moves a personal draft into the workspace through the confirmation dialog.
    const personal = await request.post("/api/drafts/sessions/", {
      headers: authHeaders(ownerUser),
      data: { title: "Owner notes", ...sessionBody },
    });
    await owner.page.goto(`/app/draft/${((await personal.json()) as { id: string }).id}`);
    await expect(owner.page.getByText("Now in your personal space")).toBeVisible();
    await owner.page.getByRole("button", { name: "Move to workspace" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Move to another space" });
    await expect(dialog.getByRole("radio", { name: "Karmine Academy" })).toBeChecked();
    await dialog.getByRole("button", { name: "Move", exact: true }).click();
    await expect(owner.page.getByText("Now in: Karmine Academy")).toBeVisible();
    const personalUrl = owner.page.url();

    // Owner: deletes the workspace once its name is typed (decision 038); the draft goes back to
    // its creator's personal space, and the viewer's link to the workspace no longer opens.
    await owner.page.goto(`/app/workspaces/${workspaceId}`);
    await owner.page.getByRole("button", { name: "Delete workspace…" }).click();
    const deleting = owner.page.getByRole("dialog", { name: "Delete Karmine Academy?" });
    const deleteButton = deleting.getByRole("button", { name: "Delete for everyone" });
    await expect(deleteButton).toBeDisabled();
    await deleting.getByLabel("Type Karmine Academy to confirm").fill("Karmine Academy");
    if (process.env.WORKSPACE_SHOTS)
      await owner.page.screenshot({ path: `${process.env.WORKSPACE_SHOTS}/delete-workspace.png` });
    await deleteButton.click();
    await expect(owner.page.getByText("Karmine Academy was deleted.")).toBeVisible();
    await expect(owner.page).toHaveURL(/\/app\/workspaces$/);
    await owner.page.goto(personalUrl);
    await expect(owner.page.getByRole("heading", { level: 1, name: "Owner notes" })).toBeVisible();
    await viewer.page.goto(`/app/workspaces/${workspaceId}`);
    await expect(viewer.page.getByText("Espacio no encontrado")).toBeVisible();

    for (const ctx of [owner, player, late, viewer, coach]) await ctx.context.close();
  }
});

/**
 * An invite opened signed out comes back after any way of signing in: "Create an account", then
 * "Sign in" for a member who already has an account; or the header's "Sign up" instead of the
 * invite's own button. Before, both ended on the dashboard with the invite forgotten. An account
 * made in Spanish is a Spanish account (before, every new account started in English).
 */
test("an invite opened signed out comes back after the form switch and the header's sign-up", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ownerUser = await createUser(request);
  await startProTrial(request, ownerUser);
  const created = await request.post("/api/workspaces/", {
    headers: authHeaders(ownerUser),
    data: { name: "Vitality Bee", tag: "VITB" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  const inviteFor = async (role: "coach" | "player") =>
    (
      (await (
        await request.post(`/api/workspaces/${workspace.id}/invites/`, {
          headers: authHeaders(ownerUser),
          data: { role },
        })
      ).json()) as WorkspaceInvite
    ).id;

  // A coach who already has an account: the invite's "Create an account", then "Sign in".
  const coachUser = await createUser(request);
  const coach = await contextFor(browser, baseURL, { width: 390 });
  await coach.page.goto(`/app/invite/${await inviteFor("coach")}`);
  await coach.page.getByRole("button", { name: "Create an account" }).click();
  await expect(coach.page).toHaveURL(/\/register$/);
  await expect(coach.page.getByText("Create your account to join Vitality Bee")).toBeVisible();
  await coach.page.getByRole("link", { name: "Sign in" }).click();
  await expect(coach.page.getByText("Sign in to join Vitality Bee")).toBeVisible();
  await coach.page.getByLabel("Username").fill(coachUser.username);
  await coach.page.getByLabel("Password", { exact: true }).fill(coachUser.password);
  await coach.page.getByRole("button", { name: "Sign In" }).click();
  await expect(coach.page.getByRole("heading", { name: "Join Vitality Bee" })).toBeVisible();
  await coach.page.getByRole("button", { name: "Join the workspace" }).click();
  await expect(coach.page.getByText("Your role: Coach")).toBeVisible();
  await coach.context.close();

  // A new player, in Spanish, who uses the header's "Sign up" rather than the invite's button: the
  // account starts in the language the page was in.
  const player = await contextFor(browser, baseURL, { language: "es" });
  await player.page.goto(`/app/invite/${await inviteFor("player")}`);
  await expect(player.page.getByRole("heading", { name: "Únete a Vitality Bee" })).toBeVisible();
  await player.page.getByRole("banner").getByRole("link", { name: "Registrarse" }).click();
  await fillRegistration(
    player.page,
    ["Nombre", "Apellidos", "Nombre de usuario", "Correo electrónico", "Contraseña", "Confirmar contraseña"],
    "Kyeahoo",
    "Kang",
  );
  await player.page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(player.page.getByRole("heading", { name: "Únete a Vitality Bee" })).toBeVisible();
  await player.page.getByRole("button", { name: "Unirse al espacio" }).click();
  await expect(player.page.getByText("Tu rol: Jugador")).toBeVisible();
  const token = await player.page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken);
  const profile = await request.get("/api/auth/profile/", { headers: { authorization: `Token ${token}` } });
  expect(((await profile.json()) as { preferences: { language: string } }).preferences.language).toBe("es");
  await player.context.close();
});
