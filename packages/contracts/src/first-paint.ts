import { LANGUAGES, type Language } from "./constants.ts";

/**
 * The cookie a signed-in browser keeps so that the server can draw the first paint of a screen
 * with the member's data (decision 076): the session's token and what the page's first render
 * reads from the browser's storage (the chosen workspace, the language, the time zone). The
 * server reads it only to answer a page's HTML; the API never takes it (it takes the
 * Authorization header), so a request another site makes with it changes nothing.
 */
export const FIRST_PAINT_COOKIE = "draftroom_first_paint";

/** How long the browser keeps it without a visit (each page load writes it again). */
export const FIRST_PAINT_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

export interface FirstPaintContext {
  token: string;
  /** The workspace the header's switcher has chosen; null: the personal space. */
  workspace: string | null;
  language: Language;
  /** The browser's time zone (an IANA name); null when it gave none. */
  timeZone: string | null;
}

/** The cookie's value: `t=…&l=…[&w=…][&z=…]`, each value URL-encoded (safe in a cookie as it is). */
export function encodeFirstPaintCookie(context: FirstPaintContext): string {
  const fields: [string, string | null][] = [
    ["t", context.token],
    ["l", context.language],
    ["w", context.workspace],
    ["z", context.timeZone],
  ];
  return fields
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/** The context a cookie value carries, or null when it is not one this build wrote. */
export function decodeFirstPaintCookie(value: string): FirstPaintContext | null {
  const fields = new Map<string, string>();
  for (const field of value.split("&")) {
    const separator = field.indexOf("=");
    if (separator <= 0) return null;
    try {
      fields.set(field.slice(0, separator), decodeURIComponent(field.slice(separator + 1)));
    } catch {
      return null;
    }
  }
  const token = fields.get("t");
  const language = fields.get("l");
  if (!token || !/^[A-Za-z0-9._-]{16,200}$/.test(token)) return null;
  if (!language || !(LANGUAGES as readonly string[]).includes(language)) return null;
  const zone = fields.get("z");
  return {
    token,
    language: language as Language,
    workspace: fields.get("w") || null,
    timeZone: zone && isTimeZone(zone) ? zone : null,
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
