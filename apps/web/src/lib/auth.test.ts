import { STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const user = {
  id: 1,
  username: "ana",
  email: "ana@example.com",
  first_name: "Ana",
  last_name: "García",
  preferences: {
    theme: "dark",
    language: "es",
    custom_hues: { primary: 1, secondary: 2, accent: 3, neutral: 4 },
  },
  date_joined: "2026-01-01T00:00:00.000Z",
};

async function freshAuth() {
  vi.resetModules();
  return import("./auth.ts");
}

describe("auth state", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts loading, then restores the session from the stored token and user", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
    const auth = await freshAuth();
    expect(auth.authStore.get().isLoading).toBe(true);
    await auth.restoreSession();
    expect(auth.authStore.get()).toMatchObject({ isAuthenticated: true, isLoading: false, token: "tok" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("discards a corrupt stored user and fetches the profile instead", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    localStorage.setItem(STORAGE_KEYS.authUser, "{broken");
    fetchMock.mockResolvedValue(new Response(JSON.stringify(user), { status: 200 }));
    const auth = await freshAuth();
    await auth.restoreSession();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/profile/");
    expect(auth.authStore.get().user?.username).toBe("ana");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authUser)!).username).toBe("ana");
  });

  it("clears everything when the profile cannot be fetched", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: "x", code: "invalid_token" }), { status: 401 }),
    );
    const auth = await freshAuth();
    await auth.restoreSession();
    expect(auth.authStore.get()).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("a stored user without a token is not a session", async () => {
    localStorage.setItem(STORAGE_KEYS.legacyUser, JSON.stringify(user));
    const auth = await freshAuth();
    await auth.restoreSession();
    expect(auth.authStore.get().isAuthenticated).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.legacyUser)).toBeNull();
  });

  it("login persists token and user under both keys; failure stores the error", async () => {
    const auth = await freshAuth();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ token: "new", user }), { status: 200 }));
    await auth.login({ username: "ana", password: "secret1" });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe("new");
    expect(localStorage.getItem(STORAGE_KEYS.legacyUser)).toContain("ana");
    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBe("dark");

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await auth.logout();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ detail: "Invalid username or password.", code: "invalid_credentials" }), {
        status: 401,
      }),
    );
    await expect(auth.login({ username: "ana", password: "nope" })).rejects.toThrow();
    expect(auth.authStore.get()).toMatchObject({
      isAuthenticated: false,
      error: "Invalid username or password.",
    });
  });

  it("registers with the theme the visitor chose and the language in use; no chosen theme, none sent", async () => {
    localStorage.setItem(STORAGE_KEYS.themeMode, "dark");
    const auth = await freshAuth();
    const { changeLanguage, currentLanguage, loadAllLanguages } = await import("./i18n.ts");
    await loadAllLanguages();
    await changeLanguage("es");
    expect(currentLanguage()).toBe("es");
    const form = {
      username: "ana",
      email: "ana@example.com",
      password: "secret1",
      password_confirm: "secret1",
      first_name: "Ana",
      last_name: "García",
    };
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ token: "new", user }), { status: 201 }));
    await auth.register(form);
    const sent = () => JSON.parse(String(fetchMock.mock.lastCall![1]!.body)) as Record<string, unknown>;
    expect(sent()).toMatchObject({ ...form, language: "es", theme: "dark" });

    localStorage.clear();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ token: "new", user }), { status: 201 }));
    await auth.register(form);
    expect(sent().theme).toBeUndefined();
    await changeLanguage("en");
  });

  it("header name and avatar rules", async () => {
    const { avatarLetter, displayName } = await freshAuth();
    expect(displayName({ first_name: "ana", username: "x" })).toBe("ana");
    expect(displayName({ first_name: " ", username: "xavi" })).toBe("xavi");
    expect(avatarLetter({ first_name: "ana", username: "x" })).toBe("A");
    expect(avatarLetter({ first_name: "", username: "zed" })).toBe("Z");
    expect(avatarLetter(null)).toBeNull();
  });
});
