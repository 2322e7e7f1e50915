import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { authHeaders, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { lockIn } from "../support/rooms.ts";

interface Named {
  id: number;
  name: string;
}
interface RoomLink {
  kind: "blue_captain" | "red_captain" | "spectator";
  path: string | null;
}

const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

const SESSION_BODY = (leagueId: number, teams: Named[]) => ({
  title: "Scrim night",
  league_id: leagueId,
  blue_team_id: teams[0]!.id,
  red_team_id: teams[1]!.id,
  settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
});

async function leagueAndTeams(request: APIRequestContext, user: TestUser) {
  const headers = authHeaders(user);
  const leagues = list((await (await request.get("/api/drafts/leagues/", { headers })).json()) as Named[]);
  const url = `/api/drafts/leagues/${leagues[0]!.id}/teams/`;
  const teams = list((await (await request.get(url, { headers })).json()) as Named[]);
  return { leagueId: leagues[0]!.id, teams };
}

/** A plain session between the first two teams of the first league. */
async function createSession(request: APIRequestContext, user: TestUser) {
  const { leagueId, teams } = await leagueAndTeams(request, user);
  const res = await request.post("/api/drafts/sessions/", {
    headers: authHeaders(user),
    data: SESSION_BODY(leagueId, teams),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, blue: teams[0]!.name, red: teams[1]!.name };
}

/** A live room for a new session, created through the API (as a bot would), with three links. */
async function openRoom(request: APIRequestContext, user: TestUser, turnSeconds = 300, bankSeconds = 60) {
  const { leagueId, teams } = await leagueAndTeams(request, user);
  const res = await request.post("/api/rooms/", {
    headers: authHeaders(user),
    data: { session: SESSION_BODY(leagueId, teams), turn_seconds: turnSeconds, bank_seconds: bankSeconds },
  });
  expect(res.status(), await res.text()).toBe(201);
  const room = (await res.json()) as { id: string; links: RoomLink[] };
  const path = (kind: RoomLink["kind"]) => room.links.find((link) => link.kind === kind)!.path!;
  return {
    id: room.id,
    blue: teams[0]!.name,
    red: teams[1]!.name,
    links: { blue: path("blue_captain"), red: path("red_captain"), spectator: path("spectator") },
  };
}

/** A fresh browser context (no account) on a room link. */
async function join(browser: Browser, path: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

test.describe("live rooms", () => {
  test("two captains and a spectator draft live, with a pause and a reconnect", async ({
    browser,
    request,
    userPage: organiser,
    user,
  }) => {
    // Three browsers, an organiser and 20 steps on a shared 2-core machine.
    test.setTimeout(600_000);
    const session = await createSession(request, user);

    // "Live room" from the session page: the room page shows the three links, each with Copy.
    await organiser.goto(`/app/draft/${session.id}`);
    await organiser.getByRole("button", { name: "Live room" }).click();
    const dialog = organiser.getByRole("dialog", { name: "Live room" });
    await dialog.getByRole("textbox", { name: "Seconds per turn" }).fill("300");
    await dialog.getByRole("button", { name: "Open live room" }).click();
    await expect(organiser).toHaveURL(/\/app\/room\/[0-9a-f-]{36}$/);
    await expect(organiser.getByRole("heading", { name: "Links to hand out" })).toBeVisible();
    const links: Record<string, string> = {};
    for (const link of ["Blue captain", "Red captain", "Spectator"]) {
      await expect(organiser.getByRole("button", { name: `Copy the ${link} link` })).toBeVisible();
      const url = await organiser.getByRole("textbox", { name: link }).inputValue();
      links[link] = new URL(url).pathname + new URL(url).hash;
    }
    const room = {
      blue: session.blue,
      red: session.red,
      links: { blue: links["Blue captain"]!, red: links["Red captain"]!, spectator: links.Spectator! },
    };

    const blue = await join(browser, room.links.blue);
    const red = await join(browser, room.links.red);
    const spectator = await join(browser, room.links.spectator);
    const pages = { BLUE: blue.page, RED: red.page };
    await expect(blue.page.getByText(`You: ${room.blue} captain`)).toBeVisible();
    await expect(spectator.page.getByText("You: Spectator")).toBeVisible();

    // Ready check: both captains ready starts the draft.
    await expect(spectator.page.getByRole("heading", { name: "Ready check", exact: true })).toBeVisible();
    await blue.page.getByRole("button", { name: "I'm ready" }).click();
    await expect(red.page.getByText("Ready ·")).toBeVisible();
    await red.page.getByRole("button", { name: "I'm ready" }).click();
    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Your ban");
    await expect(red.page.getByTestId("turn-headline")).toHaveText(`${room.blue} is banning`);

    for (const [index, champion] of TWENTY.entries()) {
      const [side, type] = SEQUENCE[index]!;
      const acting = pages[side];
      const other = pages[side === "BLUE" ? "RED" : "BLUE"];
      await expect(acting.getByTestId("turn-headline")).toHaveText(type === "BAN" ? "Your ban" : "Your pick");

      if (index === 2) {
        // The other captain and the spectator see the hover live.
        await acting.getByRole("option", { name: champion, exact: true }).click();
        await expect(other.getByText(`Considering ${champion}`, { exact: true })).toBeVisible();
        await expect(spectator.page.getByText(`Considering ${champion}`, { exact: true })).toBeVisible();
      }
      if (index === 4) {
        // The organiser pauses: nobody can lock; resume counts down 3 s.
        await organiser.getByRole("button", { name: "Pause" }).click();
        await expect(acting.getByText("Paused by the organiser").first()).toBeVisible();
        await expect(acting.getByRole("button", { name: "Ban Champion" })).toHaveCount(0);
        await organiser.getByRole("button", { name: "Resume" }).click();
        await expect(spectator.page.getByText(/Resuming in [123]…/)).toBeVisible();
      }
      if (index === 8) {
        // Blue loses the network while red picks, then catches up on its own.
        await blue.context.setOffline(true);
        await expect(blue.page.getByText(/Reconnecting…/).first()).toBeVisible();
      }
      await lockIn(acting, champion, type);
      if (index === 8) {
        await blue.context.setOffline(false);
        await expect(blue.page.getByText(/Reconnecting…/)).toHaveCount(0, { timeout: 20_000 });
        await expect(
          blue.page.getByRole("list", { name: "Event log" }).getByText(`${room.red} picked ${champion}`),
        ).toBeVisible();
      }
      const verb = type === "BAN" ? "banned" : "picked";
      await expect(
        spectator.page.getByText(`${side === "BLUE" ? room.blue : room.red} ${verb} ${champion}`).first(),
      ).toBeAttached();
    }

    for (const page of [blue.page, red.page, spectator.page, organiser])
      await expect(page.getByTestId("turn-headline")).toHaveText("Draft complete");
    const log = spectator.page.getByRole("region", { name: "Event log" });
    await expect(log.getByText("The organiser paused the draft")).toBeVisible();
    await expect(log.getByText("The organiser resumed the draft")).toBeVisible();
    await expect(log.getByText("The draft is complete")).toBeVisible();
    await expect(
      spectator.page.getByRole("list", { name: `${room.red} picks` }).getByText(`Pick 5: ${TWENTY[19]}`),
    ).toBeAttached();

    // The draft is the session's draft: the API's actions list has all 20.
    const actions = (await (
      await request.get(`/api/drafts/sessions/${session.id}/actions/`, { headers: authHeaders(user) })
    ).json()) as unknown[] | { results: unknown[] };
    expect(list(actions)).toHaveLength(20);

    for (const { context } of [blue, red]) await context.close();
    await expectAxeClean(spectator.page);
    await spectator.context.close();
  });

  test("a captain's countdown is the server's even with a local clock 5 minutes off; axe on a captain's turn", async ({
    browser,
    request,
    userPage: organiser,
    user,
  }) => {
    test.setTimeout(120_000);
    const room = await openRoom(request, user, 120, 30);
    const skew = 5 * 60_000;
    const blue = await join(browser, room.links.blue, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    // Blue's computer clock runs five minutes fast (its timers run normally).
    await blue.context.addInitScript((ms) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + ms;
    }, skew);
    await blue.page.reload();
    await organiser.goto(`/app/room/${room.id}`);
    await organiser.getByRole("button", { name: "Start anyway" }).click();
    await expect(blue.page.getByTestId("turn-headline")).toHaveText("Your ban");

    const clock = (page: Page) => page.getByTestId("room-clock");
    await expect(clock(blue.page)).toHaveAttribute("data-synced", "true");
    const offset = Number(await clock(blue.page).getAttribute("data-offset"));
    expect(Math.abs(offset + skew)).toBeLessThan(250);
    // Both clocks show the same time left (the organiser's clock is right): within the 250 ms
    // display refresh of each page. On the phone the captain reads the turn banner's clock.
    const phoneClock = blue.page.getByTestId("turn-clock");
    for (let i = 0; i < 3; i++) {
      const [a, b] = await Promise.all([
        phoneClock.getAttribute("data-remaining-ms"),
        clock(organiser).getByRole("timer").getAttribute("data-remaining-ms"),
      ]);
      expect(Math.abs(Number(a) - Number(b))).toBeLessThan(600);
      expect(Number(a)).toBeGreaterThan(100_000);
    }
    await expect(phoneClock).toContainText(/^1:[0-5]\d/);
    await expect(blue.page.getByText("Bank 30").first()).toBeVisible();

    await expectAxeClean(blue.page);
    await blue.context.close();
  });

  test("a bad, revoked or out-of-date link shows a clear screen", async ({ browser, request, user }) => {
    const room = await openRoom(request, user);
    const bad = await join(browser, `/app/room/${room.id}#not-a-real-token`);
    await expect(bad.page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await bad.page.goto(`/app/room/${room.id}`);
    await expect(bad.page.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
    // Signed out, the room's organiser (or a member of its team) signs in from it and is back in it.
    await bad.page.getByRole("link", { name: "Sign in" }).click();
    await bad.page.getByLabel("Username").fill(user.username);
    await bad.page.getByLabel("Password", { exact: true }).fill(user.password);
    await bad.page.getByRole("button", { name: "Sign In" }).click();
    await expect(bad.page).toHaveURL(new RegExp(`/app/room/${room.id}$`));
    await expect(bad.page.getByRole("button", { name: "Start anyway" })).toBeVisible();

    // A page older than the server's room protocol (its hello says version 1) reloads itself once,
    // then shows "Please reload" rather than reloading in a loop.
    const stale = await browser.newContext();
    const stalePage = await stale.newPage();
    await stalePage.routeWebSocket(/\/rooms\/[0-9a-f-]+\/ws$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { type: string; proto?: number };
        server.send(JSON.stringify(frame.type === "hello" ? { ...frame, proto: 1 } : frame));
      });
      server.onMessage((message) => socket.send(message));
    });
    // Documents asked for, not "load" events: a document's load waits for all its pictures, so
    // the app can reload before the first one fires, or show "Please reload" before the second.
    let documents = 0;
    stalePage.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === stalePage.mainFrame()) documents++;
    });
    await stalePage.goto(room.links.spectator);
    await expect(stalePage.getByRole("heading", { name: "Please reload" })).toBeVisible();
    expect(documents).toBe(2);
    await stale.close();

    // The organiser makes a new spectator link: the old one is closed at once.
    const spectator = await join(browser, room.links.spectator);
    await expect(spectator.page.getByText("You: Spectator")).toBeVisible();
    const organiser = await browser.newContext();
    const page = await organiser.newPage();
    await signIn(page, user);
    await page.goto(`/app/room/${room.id}`);
    await page.getByRole("button", { name: "New Spectator link (the old one stops working)" }).click();
    await expect(spectator.page.getByRole("heading", { name: "This link was replaced" })).toBeVisible();
    for (const context of [bad.context, spectator.context, organiser]) await context.close();
  });
});
