/** The global the head's script leaves its responses in (app/head-ahead.js). */
export const EARLY_RESPONSES_GLOBAL = "__draftroomEarly";

/** What the page's head left (app/head-ahead.js): the token it asked with, and a response per address. */
interface EarlyResponses {
  token: string;
  responses: Record<string, Promise<Response> | undefined>;
}

/**
 * How long after the page's start an early response may still be taken. The screen asks for its
 * first data within the first second; a later request for the same address (a refetch after a
 * change) must reach the server, not an answer from the page load.
 */
export const EARLY_RESPONSE_MS = 5_000;

function earlyResponses(): EarlyResponses | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, EarlyResponses | undefined>)[EARLY_RESPONSES_GLOBAL];
}

/**
 * The response the page's head asked for at this address with this token, taken once (decision
 * 067): a GET the API client would otherwise send now. Undefined when there is none, when it was
 * asked with another token, or when the page has been open too long for it to be fresh.
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = earlyResponses();
  if (!early) return undefined;
  const response = early.responses[url];
  if (response === undefined) return undefined;
  delete early.responses[url];
  if (token !== early.token || performance.now() > EARLY_RESPONSE_MS) return undefined;
  return response;
}
