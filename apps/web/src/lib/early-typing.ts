/**
 * Letters typed onto a screen the server drew (decision 076) before the app took it over. The
 * drawn screen is inert until the app's first commit, so nothing of the app hears a key then: a
 * captain who opens the board and types "kaisa" at once would find "isa" in the search. The
 * page's head (app/head-ahead.js) keeps those keys here; the board's grid takes them when it
 * mounts in that first commit, and the first commit ends the keeping (main.tsx).
 */
export const EARLY_TYPING_GLOBAL = "__draftroomTyped";

/** What the head's script leaves: the keys so far, and how to stop listening. */
interface EarlyTyping {
  keys: string;
  stop(): void;
}

function earlyTyping(): EarlyTyping | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, EarlyTyping | undefined>)[EARLY_TYPING_GLOBAL];
}

/** The letters typed onto the drawn screen, "" when none (or once the app's first commit is past). */
export function takeEarlyTyping(): string {
  return earlyTyping()?.keys ?? "";
}

/**
 * Called by the app's first commit: the head stops listening at once, and what no screen took is
 * dropped after this task, so that no later screen starts from keys typed on another one. Not at
 * once: in development React runs a commit's effects twice, and the grid's second run takes them
 * again after this one.
 */
export function endEarlyTyping(): void {
  const typing = earlyTyping();
  if (!typing) return;
  typing.stop();
  setTimeout(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_TYPING_GLOBAL];
  }, 0);
}
