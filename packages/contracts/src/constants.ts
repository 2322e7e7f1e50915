/** Business and interface constants shared by the web app and the server. */

export const APP_NAME = "Draftroom";
export const APP_VERSION = "1.0.0";

export const PAGE_SIZE = 12;

/** How many pages of PAGE_SIZE a list of `total` items fills (at least one). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
export const SEARCH_DEBOUNCE_MS = 300;
export const SWIPE_THRESHOLD_PX = 100;
export const MOBILE_BREAKPOINT_PX = 768;
export const OFFER_BANNER_THRESHOLD_PX = 100;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MIN_DAYS = 1;
export const ANALYTICS_MAX_DAYS = 365;

export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;

export const FREE_TRIAL_DAYS = 14;

export const TOAST_DURATION_MS = 5000;
export const TOAST_ERROR_DURATION_MS = 7000;
export const TOAST_MAX_VISIBLE = 5;
export const TOAST_EXIT_MS = 300;
export const TOAST_ENTER_DELAY_MS = 10;

export const DEFAULT_BLUE_TEAM_NAME = "Blue Team";
export const DEFAULT_RED_TEAM_NAME = "Red Team";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * The title the server gives a series' or a scrim's game draft ("Scrim vs G2 · Game 2"), in the
 * language of the member whose action made it (the web's own texts hold the same word: "Game").
 */
const GAME_WORD: Readonly<Record<Language, string>> = { en: "Game", es: "Partida" };
export const gameDraftTitle = (title: string, number: number, language: Language): string =>
  `${title} · ${GAME_WORD[language]} ${number}`;

/**
 * The attribute on #root while it holds the screen the server drew (decision 076), until the app's
 * first render replaces it.
 */
export const FIRST_PAINT_ROOT_ATTRIBUTE = "data-first-paint";

/**
 * On a page the server draws a screen into (decision 076), the attribute on <html> that leaves the
 * app's entry script to the head's script (apps/web app/head-ahead.js), which adds it once the drawn
 * screen is on screen: the scripts' download and compile would otherwise slow that first frame down.
 */
export const ENTRY_AFTER_PAINT_ATTRIBUTE = "data-entry-after-paint";

export const THEME_MODES = ["light", "dark", "auto"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const DEFAULT_THEME_MODE: ThemeMode = "light";

export const HUE_NAMES = ["primary", "secondary", "accent", "neutral"] as const;
export type HueName = (typeof HUE_NAMES)[number];
export type CustomHues = Record<HueName, number>;
export const DEFAULT_HUES: CustomHues = { primary: 239, secondary: 269, accent: 43, neutral: 215 };

export const STORAGE_KEYS = {
  authToken: "authToken",
  authUser: "authUser",
  legacyUser: "user",
  themeMode: "themeMode",
  customThemeHues: "customThemeHues",
  language: "language",
  currentWorkspace: "currentWorkspace",
  /** The workspaces whose set-up card this browser's member hid (a JSON array of ids). */
  setUpHidden: "workspaceSetUpHidden",
} as const;

export const CHAMPION_ROLES = ["Tank", "Fighter", "Marksman", "Mage", "Support", "Assassin"] as const;
export type ChampionRole = (typeof CHAMPION_ROLES)[number];

export const POSITIONS = ["top", "jungle", "mid", "bot", "support"] as const;
export type Position = (typeof POSITIONS)[number];

export const PRIORITY_TIERS = ["S", "A", "B", "C"] as const;
export type PriorityTier = (typeof PRIORITY_TIERS)[number];

export const REVIEW_STATUSES = ["rumor", "confirmed", "denied"] as const;
export const PLAYER_STATUSES = ["confirmed", "smoke", "benched", "rumor", "signed"] as const;

export const SUPPORT_EMAIL = "support@draftroom.gg";

/**
 * Pixel sizes of the PNG cards (`?size=`). Here rather than beside the image query's schema so a
 * render thread reads it through `@draftroom/contracts/constants` without loading zod and every
 * schema (decision 062).
 */
export const IMAGE_SIZES = {
  social: { width: 1200, height: 630 },
  stream: { width: 1920, height: 1080 },
} as const;

/** Oracle's Elixir's attribution, shown wherever statistics from its data are shown. */
export const ORACLES_ELIXIR_URL = "https://oracleselixir.com";
