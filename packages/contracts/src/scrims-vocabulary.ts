import type { Language } from "./constants.ts";
import type { ErrorCode } from "./errors.ts";

/**
 * The scrim ledger's vocabulary (issue 33, decision 050), apart from its schemas
 * (schemas/scrims.ts): the web app's screens read these lists and limits without building zod's
 * schemas, which costs a cold page about a tenth of a second before it can show anything.
 */

/** A scrim or an official match: analytics never mix the two without saying so. */
export const SCRIM_KINDS = ["scrim", "official"] as const;
export type ScrimKind = (typeof SCRIM_KINDS)[number];

const UNTITLED_SCRIM: Readonly<Record<Language, Readonly<Record<ScrimKind, string>>>> = {
  en: { scrim: "Scrim vs", official: "Official match vs" },
  es: { scrim: "Scrim contra", official: "Partido oficial contra" },
};

/**
 * What the server's calendar feeds and Discord posts call a scrim the staff gave no title, in
 * their reader's language: "Official match vs G2 Esports", "Scrim contra G2 Esports".
 */
export const untitledScrimName = (kind: ScrimKind, opponent: string, language: Language): string =>
  `${UNTITLED_SCRIM[language][kind]} ${opponent}`;

export const SCRIM_STATUSES = ["planned", "confirmed", "played", "cancelled"] as const;
export type ScrimStatus = (typeof SCRIM_STATUSES)[number];

/** Normal: a live room per game. Fearless: one series (and one series room) for all games. */
export const SCRIM_MODES = ["normal", "fearless"] as const;
export type ScrimMode = (typeof SCRIM_MODES)[number];

/**
 * A game's state. `remake` and `stopped_early` are statuses, never a loss: analytics leave them
 * (and `scheduled`, `not_played`) out of every win rate.
 */
export const SCRIM_GAME_STATUSES = ["scheduled", "played", "remake", "stopped_early", "not_played"] as const;
export type ScrimGameStatus = (typeof SCRIM_GAME_STATUSES)[number];

/** The statuses a result may set (`scheduled` is the absence of a result). */
export const SCRIM_RESULT_STATUSES = ["played", "remake", "stopped_early", "not_played"] as const;

/** How the game's draft reached the ledger; null while it has none. */
export const SCRIM_DRAFT_SOURCES = ["room", "series", "logged", "imported"] as const;
export type ScrimDraftSource = (typeof SCRIM_DRAFT_SOURCES)[number];

/** Who gave the result: a member typed it (`entered_by`), or it came from an import (`provider`). */
export const SCRIM_RESULT_SOURCES = ["typed", "imported"] as const;
export type ScrimResultSource = (typeof SCRIM_RESULT_SOURCES)[number];

/** The staff's verdict on a game. */
export const SCRIM_VERDICTS = ["draft_won", "draft_lost", "even", "execution"] as const;
export type ScrimVerdict = (typeof SCRIM_VERDICTS)[number];

/** Offered first; a team adds its own tags freely (suggestions then list the ones it used). */
export const SCRIM_TAG_SUGGESTIONS = ["early game", "scaling", "engage", "poke", "split"] as const;

/** "Us" is the workspace's team, "them" the opponent. */
export const SCRIM_TEAMS = ["us", "them"] as const;
export type ScrimTeam = (typeof SCRIM_TEAMS)[number];

/** How many next blocks, and how many blocks whose results are due, the workspace's agenda lists. */
export const SCRIM_AGENDA_NEXT = 3;
export const SCRIM_AGENDA_DUE = 5;

/** A figure resting on fewer games than this is marked `small_sample`. */
export const SCRIM_SMALL_SAMPLE = 5;

export const SCRIM_LIMITS = {
  title: 120,
  opponent_name: 100,
  contact_note: 500,
  notes: 4000,
  position_note: 1000,
  tag: 32,
  tags: 12,
  games: 7,
  patch: 16,
  provider: 60,
} as const;

/** Error codes the scrim routes add (also listed in ERROR_CODES). */
export const SCRIM_ERROR_CODES = [
  /** 409: the game already has a draft (a room's or a logged one): correct it in its room. */
  "scrim_game_has_draft",
  /** 409: the logged draft is not complete: every step of the format needs its champion (or skip). */
  "draft_incomplete",
  /** 409 from packages/draft: a champion twice, one fearless locks, a skipped pick. */
  "champion_used",
  "champion_locked",
  "skip_not_allowed",
  "unknown_champion",
  /** 403: a player enters results only of games where they are on the scrim's lineup. */
  "forbidden",
  /** 403: the workspace's plan has ended: read-only. */
  "workspace_read_only",
  /** 400: a file that is not a Draftroom draft export (`fields` lists each problem). */
  "import_invalid",
] as const satisfies readonly ErrorCode[];
