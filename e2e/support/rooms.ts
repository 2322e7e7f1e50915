import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import { authHeaders, expect, type TestUser } from "./fixtures.ts";

/**
 * Live-room helpers shared by the room specs: a room opened through the API (as a bot would) with
 * every link, and fresh browser contexts (no account) on those links, in a chosen language.
 */

interface Named {
  id: number;
  name: string;
}
export type RoomLinkKind = "blue_captain" | "red_captain" | "spectator" | "blue_team" | "red_team";

const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

export async function leagueAndTeams(request: APIRequestContext, user: TestUser) {
  const headers = authHeaders(user);
  const leagues = list((await (await request.get("/api/drafts/leagues/", { headers })).json()) as Named[]);
  const url = `/api/drafts/leagues/${leagues[0]!.id}/teams/`;
  const teams = list((await (await request.get(url, { headers })).json()) as Named[]);
  return { leagueId: leagues[0]!.id, teams };
}

/** A live room for a new session between the first two teams, with the path of every link. */
export async function openLiveRoom(
  request: APIRequestContext,
  user: TestUser,
  options: { turnSeconds?: number; bankSeconds?: number; delaySeconds?: number } = {},
) {
  const { leagueId, teams } = await leagueAndTeams(request, user);
  const res = await request.post("/api/rooms/", {
    headers: authHeaders(user),
    data: {
      session: {
        title: "Scrim night",
        league_id: leagueId,
        blue_team_id: teams[0]!.id,
        red_team_id: teams[1]!.id,
        settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
      },
      turn_seconds: options.turnSeconds ?? 300,
      bank_seconds: options.bankSeconds ?? 60,
      spectator_delay_seconds: options.delaySeconds ?? 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const room = (await res.json()) as {
    id: string;
    session_id: string;
    links: Array<{ kind: RoomLinkKind; path: string | null }>;
  };
  const path = (kind: RoomLinkKind) => room.links.find((link) => link.kind === kind)!.path!;
  return {
    id: room.id,
    sessionId: room.session_id,
    blue: teams[0]!.name,
    red: teams[1]!.name,
    path,
    links: { blue: path("blue_captain"), red: path("red_captain"), spectator: path("spectator") },
  };
}

/** Sets a room's spectator delay through the API (the organiser's setting). */
export async function setSpectatorDelay(
  request: APIRequestContext,
  user: TestUser,
  roomId: string,
  seconds: number,
) {
  const res = await request.put(`/api/rooms/${roomId}/delay/`, {
    headers: authHeaders(user),
    data: { delay_seconds: seconds },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fresh context (no account) on a room link; `language` sets the app's language first. */
export async function joinRoomLink(
  browser: Browser,
  path: string,
  { language, ...options }: BrowserContextOptions & { language?: "en" | "es" } = {},
): Promise<{ context: Awaited<ReturnType<Browser["newContext"]>>; page: Page }> {
  const context = await browser.newContext(options);
  if (language) {
    await context.addInitScript((lang) => window.localStorage.setItem("language", lang), language);
  }
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** A team link's member gives their name and joins (English screen). */
export async function joinAsMember(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Join your team" })).toBeVisible();
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
  await page.getByRole("button", { name: "Join the team" }).click();
}

/** Selects a champion in the grid and presses the lock button of the step's type. */
export async function lockIn(page: Page, champion: string, type: "BAN" | "PICK") {
  await chooseAndLock(page, champion, type === "BAN" ? "Ban Champion" : "Pick Champion");
}

/**
 * Selects a champion, then presses the lock button once it is enabled. On a captain's second turn
 * in a row, a click in the moment the first lock is confirmed was seen to be lost on a loaded
 * machine (2 runs in about 12; the lock button stayed disabled): the test clicks again, as a
 * captain would, rather than wait out its budget. Decision 036 notes it as a known issue.
 */
export async function chooseAndLock(page: Page, champion: string, lockButton: string | RegExp) {
  const option = page.getByRole("option", { name: champion, exact: true });
  const button = page.getByRole("button", { name: lockButton });
  await expect(async () => {
    await option.click({ timeout: 15_000 });
    await expect(button).toBeEnabled({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await button.click();
}
