import { POSITIONS } from "@draftroom/draft";
import { z } from "zod";
import {
  SCRIM_DRAFT_SOURCES,
  SCRIM_GAME_STATUSES,
  SCRIM_KINDS,
  SCRIM_LIMITS,
  SCRIM_MODES,
  SCRIM_RESULT_SOURCES,
  SCRIM_RESULT_STATUSES,
  SCRIM_STATUSES,
  SCRIM_TEAMS,
  SCRIM_VERDICTS,
} from "../scrims-vocabulary.ts";
import { POOL_TIERS } from "../workspaces.ts";
import { userRefSchema } from "./activity.ts";
import { MAX_ROW_ID, paginatedSchema, timestampSchema } from "./common.ts";
import { dbId, draftFormatSchema, freeText, sideSchema } from "./drafts.ts";
import { roomTimerSettingsSchema } from "./rooms.ts";
import { fearlessRuleSchema } from "./series.ts";
import { draftExportSchema } from "./share.ts";
import { rosterPlayerIdSchema, workspaceIdSchema } from "./workspaces.ts";

/**
 * The scrim ledger (issue 33, decision record 050): a workspace's scrims and official matches,
 * each with its games. A game links the draft it was played with (a live room's session, a series
 * game's session, or a session logged after the fact) and adds what a draft does not hold: the
 * result and its source, the staff's verdict, tags, notes per position and the plan followed.
 *
 * Routes (all under /api, token required, workspace members only; another workspace's id is 404):
 *   GET/POST   /workspaces/{id}/scrims/                       list (paginated) / create
 *   GET        /workspaces/{id}/scrims/tags/                  tag suggestions
 *   GET        /workspaces/{id}/scrims/analytics/             team-only analytics (query below)
 *   GET        /workspaces/{id}/scrims/ledger/                ledger rows (the CSV's rows)
 *   GET        /workspaces/{id}/scrims/export/                the ledger as CSV (`export`: staff; decision 056)
 *   GET/PATCH/DELETE /scrims/{id}/                            one scrim with its games
 *   PUT        /scrims/{id}/games/{game_id}/draft/            log a game's draft after the fact
 *   PUT/DELETE /scrims/{id}/games/{game_id}/result/           enter or correct / clear the result
 *   PUT        /scrims/{id}/games/{game_id}/review/           verdict, tags, notes, plan + branch
 *   GET        /scrims/{id}/games/{game_id}/history/          the game's audit trail
 */

// ---- small parts -----------------------------------------------------------------------------

const text = (max: number) => freeText(max);
const count = (max = 99) => z.number().int().min(0).max(max);

export const scrimIdSchema = z.uuid({ error: "invalidValue" });
export const scrimGameIdSchema = z.uuid({ error: "invalidValue" });
export const scrimParamsSchema = z.object({ id: scrimIdSchema });
export const scrimGameParamsSchema = z.object({ id: scrimIdSchema, game_id: scrimGameIdSchema });
export const scrimWorkspaceParamsSchema = z.object({ id: workspaceIdSchema });

/** IANA time zone name ("Europe/Madrid"); checked against the runtime's zone list. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, { error: "invalidValue" })
  .max(64, { error: "invalidValue" })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: "invalidValue" },
  );

/** A game patch such as "14.23" (free text: the team writes what its client says). */
export const patchSchema = z
  .string()
  .trim()
  .max(SCRIM_LIMITS.patch, { error: "tooLong" })
  .regex(/^[0-9A-Za-z.]*$/, { error: "invalidValue" });

export const scrimTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "invalidValue" })
  .max(SCRIM_LIMITS.tag, { error: "tooLong" })
  .refine((value) => !value.includes("\u0000"), { error: "invalidValue" });

export const positionSchema = z.enum(POSITIONS);

/** Notes per position (top, jungle, mid, bot, support); missing positions have no note. */
export const positionNotesSchema = z
  .object({
    top: text(SCRIM_LIMITS.position_note),
    jungle: text(SCRIM_LIMITS.position_note),
    mid: text(SCRIM_LIMITS.position_note),
    bot: text(SCRIM_LIMITS.position_note),
    support: text(SCRIM_LIMITS.position_note),
  })
  .partial();
export type PositionNotes = z.infer<typeof positionNotesSchema>;

/** The opponent: a league team (by id, its name shown), or a free name; a contact note either way. */
export const scrimOpponentBodySchema = z
  .object({
    team_id: dbId().nullable().default(null),
    name: text(SCRIM_LIMITS.opponent_name).default(""),
    contact_note: text(SCRIM_LIMITS.contact_note).default(""),
  })
  .refine((o) => o.team_id !== null || o.name.length > 0, { path: ["name"], error: "nameRequired" });
export type ScrimOpponentBody = z.input<typeof scrimOpponentBodySchema>;

export const scrimOpponentSchema = z.object({
  team_id: z.number().int().nullable(),
  /** The league team's name when linked (unless a name was typed), else the typed name. */
  name: z.string(),
  contact_note: z.string(),
  /** Stable key analytics group by: `team:<id>` or `name:<lowercased name>`. */
  key: z.string(),
});
export type ScrimOpponent = z.infer<typeof scrimOpponentSchema>;

/** Who picks first selection (side or first pick) in the scrim's games; null: not agreed. */
export const firstSelectionSchema = z.object({
  by: z.enum(SCRIM_TEAMS),
  choice: z.enum(["side", "first_pick"]),
});
export type FirstSelection = z.infer<typeof firstSelectionSchema>;

export const scrimRulesBodySchema = z.object({
  mode: z.enum(SCRIM_MODES).default("normal"),
  /** Fearless only: the series' rule (default hard fearless: picks, both teams). */
  fearless_rule: fearlessRuleSchema.nullable().default(null),
  first_selection: firstSelectionSchema.nullable().default(null),
  /** The live rooms' clock. */
  timers: roomTimerSettingsSchema.default({ turn_seconds: 30, bank_seconds: 0 }),
  /** The draft order of every game (default: the tournament order). */
  format: draftFormatSchema.optional(),
});
export type ScrimRulesBody = z.input<typeof scrimRulesBodySchema>;

export const scrimRulesSchema = z.object({
  mode: z.enum(SCRIM_MODES),
  fearless_rule: fearlessRuleSchema.nullable(),
  first_selection: firstSelectionSchema.nullable(),
  timers: z.object({ turn_seconds: z.number().int(), bank_seconds: z.number().int() }),
  format: draftFormatSchema,
});
export type ScrimRules = z.infer<typeof scrimRulesSchema>;

// ---- results ---------------------------------------------------------------------------------

/** Optional team figures a staff tracks; every field may be left out. */
export const scrimTeamFiguresSchema = z
  .object({
    kills_us: count(),
    kills_them: count(),
    /** Our gold minus theirs at 15:00 (negative: behind). */
    gold_diff_at_15: z.number().int().min(-100_000).max(100_000),
    first_blood: z.enum(SCRIM_TEAMS),
    first_tower: z.enum(SCRIM_TEAMS),
    first_dragon: z.enum(SCRIM_TEAMS),
    first_herald: z.enum(SCRIM_TEAMS),
    dragons_us: count(10),
    dragons_them: count(10),
    barons_us: count(10),
    barons_them: count(10),
  })
  .partial();
export type ScrimTeamFigures = z.infer<typeof scrimTeamFiguresSchema>;

/** One of our players in a game: who, on what champion, with what K/D/A. */
export const scrimPlayerLineBodySchema = z.object({
  position: positionSchema,
  /** The roster player (workspace roster); null: a stand-in known only by name. */
  roster_player_id: rosterPlayerIdSchema.nullable().default(null),
  name: text(60).default(""),
  champion_id: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
  kills: count(),
  deaths: count(),
  assists: count(),
  gold_at_15: z.number().int().min(0).max(50_000).nullable().default(null),
});
export type ScrimPlayerLineBody = z.input<typeof scrimPlayerLineBodySchema>;

export const scrimPlayerLineSchema = z.object({
  position: positionSchema,
  roster_player_id: z.string().nullable(),
  name: z.string(),
  champion_id: z.number().int().nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  gold_at_15: z.number().int().nullable(),
});
export type ScrimPlayerLine = z.infer<typeof scrimPlayerLineSchema>;

/**
 * `PUT …/games/{game_id}/result/`: the whole result (a correction sends it again; the change is
 * audited and shown in the feed). `status: played` needs `winner`; the others must not carry one.
 */
export const scrimResultBodySchema = z
  .object({
    status: z.enum(SCRIM_RESULT_STATUSES).default("played"),
    winner: z.enum(SCRIM_TEAMS).nullable().default(null),
    /** Our side in this game; a game with a draft takes it from the draft when omitted. */
    our_side: sideSchema.nullable().optional(),
    duration_seconds: z.number().int().min(0).max(14_400).nullable().default(null),
    figures: scrimTeamFiguresSchema.default({}),
    players: z.array(scrimPlayerLineBodySchema).max(5).default([]),
    /** Imported results name their provider ("riot-match-v5"); typed results leave it out. */
    source: z.enum(SCRIM_RESULT_SOURCES).default("typed"),
    provider: text(SCRIM_LIMITS.provider).nullable().default(null),
  })
  .refine((r) => (r.status === "played") === (r.winner !== null), { path: ["winner"], error: "invalidValue" })
  .refine((r) => new Set(r.players.map((p) => p.position)).size === r.players.length, {
    path: ["players"],
    error: "invalidValue",
  });
export type ScrimResultBody = z.input<typeof scrimResultBodySchema>;

export const scrimResultSchema = z.object({
  winner: z.enum(SCRIM_TEAMS).nullable(),
  duration_seconds: z.number().int().nullable(),
  figures: scrimTeamFiguresSchema,
  players: z.array(scrimPlayerLineSchema),
  source: z.enum(SCRIM_RESULT_SOURCES),
  provider: z.string().nullable(),
  /** The member who typed (or last corrected) it; null for an import or a deleted account. */
  entered_by: userRefSchema.nullable(),
  entered_at: timestampSchema,
  /** How many times it was corrected after it was first entered. */
  corrections: z.number().int().nonnegative(),
});
export type ScrimResult = z.infer<typeof scrimResultSchema>;

// ---- verdict and review ----------------------------------------------------------------------

/** `PUT …/games/{game_id}/review/`: any subset; a field sent replaces the stored one. */
export const scrimReviewBodySchema = z
  .object({
    verdict: z.enum(SCRIM_VERDICTS).nullable(),
    tags: z.array(scrimTagSchema).max(SCRIM_LIMITS.tags),
    position_notes: positionNotesSchema,
    notes: text(SCRIM_LIMITS.notes),
    /**
     * The plan (and branch) followed. Omitted while the game's room recorded a plan-vs-actual:
     * the server fills it from there. null clears it.
     */
    plan_id: z.uuid({ error: "invalidValue" }).nullable(),
    branch_id: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, { error: "invalidValue" })
      .nullable(),
  })
  .partial();
export type ScrimReviewBody = z.infer<typeof scrimReviewBodySchema>;

export const scrimPlanRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int().nullable(),
  /** The branch followed (deepest active one); null: the root. */
  branch_id: z.string().nullable(),
  branch_label: z.string().nullable(),
  /** `plan_vs_actual`: filled from the room's plan review; `manual`: a member chose it. */
  source: z.enum(["plan_vs_actual", "manual"]),
});
export type ScrimPlanRef = z.infer<typeof scrimPlanRefSchema>;

// ---- logging a draft after the fact ----------------------------------------------------------

/** One step of a logged draft, in order: `champion_id` null only for a skipped ban. */
export const scrimLoggedActionSchema = z.object({
  champion_id: z.number().int().positive().max(MAX_ROW_ID).nullable(),
});

/**
 * `PUT …/games/{game_id}/draft/`: the picks and bans in the format's order (the board's editor
 * sends them step by step), or a Draftroom JSON export (`file`). Checked by packages/draft: a
 * champion twice, a champion fearless locks, or a skipped pick is a 409 with the rule's code.
 */
export const scrimDraftLogBodySchema = z.union([
  z.object({
    our_side: sideSchema,
    format: draftFormatSchema.optional(),
    actions: z.array(scrimLoggedActionSchema).min(1).max(20),
  }),
  z.object({
    /** Our side in the file's draft. */
    our_side: sideSchema,
    file: draftExportSchema,
  }),
]);
export type ScrimDraftLogBody = z.input<typeof scrimDraftLogBodySchema>;

// ---- a game, a scrim -------------------------------------------------------------------------

/** A pick or ban of the game's draft, as the ledger shows it (read from the linked session). */
export const scrimDraftStepSchema = z.object({
  step: z.number().int(),
  type: z.enum(["BAN", "PICK"]),
  side: sideSchema,
  champion_id: z.number().int().nullable(),
});

export const scrimGameSchema = z.object({
  id: z.uuid(),
  number: z.number().int().min(1),
  status: z.enum(SCRIM_GAME_STATUSES),
  patch: z.string().nullable(),
  /** The draft session the game links (never a copy of it); null until it has one. */
  session_id: z.string().nullable(),
  /** The live room prepared for the game (the series room for fearless), when there is one. */
  room_id: z.string().nullable(),
  draft_source: z.enum(SCRIM_DRAFT_SOURCES).nullable(),
  /** Whether the linked draft is complete. */
  draft_complete: z.boolean(),
  draft: z.array(scrimDraftStepSchema),
  our_side: sideSchema.nullable(),
  /** Which side picked first in the draft (from its format), when known. */
  first_pick_side: sideSchema.nullable(),
  result: scrimResultSchema.nullable(),
  verdict: z.enum(SCRIM_VERDICTS).nullable(),
  tags: z.array(z.string()),
  position_notes: positionNotesSchema,
  notes: z.string(),
  plan: scrimPlanRefSchema.nullable(),
  /** May the caller enter or correct this game's result (staff, or a player on the lineup)? */
  can_enter_result: z.boolean(),
  updated_at: timestampSchema,
});
export type ScrimGame = z.infer<typeof scrimGameSchema>;

/** `GET /scrims/of-draft/{session_id}/`. */
export const scrimOfDraftParamsSchema = z.object({ session_id: z.uuid({ error: "invalidValue" }) });

/**
 * The scrim game a draft session was drafted for, so the draft's page links back to it: null when
 * the draft is no scrim game's, or when the caller may not read that scrim.
 */
export const scrimOfDraftSchema = z.object({
  game: z
    .object({
      scrim_id: z.uuid(),
      workspace_id: z.string(),
      /** The scrim's title: given, or "Scrim vs <opponent>". */
      title: z.string(),
      /** No title was given: the app names it from `kind` and `opponent_name` (`untitledScrimName`). */
      untitled: z.boolean(),
      /** A scrim or an official match: the draft's page names the game by it. */
      kind: z.enum(SCRIM_KINDS),
      opponent_name: z.string(),
      game_id: z.uuid(),
      number: z.number().int().min(1),
      /**
       * The ledger keeps a result for the game: the draft's page may choose another winner (it
       * corrects the result), but clearing it is done on the scrim's page (409 scrim_result_kept).
       */
      result_kept: z.boolean(),
    })
    .nullable(),
});
export type ScrimOfDraft = z.infer<typeof scrimOfDraftSchema>;

/** `POST /workspaces/{id}/scrims/`. */
export const scrimCreateBodySchema = z.object({
  kind: z.enum(SCRIM_KINDS).default("scrim"),
  title: text(SCRIM_LIMITS.title).default(""),
  opponent: scrimOpponentBodySchema,
  starts_at: z.iso.datetime({ offset: true, error: "invalidValue" }),
  time_zone: timeZoneSchema,
  games_count: z.number().int().min(1).max(SCRIM_LIMITS.games).default(3),
  rules: scrimRulesBodySchema.default({
    mode: "normal",
    fearless_rule: null,
    first_selection: null,
    timers: { turn_seconds: 30, bank_seconds: 0 },
  }),
  status: z.enum(SCRIM_STATUSES).default("planned"),
  patch: patchSchema.nullable().default(null),
  notes: text(SCRIM_LIMITS.notes).default(""),
  /** Roster players expected to play: players on it read and enter results of its games. */
  lineup: z.array(rosterPlayerIdSchema).max(10).default([]),
  /** Our side in game 1 (then as the draft says); decides each prepared room's "our team". */
  our_side: sideSchema.default("BLUE"),
  /** Prepare a live room per game (a series room when fearless). False: games are logged later. */
  prepare_rooms: z.boolean().default(true),
});
export type ScrimCreateBody = z.input<typeof scrimCreateBodySchema>;

/**
 * `PATCH /scrims/{id}/`: any subset. `games_count` may grow (new games are prepared like the
 * first) or shrink down to the last game that has a draft or a result. Rules are fixed once any
 * game has a draft.
 */
export const scrimUpdateBodySchema = z
  .object({
    kind: z.enum(SCRIM_KINDS),
    title: text(SCRIM_LIMITS.title),
    opponent: scrimOpponentBodySchema,
    starts_at: z.iso.datetime({ offset: true, error: "invalidValue" }),
    time_zone: timeZoneSchema,
    games_count: z.number().int().min(1).max(SCRIM_LIMITS.games),
    status: z.enum(SCRIM_STATUSES),
    patch: patchSchema.nullable(),
    notes: text(SCRIM_LIMITS.notes),
    lineup: z.array(rosterPlayerIdSchema).max(10),
  })
  .partial();
export type ScrimUpdateBody = z.infer<typeof scrimUpdateBodySchema>;

export const scrimSchema = z.object({
  id: z.uuid(),
  workspace_id: z.string(),
  kind: z.enum(SCRIM_KINDS),
  /** Given, or "Scrim vs <opponent>". */
  title: z.string(),
  /**
   * No title was given: `title` is the English default, and a reader's app names the scrim in its
   * own language from its kind and opponent (`untitledScrimName`).
   */
  untitled: z.boolean(),
  opponent: scrimOpponentSchema,
  starts_at: timestampSchema,
  time_zone: z.string(),
  games_count: z.number().int(),
  rules: scrimRulesSchema,
  status: z.enum(SCRIM_STATUSES),
  patch: z.string().nullable(),
  notes: z.string(),
  lineup: z.array(z.string()),
  /** The fearless series holding every game's draft; null for a normal scrim. */
  series_id: z.string().nullable(),
  games: z.array(scrimGameSchema),
  /** Played games' score (remakes and unfinished games do not count). */
  score: z.object({ us: z.number().int(), them: z.number().int() }),
  created_by: userRefSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** May the caller edit the scrim itself (staff roles with `edit_scrims`)? */
  can_edit: z.boolean(),
});
export type Scrim = z.infer<typeof scrimSchema>;

export const scrimSummarySchema = scrimSchema.omit({ games: true, rules: true, lineup: true }).extend({
  mode: z.enum(SCRIM_MODES),
  games_played: z.number().int(),
});
export type ScrimSummary = z.infer<typeof scrimSummarySchema>;

export const scrimListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(SCRIM_STATUSES).optional(),
  kind: z.enum(SCRIM_KINDS).optional(),
  /** Start time at or after / before (ISO date or date-time). */
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** Opponent key (`team:<id>` or `name:<name>`). */
  opponent: z.string().max(120).optional(),
});
export type ScrimListQuery = z.infer<typeof scrimListQuerySchema>;
export const scrimListSchema = paginatedSchema(scrimSummarySchema);

/**
 * The workspace page's scrim agenda: the next open blocks (planned or confirmed, starting from
 * now, soonest first, at most `SCRIM_AGENDA_NEXT`) and the open ones whose start has passed, whose
 * results are due (most recent first, at most `SCRIM_AGENDA_DUE`, with their count).
 */
export const scrimAgendaSchema = z.object({
  next: z.array(scrimSummarySchema),
  results_due: z.array(scrimSummarySchema),
  results_due_count: z.number().int().nonnegative(),
});
export type ScrimAgenda = z.infer<typeof scrimAgendaSchema>;

export const scrimTagSuggestionsSchema = z.object({
  /** The defaults, then the workspace's own tags by use, most used first. */
  suggestions: z.array(z.object({ tag: z.string(), uses: z.number().int().nonnegative() })),
});

/** One entry of a game's audit trail: what changed, by whom, when, with the values before/after. */
export const SCRIM_AUDIT_ACTIONS = [
  "draft_attached",
  "draft_logged",
  "result_entered",
  "result_corrected",
  "result_cleared",
  "review_changed",
] as const;
export const scrimAuditEntrySchema = z.object({
  action: z.enum(SCRIM_AUDIT_ACTIONS),
  actor: userRefSchema.nullable(),
  at: timestampSchema,
  /** What it was and became (null when there was nothing, e.g. a first result). */
  before: z.unknown(),
  after: z.unknown(),
});
export type ScrimAuditEntry = z.infer<typeof scrimAuditEntrySchema>;
export const scrimAuditTrailSchema = z.array(scrimAuditEntrySchema);

// ---- the ledger and its analytics ------------------------------------------------------------

/**
 * Filters of the ledger and of every analytics figure. `kind` defaults to scrims; `all` mixes
 * scrims and official games and every answer says so (`mixed: true`).
 */
export const scrimLedgerQuerySchema = z.object({
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  opponent: z.string().max(120).optional(),
  patch: patchSchema.optional(),
  kind: z.enum([...SCRIM_KINDS, "all"]).default("scrim"),
  /** A plan id: only games that followed it. */
  plan: z.uuid({ error: "invalidValue" }).optional(),
});
export type ScrimLedgerQuery = z.infer<typeof scrimLedgerQuerySchema>;
export type ScrimLedgerFilters = z.input<typeof scrimLedgerQuerySchema>;

/** One game of the ledger, flat: what analytics and the CSV export read. */
export const scrimLedgerRowSchema = z.object({
  scrim_id: z.string(),
  scrim_title: z.string(),
  /** No title was given: `scrim_title` is the English default "Scrim vs <opponent>". */
  scrim_untitled: z.boolean(),
  kind: z.enum(SCRIM_KINDS),
  starts_at: timestampSchema,
  time_zone: z.string(),
  opponent_key: z.string(),
  opponent_name: z.string(),
  game_id: z.string(),
  game_number: z.number().int(),
  status: z.enum(SCRIM_GAME_STATUSES),
  patch: z.string().nullable(),
  our_side: sideSchema.nullable(),
  /** `us`/`them` for a played game; null otherwise. */
  winner: z.enum(SCRIM_TEAMS).nullable(),
  duration_seconds: z.number().int().nullable(),
  /** Did we have the draft's first pick? null: unknown (no draft or no side). */
  we_first_picked: z.boolean().nullable(),
  /** The first selection's choice and who had it (from the scrim's rules). */
  first_selection: firstSelectionSchema.nullable(),
  /** Our first pick's champion, when the draft has one. */
  our_first_pick_champion_id: z.number().int().nullable(),
  our_picks: z.array(z.number().int()),
  their_picks: z.array(z.number().int()),
  our_bans: z.array(z.number().int()),
  their_bans: z.array(z.number().int()),
  plan_id: z.string().nullable(),
  plan_name: z.string().nullable(),
  branch_id: z.string().nullable(),
  branch_label: z.string().nullable(),
  verdict: z.enum(SCRIM_VERDICTS).nullable(),
  tags: z.array(z.string()),
  figures: scrimTeamFiguresSchema,
  players: z.array(scrimPlayerLineSchema),
  result_source: z.enum(SCRIM_RESULT_SOURCES).nullable(),
});
export type ScrimLedgerRow = z.infer<typeof scrimLedgerRowSchema>;
export const scrimLedgerSchema = z.object({
  kind: z.enum([...SCRIM_KINDS, "all"]),
  mixed: z.boolean(),
  rows: z.array(scrimLedgerRowSchema),
});

/** A win rate with its sample: `n` counted games (played only), `small_sample` when n < SCRIM_SMALL_SAMPLE. */
export const scrimFigureSchema = z.object({
  n: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  /** wins / n, 0-1; null when n is 0 (never a 0% or 100% from nothing). */
  win_rate: z.number().min(0).max(1).nullable(),
  small_sample: z.boolean(),
});
export type ScrimFigure = z.infer<typeof scrimFigureSchema>;

export const scrimGroupFigureSchema = scrimFigureSchema.extend({
  key: z.string(),
  label: z.string(),
});
export type ScrimGroupFigure = z.infer<typeof scrimGroupFigureSchema>;

export const SCRIM_ANALYTICS_GROUPINGS = [
  "side",
  "first_pick",
  "first_selection",
  "opponent",
  "plan",
  "branch",
  "verdict",
  "tag",
] as const;
export type ScrimAnalyticsGrouping = (typeof SCRIM_ANALYTICS_GROUPINGS)[number];

/** Per player and champion: games, wins, K/D/A totals and averages, gold at 15. */
export const scrimPlayerChampionFigureSchema = scrimFigureSchema.extend({
  /** The roster player's id, or `name:<name>` for a stand-in. */
  player_key: z.string(),
  player_name: z.string(),
  position: positionSchema,
  champion_id: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  /** (kills + assists) / max(1, deaths) over the games. */
  kda: z.number().nullable(),
  /** Mean gold at 15 over the games that recorded it (`gold_at_15_n`). */
  gold_at_15: z.number().nullable(),
  gold_at_15_n: z.number().int().nonnegative(),
});
export type ScrimPlayerChampionFigure = z.infer<typeof scrimPlayerChampionFigureSchema>;

export const scrimTrendPointSchema = scrimFigureSchema.extend({
  /** Monday of the ISO week (UTC), YYYY-MM-DD. */
  week: z.string(),
});

export const scrimAnalyticsQuerySchema = scrimLedgerQuerySchema.extend({
  /** Roster player id: per-player figures for that player only. */
  player: z.string().max(64).optional(),
});
export type ScrimAnalyticsQuery = z.infer<typeof scrimAnalyticsQuerySchema>;

/** Pool tiers that count as a player's comfort picks for "comfort versus results". */
export const SCRIM_COMFORT_TIERS = ["S", "A"] as const;
/** A comfort pick "keeps losing" with at least this many losses and a win rate under one half. */
export const SCRIM_KEEPS_LOSING_LOSSES = 3;
/** How many compositions the analytics list (most played first). */
export const SCRIM_COMPOSITIONS_LIMIT = 20;

/** A roster player's comfort pick (pool tier S or A) against what it gave in the ledger. */
export const scrimComfortFigureSchema = scrimFigureSchema.extend({
  player_key: z.string(),
  player_name: z.string(),
  position: positionSchema,
  champion_id: z.number().int(),
  tier: z.enum(POOL_TIERS),
  /** `losses >= SCRIM_KEEPS_LOSING_LOSSES` and a win rate under 0.5. */
  keeps_losing: z.boolean(),
});
export type ScrimComfortFigure = z.infer<typeof scrimComfortFigureSchema>;

/** Our five picks of a game, as a set (ids ascending): the compositions that win. */
export const scrimCompositionFigureSchema = scrimFigureSchema.extend({
  key: z.string(),
  champion_ids: z.array(z.number().int()),
});
export type ScrimCompositionFigure = z.infer<typeof scrimCompositionFigureSchema>;

export const scrimAnalyticsSchema = z.object({
  filters: scrimAnalyticsQuerySchema.partial(),
  kind: z.enum([...SCRIM_KINDS, "all"]),
  /** True when scrims and official games are counted together (kind `all`). */
  mixed: z.boolean(),
  small_sample_threshold: z.number().int(),
  /** Games in the ledger for the filters, and those left out of win rates, by status. */
  games: z.object({
    total: z.number().int(),
    counted: z.number().int(),
    excluded: z.object({
      remake: z.number().int(),
      stopped_early: z.number().int(),
      unfinished: z.number().int(),
    }),
  }),
  overall: scrimFigureSchema,
  by: z.object({
    side: z.array(scrimGroupFigureSchema),
    first_pick: z.array(scrimGroupFigureSchema),
    first_selection: z.array(scrimGroupFigureSchema),
    opponent: z.array(scrimGroupFigureSchema),
    plan: z.array(scrimGroupFigureSchema),
    branch: z.array(scrimGroupFigureSchema),
    verdict: z.array(scrimGroupFigureSchema),
    tag: z.array(scrimGroupFigureSchema),
  }),
  players: z.array(scrimPlayerChampionFigureSchema),
  trend: z.array(scrimTrendPointSchema),
  /** Comfort versus results: every roster player's S/A pool champion with its figure (n may be 0). */
  comfort: z.array(scrimComfortFigureSchema),
  /** Our complete five-champion compositions, most played first (at most SCRIM_COMPOSITIONS_LIMIT). */
  compositions: z.array(scrimCompositionFigureSchema),
});
export type ScrimAnalytics = z.infer<typeof scrimAnalyticsSchema>;
