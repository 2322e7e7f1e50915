import {
  type CustomHues,
  DEFAULT_HUES,
  DEFAULT_THEME_MODE,
  HUE_NAMES,
  STORAGE_KEYS,
  THEME_MODES,
  type ThemeMode,
} from "@draftroom/contracts";
import { storage } from "./storage.ts";
import { createStore, useStore } from "./store.ts";

export type EffectiveTheme = "light" | "dark";

export interface ThemeState {
  mode: ThemeMode;
  hues: CustomHues;
  systemDark: boolean;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

/** Parses stored hues; anything malformed falls back to the defaults per hue. */
export function parseHues(raw: unknown): CustomHues {
  const hues = { ...DEFAULT_HUES };
  if (raw && typeof raw === "object") {
    for (const name of HUE_NAMES) {
      const given = (raw as Record<string, unknown>)[name];
      if (typeof given !== "number" && (typeof given !== "string" || given.trim() === "")) continue;
      const value = Number(given);
      if (Number.isFinite(value) && value >= 0 && value <= 360) hues[name] = Math.round(value);
    }
  }
  return hues;
}

function readStoredHues(): CustomHues {
  try {
    return parseHues(JSON.parse(storage.get(STORAGE_KEYS.customThemeHues) ?? "null"));
  } catch {
    return { ...DEFAULT_HUES };
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

function initialState(): ThemeState {
  const stored = storage.get(STORAGE_KEYS.themeMode);
  return {
    mode: isThemeMode(stored) ? stored : DEFAULT_THEME_MODE,
    hues: readStoredHues(),
    systemDark: systemPrefersDark(),
  };
}

export const themeStore = createStore<ThemeState>(initialState());

export function effectiveTheme(state: ThemeState): EffectiveTheme {
  if (state.mode === "auto") return state.systemDark ? "dark" : "light";
  return state.mode;
}

/** Writes the theme onto <html>: the `dark` class, colour-scheme and the four hue variables. */
export function applyTheme(state: ThemeState, hues: CustomHues = state.hues): void {
  const root = document.documentElement;
  const dark = effectiveTheme(state) === "dark";
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  for (const name of HUE_NAMES) root.style.setProperty(`--hue-${name}`, String(hues[name]));
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute("content", dark ? "#0b1020" : "#f5f7fb");
}

let started = false;
/** Applies the stored theme and follows the system preference live (for auto). */
export function startTheme(): void {
  if (started) return;
  started = true;
  applyTheme(themeStore.get());
  themeStore.subscribe(() => applyTheme(themeStore.get()));
  if (typeof window.matchMedia === "function") {
    const media = window.matchMedia(DARK_QUERY);
    media.addEventListener?.("change", (event) => {
      themeStore.set((state) => ({ ...state, systemDark: event.matches }));
    });
  }
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEYS.themeMode || event.key === STORAGE_KEYS.customThemeHues) {
      themeStore.set((state) => ({ ...initialState(), systemDark: state.systemDark }));
    }
  });
}

export function setThemeMode(mode: ThemeMode): void {
  storage.set(STORAGE_KEYS.themeMode, mode);
  themeStore.set((state) => ({ ...state, mode }));
}

const CYCLE: Record<ThemeMode, ThemeMode> = { light: "dark", dark: "auto", auto: "light" };

/** light → dark → auto → light. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return CYCLE[mode];
}

export function cycleThemeMode(): ThemeMode {
  const next = nextThemeMode(themeStore.get().mode);
  setThemeMode(next);
  return next;
}

export function setCustomHues(hues: CustomHues): void {
  const clean = parseHues(hues);
  storage.set(STORAGE_KEYS.customThemeHues, JSON.stringify(clean));
  themeStore.set((state) => ({ ...state, hues: clean }));
}

/** Shows hues on the page without saving them (profile live preview); pass null to restore. */
export function previewHues(hues: CustomHues | null): void {
  const state = themeStore.get();
  applyTheme(state, hues ? parseHues(hues) : state.hues);
}

export function useTheme() {
  const state = useStore(themeStore);
  return {
    mode: state.mode,
    hues: state.hues,
    effective: effectiveTheme(state),
    /** What auto shows right now (the system preference). */
    system: (state.systemDark ? "dark" : "light") as EffectiveTheme,
    setMode: setThemeMode,
    cycle: cycleThemeMode,
    setHues: setCustomHues,
  };
}
