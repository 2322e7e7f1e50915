import "./lib/zod-jitless.ts";
import "./app/styles.css";
import { FIRST_PAINT_ROOT_ATTRIBUTE } from "@draftroom/contracts/constants";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/AppProviders.tsx";
import { AppRouter, installUnauthorizedRedirect, preloadScreenAt } from "./app/router.tsx";
import { forgetDataOnAccountChange } from "./lib/account-cache.ts";
import { restoreSession } from "./lib/auth.ts";
import { endEarlyTyping } from "./lib/early-typing.ts";
import { syncFirstPaintCookie } from "./lib/first-paint-cookie.ts";
import { i18nReady } from "./lib/i18n.ts";
import { installGlobalErrorHandlers } from "./lib/logger.ts";
import { startTheme } from "./lib/theme.ts";

installGlobalErrorHandlers();
startTheme();
installUnauthorizedRedirect();
forgetDataOnAccountChange();
void restoreSession();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

/**
 * Runs once React has committed its first render, which replaced what #root held: the server's
 * first paint of the screen (decision 076), shown inert (no clicks, out of the accessibility tree)
 * until now, or the landing page's prerendered shell: keys typed onto it are no longer kept for the
 * board's search (lib/early-typing.ts). Then renews the first-paint cookie, off the first paint's
 * path.
 */
function FirstCommit() {
  useEffect(() => {
    container?.removeAttribute("inert");
    container?.removeAttribute(FIRST_PAINT_ROOT_ATTRIBUTE);
    endEarlyTyping();
    const renew = setTimeout(syncFirstPaintCookie, 2_000);
    return () => clearTimeout(renew);
  }, []);
  return null;
}

/**
 * How long the first render waits for the screen's code and first data. Within it, the first paint
 * is the screen with its content (lazy-page.ts); past it (a slow network or server), the header and
 * the screen's own loading state show while the rest arrives (the requests already in flight).
 * Under the server's first paint the content is already on screen: a first render before the data
 * is in would replace it by the loading state and the content would vanish and come back, so the
 * app waits much longer there, for the header's data too (the drawn screen stays inert meanwhile).
 */
const drawnByServer = container.hasAttribute(FIRST_PAINT_ROOT_ATTRIBUTE);
const SCREEN_WAIT_MS = drawnByServer ? 15_000 : 1_000;

// English texts ship with the entry (ready at once); another language's startup files load first.
// Meanwhile the screen's code loads and, for a signed-in member, the data it shows first (its
// *.ahead.ts): the first commit is then the screen with its content, not the header and a spinner.
// The first render is a transition: React renders in short slices and yields to the browser between
// them instead of blocking the main thread for the whole landing page (total blocking time). On `/`
// the prerendered header and hero (index.html) stay on screen until React commits the same markup.
void Promise.allSettled([
  i18nReady,
  Promise.race([
    preloadScreenAt(window.location.pathname + window.location.search, { withHeader: drawnByServer }),
    new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
  ]),
]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
        <FirstCommit />
      </StrictMode>,
    );
  });
});
