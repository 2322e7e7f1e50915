import {
  DEFAULT_LANGUAGE,
  encodeFirstPaintCookie,
  FIRST_PAINT_COOKIE,
  FIRST_PAINT_COOKIE_MAX_AGE_S,
  LANGUAGES,
  type Language,
  STORAGE_KEYS,
} from "@draftroom/contracts";
import { storage } from "./storage.ts";

function storedLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? "") ? (stored as Language) : DEFAULT_LANGUAGE;
}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Writes the first-paint cookie (decision 076) from what this browser has stored, or clears it
 * when no one is signed in: the server then draws a main screen's first paint with the member's
 * data, workspace, language and time zone. Called when the session, the workspace or the language
 * changes, and once per page load after the first paint (it refreshes its age and the zone).
 */
export function syncFirstPaintCookie(): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const token = storage.get(STORAGE_KEYS.authToken);
  if (!token) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from browsers the app supports
    document.cookie = `${FIRST_PAINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    return;
  }
  const value = encodeFirstPaintCookie({
    token,
    workspace: storage.get(STORAGE_KEYS.currentWorkspace),
    language: storedLanguage(),
    timeZone: browserTimeZone(),
  });
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from browsers the app supports
  document.cookie = `${FIRST_PAINT_COOKIE}=${value}; Path=/; Max-Age=${FIRST_PAINT_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}
