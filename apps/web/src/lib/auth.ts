import {
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  STORAGE_KEYS,
  type User,
} from "@draftroom/contracts";
import { api, isApiRequestError } from "./api.ts";
import { syncFirstPaintCookie } from "./first-paint-cookie.ts";
import { changeLanguage, currentLanguage, isLanguage } from "./i18n.ts";
import { logger } from "./logger.ts";
import { storage } from "./storage.ts";
import { createStore, useStore } from "./store.ts";
import { isThemeMode, setCustomHues, setThemeMode } from "./theme.ts";

/** `error` value after a 401 cleared the session (the login screen explains it). */
export const SESSION_EXPIRED = "session_expired";

export interface AuthState {
  user: User | null;
  token: string | null;
  /** True only when both a token and a user are known. */
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export const authStore = createStore<AuthState>({
  user: null,
  token: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
});

function isUserLike(value: unknown): value is User {
  if (!value || typeof value !== "object") return false;
  const user = value as Record<string, unknown>;
  return typeof user.username === "string" && user.username.length > 0 && "id" in user;
}

/** Reads the stored user (authUser, else the older `user` key); a corrupt one is removed. */
export function readStoredUser(): User | null {
  for (const key of [STORAGE_KEYS.authUser, STORAGE_KEYS.legacyUser]) {
    const raw = storage.get(key);
    if (raw === null) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isUserLike(parsed)) return parsed;
    } catch {
      /* corrupt: dropped below */
    }
    storage.remove(key);
  }
  return null;
}

function persist(token: string, user: User): void {
  storage.set(STORAGE_KEYS.authToken, token);
  storage.set(STORAGE_KEYS.authUser, JSON.stringify(user));
  storage.set(STORAGE_KEYS.legacyUser, JSON.stringify(user));
}

function clearPersisted(): void {
  storage.remove(STORAGE_KEYS.authToken, STORAGE_KEYS.authUser, STORAGE_KEYS.legacyUser);
}

/**
 * `restored`: the session this browser already had, found at start; its first-paint cookie is
 * renewed after the first paint (main.tsx), off the start-up path (the time zone's lookup costs
 * the first Intl formatter's set-up).
 */
function signedIn(token: string, user: User, restored = false): void {
  persist(token, user);
  if (!restored) syncFirstPaintCookie();
  authStore.set({ user, token, isAuthenticated: true, isLoading: false, error: null });
}

/** Clears the session locally (logout, 401, failed restore). */
export function clearSession(error: string | null = null): void {
  clearPersisted();
  syncFirstPaintCookie();
  authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error });
}

/**
 * Takes the account's saved preferences (theme, hues, language) into this device at sign-in, for
 * each one the device has not chosen yet: a choice made on this device is kept.
 */
export function applyUserPreferences(user: User): void {
  const preferences = user.preferences;
  if (!preferences) return;
  if (isThemeMode(preferences.theme) && storage.get(STORAGE_KEYS.themeMode) === null) {
    setThemeMode(preferences.theme);
  }
  if (preferences.custom_hues && storage.get(STORAGE_KEYS.customThemeHues) === null) {
    setCustomHues(preferences.custom_hues);
  }
  if (isLanguage(preferences.language) && storage.get(STORAGE_KEYS.language) === null) {
    void changeLanguage(preferences.language);
  }
}

let restoring: Promise<void> | null = null;

/**
 * Start-up: with a stored token the user comes from storage, or from GET /auth/profile/;
 * any failure clears the session.
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const token = storage.get(STORAGE_KEYS.authToken);
    const storedUser = readStoredUser();
    if (!token) {
      if (storedUser) storage.remove(STORAGE_KEYS.authUser, STORAGE_KEYS.legacyUser);
      authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
      return;
    }
    if (storedUser) {
      signedIn(token, storedUser, true);
      return;
    }
    try {
      const user = await api.get<User>("/auth/profile/");
      signedIn(token, user);
    } catch (error) {
      logger.warn("Could not restore the session", error);
      clearSession();
    }
  })();
  return restoring;
}

export async function login(body: LoginBody): Promise<User> {
  // The form shows its own busy state; the global isLoading stays for the start-up restore only,
  // so guards never unmount the login form mid-submit.
  authStore.set((state) => ({ ...state, error: null }));
  try {
    const response = await api.post<AuthResponse>("/auth/login/", body);
    signedIn(response.token, response.user);
    applyUserPreferences(response.user);
    return response.user;
  } catch (error) {
    const message = isApiRequestError(error) && error.detail ? error.detail : "Login failed";
    clearSession(message);
    throw error;
  }
}

/** Registers; returns true when the answer carried a token (signed in straight away). */
/**
 * The language the visitor is using and the theme they chose, if they did (the switches work
 * signed out): a new account starts with them rather than the server's defaults.
 */
function devicePreferences(): Pick<RegisterBody, "language" | "theme"> {
  const theme = storage.get(STORAGE_KEYS.themeMode);
  return { language: currentLanguage(), ...(isThemeMode(theme) ? { theme } : {}) };
}

export async function register(body: RegisterBody): Promise<boolean> {
  const response = await api.post<Partial<AuthResponse>>("/auth/register/", {
    ...devicePreferences(),
    ...body,
  });
  if (response?.token && response.user) {
    signedIn(response.token, response.user);
    return true;
  }
  return false;
}

export async function logout(): Promise<void> {
  try {
    if (authStore.get().token) await api.post("/auth/logout/");
  } catch (error) {
    console.error("Logout request failed", error);
  } finally {
    clearSession();
  }
}

export function clearAuthError(): void {
  authStore.set((state) => ({ ...state, error: null }));
}

/** Replaces the cached user after a profile or preferences change. */
export function updateStoredUser(user: User): void {
  const { token } = authStore.get();
  if (token) signedIn(token, user);
}

export function useAuth(): AuthState {
  return useStore(authStore);
}

/** Display name rule of the header: first name, else username, else "User" (caller translates). */
export function displayName(user: Pick<User, "first_name" | "username"> | null): string | null {
  return user?.first_name?.trim() || user?.username || null;
}

/** Avatar letter: first letter of the first name, else of the username, else null (icon). */
export function avatarLetter(user: Pick<User, "first_name" | "username"> | null): string | null {
  const source = user?.first_name?.trim() || user?.username?.trim() || "";
  return source ? source.charAt(0).toUpperCase() : null;
}
