import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { authHeaders, expect, type TestUser } from "./fixtures.ts";

/** Shared helpers of the live-room specs: rooms through the API, seats in fresh contexts. */

interface Named {
  id: number;
  name: string;
}
interface RoomLink {
  kind: "blue_captain" | "red_captain" | "spectator";
  path: string | null;
}

const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

export async function leagueAndTeams(request: APIRequestContext, user: TestUser) {
  const headers = authHeaders(user);
  const leagues = list((await (await request.get("/api/drafts/leagues/", { headers })).json()) as Named[]);
  const url = `/api/drafts/leagues/${leagues[0]!.id}/teams/`;
  const teams = list((await (await request.get(url, { headers })).json()) as Named[]);
  return { leagueId: leagues[0]!.id, teams };
}

/** A live room for a new session (as a bot would open it), with its three links. */
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
  const room = (await res.json()) as { id: string; session_id: string; links: RoomLink[] };
  const path = (kind: RoomLink["kind"]) => room.links.find((link) => link.kind === kind)!.path!;
  return {
    id: room.id,
    sessionId: room.session_id,
    blue: teams[0]!.name,
    red: teams[1]!.name,
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

/** A fresh browser context (no account) on a path. */
export async function joinAs(
  browser: Browser,
  path: string,
  options: Parameters<Browser["newContext"]>[0] = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Selects a champion in the grid and presses the lock button of the step's type. */
export async function lockIn(page: Page, champion: string, type: "BAN" | "PICK") {
  await page.getByRole("option", { name: champion, exact: true }).click();
  await page.getByRole("button", { name: type === "BAN" ? "Ban Champion" : "Pick Champion" }).click();
}

/** Both captains press "I'm ready" (the draft starts). */
export async function readyBoth(blue: Page, red: Page) {
  await blue.getByRole("button", { name: "I'm ready" }).click();
  await red.getByRole("button", { name: "I'm ready" }).click();
  await expect(blue.getByText("Your turn: ban")).toBeVisible();
}
