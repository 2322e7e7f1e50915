import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { authHeaders, expect, signIn, type TestUser } from "./fixtures.ts";

/** The shell screens every axe scan and screenshot pass visits. */
export const SHELL_SCREENS = [
  { name: "login", path: "/login", signedIn: false },
  { name: "register", path: "/register", signedIn: false },
  { name: "not-found", path: "/no-such-page", signedIn: false },
  { name: "help", path: "/help", signedIn: false },
  { name: "docs", path: "/docs", signedIn: false },
  { name: "faq", path: "/faq", signedIn: false },
  { name: "profile", path: "/profile", signedIn: true },
] as const;

export interface AppScreen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Text that shows once the screen's data has loaded (beyond its h1). */
  ready?: string;
  /**
   * A search box (by its accessible name) to narrow a long champion list to one champion before the
   * scan: each row is the same component, and 172 of them make axe slow on a busy machine.
   */
  narrow?: string;
}

const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

/**
 * Every screen of the app, signed-out ones first, with the rows they show created for `user`
 * through the API: a draft session (so the sessions list, draft page and public draft have
 * content), a roster review, and a team for the priorities screen.
 */
export async function everyScreen(request: APIRequestContext, user: TestUser): Promise<AppScreen[]> {
  const headers = authHeaders(user);
  const leagues = list(
    (await (await request.get("/api/drafts/leagues/", { headers })).json()) as {
      id: number;
      is_custom: boolean;
    }[],
  );
  const league = leagues.find((candidate) => !candidate.is_custom)!;
  const teams = list(
    (await (await request.get(`/api/drafts/leagues/${league.id}/teams/`, { headers })).json()) as {
      id: number;
    }[],
  );
  const session = await request.post("/api/drafts/sessions/", {
    headers,
    data: {
      title: "Axe scrim",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const sessionId = ((await session.json()) as { id: string }).id;
  const review = await request.post("/api/rosters/reviews/", {
    headers,
    data: {
      league_id: league.id,
      team_id: teams[0]!.id,
      season: "Axe season",
      title: "Axe review",
      description: "Summary",
      review_text: "Details",
      players: [],
    },
  });
  expect(review.status(), await review.text()).toBe(201);
  const reviewId = ((await review.json()) as { id: number }).id;
  return [
    { name: "landing", path: "/", signedIn: false },
    ...SHELL_SCREENS.filter((screen) => !screen.signedIn),
    { name: "public draft", path: `/app/public/draft/${sessionId}`, signedIn: false, ready: "Axe scrim" },
    { name: "dashboard", path: "/app/dashboard", signedIn: true, ready: "Axe scrim" },
    { name: "sessions list", path: "/app/draft", signedIn: true, ready: "Axe scrim" },
    {
      name: "draft",
      path: `/app/draft/${sessionId}`,
      signedIn: true,
      ready: "Axe scrim",
      narrow: "Search champions",
    },
    {
      name: "priorities",
      path: `/app/teams/${teams[0]!.id}/priorities`,
      signedIn: true,
      narrow: "Search champions",
    },
    { name: "reviews list", path: "/app/rosters/reviews", signedIn: true, ready: "Axe review" },
    { name: "review detail", path: `/app/rosters/reviews/${reviewId}`, signedIn: true, ready: "Axe review" },
    { name: "review create", path: "/app/rosters/reviews/create", signedIn: true },
    { name: "analytics", path: "/app/analytics", signedIn: true },
    { name: "subscriptions", path: "/app/subscriptions", signedIn: true },
    ...SHELL_SCREENS.filter((screen) => screen.signedIn),
  ];
}

/** A new context at `width` px with the theme and language stored before the app starts. */
export async function newThemedPage(
  browser: Browser,
  baseURL: string,
  width: number,
  theme: string,
  lang: string,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 500 ? 844 : 900 },
    colorScheme: theme === "dark" ? "dark" : "light",
  });
  await context.addInitScript(
    ({ t, l }) => {
      window.localStorage.setItem("themeMode", t);
      window.localStorage.setItem("language", l);
    },
    { t: theme, l: lang },
  );
  return { context, page: await context.newPage() };
}

/**
 * Goes to `path` inside the running app, as a link does (the router reads the new location on
 * `popstate`), without loading a new document. What `main` showed before is marked, so
 * `SCREEN_HEADING` finds only the new screen's heading: the router keeps the old screen up while
 * the new one's code loads.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const shown of document.querySelectorAll("main > *")) shown.setAttribute("data-previous-screen", "");
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
}

/** The heading of the screen on view, never one `navigateInApp` left behind. */
export const SCREEN_HEADING = "main h1:not([data-previous-screen] *):not([data-previous-screen])";

/**
 * Shows each of `screens` in `page`, in their order, and runs `check` on each once its heading (and
 * its ready text) is up. Signed-out screens come first in the list: signing in applies from the
 * next page load on. Between those loads the app moves as a link does (`navigateInApp`): the check
 * is of the screen, and a new document per screen made the axe scans a third slower.
 */
export async function visitEveryScreen(
  page: Page,
  user: TestUser,
  screens: readonly AppScreen[],
  check: (screen: AppScreen) => Promise<void>,
): Promise<void> {
  let signedIn = false;
  let loaded = false;
  for (const screen of screens) {
    if (screen.signedIn && !signedIn) {
      await signIn(page, user);
      signedIn = true;
      loaded = false;
    }
    if (loaded) await navigateInApp(page, screen.path);
    else await page.goto(screen.path);
    loaded = true;
    await expect(page.locator(SCREEN_HEADING).first(), screen.name).toBeVisible();
    if (screen.ready) await expect(page.getByText(screen.ready).first(), screen.name).toBeVisible();
    await check(screen);
  }
}
