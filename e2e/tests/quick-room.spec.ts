import { randomBytes } from "node:crypto";
import { STORAGE_KEYS } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE } from "../support/draft-order.ts";
import { authHeaders, createUser, expect, type TestUser, test } from "../support/fixtures.ts";
import { championIds } from "./plans-helpers.ts";

/** Plays a game's 20 steps through the API. */
async function playGame(request: APIRequestContext, user: TestUser, sessionId: string, ids: number[]) {
  for (const [index, [side, type]] of SEQUENCE.entries()) {
    const res = await request.post(`/api/drafts/sessions/${sessionId}/actions/`, {
      headers: authHeaders(user),
      data: { champion_id: ids[index], phase_number: index, action_type: type, team_side: side },
    });
    expect(res.status(), `step ${index}: ${await res.text()}`).toBe(201);
  }
}

test.describe("room lifecycle", () => {
  test("a logged-out visitor makes a quick room, sees its links, registers from it and the room is theirs", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByTestId("hero-quick-room").click();
    await expect(page.getByRole("heading", { name: "Quick room", level: 1 })).toBeVisible();
    await page.getByLabel("Blue team").fill("Koi");
    await page.getByLabel("Red team").fill("Heretics");
    await page.getByLabel("Seconds per turn").fill("45");
    await expectAxeClean(page);
    await page.getByRole("button", { name: "Create quick room" }).click();

    // The room opens on the organiser's link and lists every link to hand out.
    await expect(page).toHaveURL(/\/app\/room\/[0-9a-f-]{36}#.+/);
    const panel = page.getByTestId("quick-room-panel");
    const links = page.getByTestId("room-links");
    for (const name of ["Blue captain", "Red captain", "Spectator"]) {
      await expect(links.getByLabel(name, { exact: true })).toHaveValue(/\/app\/room\/[0-9a-f-]{36}#.+/);
    }
    // The organiser's own link is folded with the team links, labelled and warned about.
    await links.getByTestId("more-links").locator("summary").click();
    await expect(links.getByLabel("Organiser (you)", { exact: true })).toHaveValue(
      /\/app\/room\/[0-9a-f-]{36}#.+/,
    );
    await expect(links.getByText("Organiser link (yours only)")).toBeVisible();
    await expect(page.getByText("You: Organiser", { exact: true })).toBeVisible();
    await expect(panel.getByText(/Kept until/)).toBeVisible();
    await expectAxeClean(page);

    // Register from the room: back on it, the room is saved into the new account.
    await panel.getByRole("link", { name: "Register and save" }).click();
    const suffix = randomBytes(4).toString("hex");
    const password = `pw-${suffix}-Secret`;
    for (const [label, value] of [
      ["First name", "Quinn"],
      ["Last name", "Room"],
      ["Username", `quick_${suffix}`],
      ["Email", `quick_${suffix}@example.com`],
      ["Password", password],
      ["Confirm password", password],
    ] as const) {
      await page.getByLabel(new RegExp(`^${label}\\*?$`)).fill(value);
    }
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/app\/room\/[0-9a-f-]{36}#.+/);
    await expect(panel.getByText("Saved to your account.")).toBeVisible();
    await panel.getByRole("link", { name: "Open my sessions" }).click();
    await expect(page.getByText("Koi vs Heretics").first()).toBeVisible();
  });

  test("a series room moves a connected spectator to game 2; the quick room page in Spanish", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createUser(request);
    const headers = authHeaders(owner);
    const leagues = (await (await request.get("/api/drafts/leagues/")).json()) as {
      id: number;
      name: string;
    }[];
    const league = leagues.find((l) => l.name === "LEC") ?? leagues[0]!;
    const teams = (await (await request.get(`/api/drafts/leagues/${league.id}/teams/`)).json()) as {
      id: number;
    }[];
    const created = await request.post("/api/series/", {
      headers,
      data: {
        title: "Room Bo3",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
        side_choice: "alternate",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const series = (await created.json()) as { id: string; games: { session_id: string }[] };
    // Game 1 is played before the room opens (a live room's locks come from its captains' links).
    const pool = [...(await championIds(request)).values()];
    await playGame(request, owner, series.games[0]!.session_id, pool.slice(0, 20));
    const won = await request.patch(`/api/series/${series.id}/games/1/`, { headers, data: { winner: "A" } });
    expect(won.status()).toBe(200);
    const opened = await request.post(`/api/series/${series.id}/room/`, { headers, data: {} });
    expect(opened.status(), await opened.text()).toBe(201);
    const room = (await opened.json()) as { id: string; links: { kind: string; path: string }[] };
    const spectatorPath = room.links.find((link) => link.kind === "spectator")!.path;

    await page.goto(spectatorPath);
    const bar = page.getByTestId("series-room-bar");
    await expect(bar.getByTestId("series-room-game")).toHaveText("Game 1 of Bo3");
    await expect(bar.getByTestId("series-room-score")).toContainText("1 – 0");
    await expect(bar.getByText("Waiting for the organiser to start the next game.")).toBeVisible();
    const next = await request.post(`/api/series/${series.id}/games/`, { headers, data: {} });
    expect(next.status(), await next.text()).toBe(201);
    // The same spectator link, now on game 2: a fresh board in the lobby.
    await expect(bar.getByTestId("series-room-game")).toHaveText("Game 2 of Bo3");
    await expect(page.getByText("Ready check").first()).toBeVisible();
    await expectAxeClean(page);

    const spanish = await browser.newPage();
    await spanish.addInitScript((key) => window.localStorage.setItem(key, "es"), STORAGE_KEYS.language);
    await spanish.goto("/app/quick-room");
    await expect(spanish.getByRole("heading", { name: "Sala rápida", level: 1 })).toBeVisible();
    await expect(spanish.getByRole("button", { name: "Crear sala rápida" })).toBeVisible();
    await spanish.close();
  });
});
