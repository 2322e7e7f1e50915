/**
 * Reloads the page to pick up a new deploy, at most once a minute per reason: a page whose code is
 * older than the server (a screen's chunk is gone, the room protocol moved on) mends itself, and
 * a second failure soon after is shown instead of reloading in a loop. Returns whether it reloads.
 */
export function reloadOnce(
  reason: string,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const key = `draftroom:reload:${reason}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (now - last <= RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(key, String(now));
  reload();
  return true;
}

/** A load that worked: the next failure may reload again. */
export function reloadSucceeded(reason: string): void {
  // The server draws first paints with the same screen loader (entry-server.tsx): no session there.
  if (typeof sessionStorage === "undefined") return;
  sessionStorage.removeItem(`draftroom:reload:${reason}`);
}

export const RELOAD_WINDOW_MS = 60_000;
