import { decodeFirstPaintCookie, FIRST_PAINT_COOKIE, STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { syncFirstPaintCookie } from "./first-paint-cookie.ts";

const TOKEN = "edb7f1bc0041fe19e89995195000b91f8d9b1e8f5d2d97bbd00fe789d5b06f17";
const WORKSPACE = "d9833f4f-53ad-41c1-8d9f-9accb6ff9885";

function firstPaintCookie(): string | undefined {
  return document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(`${FIRST_PAINT_COOKIE}=`))
    ?.slice(FIRST_PAINT_COOKIE.length + 1);
}

describe("syncFirstPaintCookie", () => {
  afterEach(() => {
    window.localStorage.clear();
    syncFirstPaintCookie();
  });

  it("writes what this browser stored: the token, the workspace, the language and its zone", () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, TOKEN);
    window.localStorage.setItem(STORAGE_KEYS.currentWorkspace, WORKSPACE);
    window.localStorage.setItem(STORAGE_KEYS.language, "es");
    syncFirstPaintCookie();
    const context = decodeFirstPaintCookie(firstPaintCookie() ?? "");
    expect(context).toMatchObject({ token: TOKEN, workspace: WORKSPACE, language: "es" });
    expect(context?.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("takes the default language and the personal space when none is stored", () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, TOKEN);
    window.localStorage.setItem(STORAGE_KEYS.language, "klingon");
    syncFirstPaintCookie();
    expect(decodeFirstPaintCookie(firstPaintCookie() ?? "")).toMatchObject({
      language: "en",
      workspace: null,
    });
  });

  it("clears the cookie once no one is signed in", () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, TOKEN);
    syncFirstPaintCookie();
    expect(firstPaintCookie()).toBeTruthy();
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    syncFirstPaintCookie();
    // Expired at once (a test DOM may keep the emptied cookie: the server reads nothing from it).
    expect(firstPaintCookie() ?? "").toBe("");
  });
});
