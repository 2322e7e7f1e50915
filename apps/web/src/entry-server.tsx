/**
 * The server's side of a signed-in page load (decision 076): it draws the screen at an address
 * with the member's data, as the browser's first render would, so that the page shows its content
 * as soon as the HTML and the stylesheet are in. The browser's app then renders the screen itself
 * and replaces this markup (main.tsx), as it does the landing page's prerendered shell.
 *
 * Built with `vite build --ssr` into dist-server/ and loaded by the server (apps/server
 * plugins/first-paint.ts). The app's state is module-wide (one query cache, one session, one
 * language), as a browser tab needs; here it serves one page request at a time: each render
 * starts from an empty cache and leaves none behind.
 */
import type { FirstPaintContext, User } from "@draftroom/contracts";
import type { Query } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { matchPath, StaticRouter, useRoutes } from "react-router";
import { HEAD_AHEAD_ROUTES } from "./app/head-ahead.ts";
import { preloadScreenAt, routes } from "./app/router.tsx";
import { api, setServerSideApi } from "./lib/api.ts";
import { authStore } from "./lib/auth.ts";
import { setCurrentWorkspace } from "./lib/current-workspace.ts";
import { setDisplayTimeZone } from "./lib/format.ts";
import i18n, { i18nReady } from "./lib/i18n.ts";
import { queryClient } from "./lib/query-client.ts";

/** A page request with the member's first-paint cookie (a null time zone draws in UTC). */
export interface FirstPaintRequest extends FirstPaintContext {
  /** The page's path with its query ("/app/draft/…"). */
  url: string;
  /** Sends an API request to this server (`/api/...` address, fetch's init). */
  send: (url: string, init: RequestInit) => Promise<Response>;
}

function AppRoutes() {
  return useRoutes(routes);
}

/** Whether the server draws the first paint of the page at this path: the main screens'. */
export function drawsFirstPaint(pathname: string): boolean {
  return HEAD_AHEAD_ROUTES.some((route) => matchPath(route.path, pathname) !== null);
}

/**
 * Renders waiting beyond which a page load goes without (the browser draws it, as always): under a
 * burst, a first paint that waits for others would come later than the browser's own.
 */
const MOST_WAITING = 2;
let waiting = 0;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The markup of the app's root for a signed-in page load, or undefined when the token is not a
 * session's (the browser's app then does as it always did). One at a time: see above.
 */
export function renderFirstPaint(request: FirstPaintRequest): Promise<string | undefined> {
  if (waiting >= MOST_WAITING) return Promise.resolve(undefined);
  waiting += 1;
  const turn = queue
    .then(() => render(request))
    .finally(() => {
      waiting -= 1;
    });
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * The app at `url` as HTML, once every lazily loaded part in it (a chart, a panel) has loaded:
 * a part still loading would show its placeholder.
 */
async function draw(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StaticRouter location={url}>
      <AppRoutes />
    </StaticRouter>,
    // One document, no part sent apart (React outlines a large part behind a swap script).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // A part that failed would show its error state, or nothing: the browser draws the page instead.
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}

/**
 * Loads the main screens' code ahead of the first page loads (at the server's start): a screen's
 * first render on the server would otherwise wait for its modules past the page's budget.
 */
export async function warmUp(): Promise<void> {
  await i18nReady;
  await Promise.allSettled(HEAD_AHEAD_ROUTES.map((route) => preloadScreenAt(route.path)));
}

/** Draws after the first one, for what the first asked for or waited for (see `render`). */
const MOST_PASSES = 3;
/** What React writes for a part that suspended while it drew: a placeholder and a script. */
const SUSPENDED = /<template id="[A-Z]:|<script/;

/** A query the render asked for and has no answer yet (a disabled one waits for something else). */
function isAskedFor(query: Query): boolean {
  if (query.state.status !== "pending" || query.state.fetchStatus !== "idle") return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
}

async function render(request: FirstPaintRequest): Promise<string | undefined> {
  await i18nReady;
  setServerSideApi({ token: request.token, send: request.send });
  try {
    const user = await api.get<User>("/auth/profile/").catch(() => null);
    if (!user) return undefined;
    authStore.set({ user, token: request.token, isAuthenticated: true, isLoading: false, error: null });
    setCurrentWorkspace(request.workspace);
    setDisplayTimeZone(request.timeZone);
    await i18n.changeLanguage(request.language);
    // The screen's page-load requests and the header's, as the browser's takeover waits for them.
    await preloadScreenAt(request.url, { withHeader: true });
    // What the screen asks for beyond its page-load requests (a panel's comments, a list's
    // details) shows as loading, and a part whose code was not loaded yet suspends (React then
    // writes its placeholder and a script to swap it): each is asked for, and the screen drawn
    // again, a few times at most.
    let html = await draw(request.url);
    for (let pass = 0; pass < MOST_PASSES; pass++) {
      const asked = queryClient.getQueryCache().findAll({ predicate: isAskedFor });
      if (asked.length === 0 && !SUSPENDED.test(html)) return html;
      await Promise.allSettled(asked.map((query) => query.fetch()));
      html = await draw(request.url);
    }
    return undefined;
  } finally {
    queryClient.clear();
    authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
    setCurrentWorkspace(null);
    setServerSideApi(null);
  }
}
