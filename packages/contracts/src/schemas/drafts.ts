import {
  ACTION_TYPES,
  BASE_STEP_COUNT,
  DRAFT_STEP_COUNT,
  FORMAT_ORDERS,
  FORMAT_PRESETS,
  formatSpecProblem,
  SIDES,
  TIMER_DEFAULT_SECONDS,
  TIMER_MAX_SECONDS,
  TIMER_MIN_SECONDS,
} from "@draftroom/draft";
import { z } from "zod";
import { CHAMPION_ROLES, POSITIONS, PRIORITY_TIERS } from "../constants.ts";
import { DEFAULT_DRAFT_SETTINGS } from "../draft-settings.ts";
import { MAX_DB_ID } from "../ids.ts";
import { requiredText, timestampSchema } from "./common.ts";

/** A positive database id (body field). */
export const dbId = () => z.number().int().positive().max(MAX_DB_ID);
/** A positive database id read from a path or query string. */
export const dbIdParam = () => z.coerce.number().int().positive().max(MAX_DB_ID);

/** Optional free text: trimmed, bounded, and without U+0000 (PostgreSQL text cannot store it). */
export function freeText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: "tooLong" })
    .refine((value) => !value.includes("\u0000"), { error: "invalidValue" });
}

export const sideSchema = z.enum(SIDES as ["BLUE", "RED"]);
export const actionTypeSchema = z.enum(ACTION_TYPES as ["BAN", "PICK"]);

export const championSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  champion_key: z.string(),
  role: z.enum(CHAMPION_ROLES),
  /** All Data Dragon tags, first one equals `role`. */
  tags: z.array(z.string()),
  icon_url: z.string(),
  splash_url: z.string(),
});
export type Champion = z.infer<typeof championSchema>;

/** `GET /api/drafts/champions/positions/`: the positions each champion plays (grid filters). */
export const championPositionsSchema = z.object({
  /** `statistics` when imported match data knows positions; `roles` when only the tags do. */
  source: z.enum(["statistics", "roles"]),
  /** Champion id (as a string key) to its positions, most played first. */
  positions: z.record(z.string(), z.array(z.enum(POSITIONS))),
});
export type ChampionPositions = z.infer<typeof championPositionsSchema>;

export const leagueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  region: z.string(),
  /** True for a league a user created for their own practice (visible only to them). */
  is_custom: z.boolean(),
  /** The workspace that owns it (every member sees it); null: seeded, imported or personal. */
  workspace_id: z.string().nullable().optional(),
  /** Imported professional games of the league (0: none). */
  games: z.number().int().nonnegative().optional(),
});
export type League = z.infer<typeof leagueSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  league_id: z.number().int(),
  is_custom: z.boolean(),
  /** The workspace that owns it (every member sees it); null: seeded, imported or personal. */
  workspace_id: z.string().nullable().optional(),
  /** Imported professional games of the team (0: none): what scouting can read about it. */
  games: z.number().int().nonnegative().optional(),
});
export type Team = z.infer<typeof teamSchema>;

/** Given: created in that workspace (the caller needs `edit_drafts` there), so every member sees it. */
const ownerWorkspace = z.uuid({ error: "invalidValue" }).optional();
export const leagueCreateBodySchema = z.object({
  name: requiredText("nameRequired", 100),
  short_name: freeText(12).optional(),
  region: freeText(50).optional(),
  workspace_id: ownerWorkspace,
});
export const teamCreateBodySchema = z.object({
  name: requiredText("nameRequired", 100),
  short_name: freeText(12).optional(),
  workspace_id: ownerWorkspace,
});

export const draftSettingsSchema = z.object({
  ban_timer: z
    .number({ error: "banTimerRange" })
    .int({ error: "banTimerRange" })
    .min(TIMER_MIN_SECONDS, { error: "banTimerRange" })
    .max(TIMER_MAX_SECONDS, { error: "banTimerRange" })
    .default(TIMER_DEFAULT_SECONDS),
  pick_timer: z
    .number({ error: "pickTimerRange" })
    .int({ error: "pickTimerRange" })
    .min(TIMER_MIN_SECONDS, { error: "pickTimerRange" })
    .max(TIMER_MAX_SECONDS, { error: "pickTimerRange" })
    .default(TIMER_DEFAULT_SECONDS),
  auto_advance: z.boolean().default(true),
  /**
   * False: the owner's board runs no step clock and never locks on its own ("No timer", the web
   * app's default for a new prep session). Absent: timed, as every session before it was.
   */
  timed: z.boolean().default(true),
});
export type DraftSettings = z.infer<typeof draftSettingsSchema>;

/**
 * A draft format as a session stores it (packages/draft `DraftFormatSpec`): the base order, the
 * ban turns switched off, and the team with the first pick. Default: the official tournament order.
 */
export const draftFormatSchema = z
  .object({
    order: z.enum(FORMAT_ORDERS),
    disabled_slots: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(BASE_STEP_COUNT - 1),
      )
      .max(BASE_STEP_COUNT)
      .default([]),
    first_pick: sideSchema.default("BLUE"),
  })
  .refine((spec) => formatSpecProblem(spec) === null, { path: ["disabled_slots"], error: "invalidValue" });
export type DraftFormatBody = z.input<typeof draftFormatSchema>;
export type DraftFormatSpecBody = z.output<typeof draftFormatSchema>;
export const DEFAULT_DRAFT_FORMAT: DraftFormatSpecBody = {
  ...FORMAT_PRESETS.tournament,
  disabled_slots: [],
};

const teamRef = (key: string) =>
  z.number({ error: key }).int({ error: key }).positive({ error: key }).max(MAX_DB_ID, { error: key });

const sessionFields = z.object({
  title: requiredText("sessionNameRequired", 120),
  description: freeText(2000).default(""),
  league_id: teamRef("leagueRequired"),
  blue_team_id: teamRef("blueTeamRequired"),
  red_team_id: teamRef("redTeamRequired"),
  blue_team_name: freeText(100).optional(),
  red_team_name: freeText(100).optional(),
  settings: draftSettingsSchema.default(DEFAULT_DRAFT_SETTINGS),
  /** Only read on create; a session keeps its format. */
  format: draftFormatSchema.default(DEFAULT_DRAFT_FORMAT),
});

/** Create/update payload; teams must differ (error shown on the red team). */
export const sessionWriteBodySchema = sessionFields.refine((body) => body.blue_team_id !== body.red_team_id, {
  path: ["red_team_id"],
  error: "teamsMustDiffer",
});
export type SessionWriteBody = z.input<typeof sessionWriteBodySchema>;

/**
 * PATCH: any subset (settings too, key by key), plus the result of a finished draft. Built without
 * the create defaults: Zod 4 applies a default inside `.partial()`, which would reset omitted fields.
 */
export const sessionPatchBodySchema = z
  .object({
    title: sessionFields.shape.title,
    description: freeText(2000),
    league_id: sessionFields.shape.league_id,
    blue_team_id: sessionFields.shape.blue_team_id,
    red_team_id: sessionFields.shape.red_team_id,
    blue_team_name: freeText(100),
    red_team_name: freeText(100),
    settings: z
      .object({
        ban_timer: draftSettingsSchema.shape.ban_timer.unwrap(),
        pick_timer: draftSettingsSchema.shape.pick_timer.unwrap(),
        auto_advance: z.boolean(),
        timed: z.boolean(),
      })
      .partial(),
    winner: sideSchema.nullable(),
  })
  .partial();
export type SessionPatchBody = z.infer<typeof sessionPatchBodySchema>;

export const SESSION_STATUSES = ["in_progress", "complete"] as const;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const sessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  league: namedRef.nullable(),
  blue_team: namedRef.nullable(),
  red_team: namedRef.nullable(),
  blue_team_name: z.string(),
  red_team_name: z.string(),
  settings: draftSettingsSchema,
  format: draftFormatSchema,
  /** The series this session is a game of, or null. */
  series: z.object({ id: z.uuid(), title: z.string(), game_number: z.number().int() }).nullable(),
  /** 1 Ban Phase 1, 2 Pick Phase 1, 3 Ban Phase 2, 4 Pick Phase 2. */
  current_phase: z.number().int().min(1).max(4),
  /** Number of actions taken, 0 to the format's step count; equals the next step's index while in progress. */
  current_step: z.number().int().min(0).max(DRAFT_STEP_COUNT),
  status: z.enum(SESSION_STATUSES),
  winner: sideSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type DraftSession = z.infer<typeof sessionSchema>;

export const sessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  league: dbIdParam().optional(),
  team: dbIdParam().optional(),
  search: freeText(200).optional(),
});

export const actionCreateBodySchema = z.object({
  /** null records a skipped ban (timer expired). */
  champion_id: dbId().nullable(),
  /** Any step number: past the format's end the engine answers `draft_complete` (409). */
  phase_number: z.number().int().min(0).max(MAX_DB_ID),
  action_type: actionTypeSchema,
  team_side: sideSchema,
  is_auto: z
    .boolean()
    .optional()
    .describe(
      "True when the step's timer chose the champion (default false); a skipped ban is always automatic",
    ),
});
export type ActionCreateBody = z.infer<typeof actionCreateBodySchema>;

export const actionUpdateBodySchema = z.object({ champion_id: dbId() });

export const actionSchema = z.object({
  id: z.number().int(),
  champion: championSchema.pick({ id: true, name: true, champion_key: true, icon_url: true }).nullable(),
  champion_id: z.number().int().nullable(),
  phase_number: z.number().int(),
  action_type: actionTypeSchema,
  team_side: sideSchema,
  is_auto: z.boolean(),
  created_at: timestampSchema,
});
export type DraftAction = z.infer<typeof actionSchema>;

export const CHAMPION_STATUSES = ["available", "picked", "banned", "locked"] as const;
export const championStatusSchema = z.object({
  champion_id: z.number().int(),
  status: z.enum(CHAMPION_STATUSES),
});

export const publicDraftSchema = z.object({
  session: sessionSchema,
  actions: z.array(actionSchema),
  champions: z.array(championSchema),
});

export const priorityEntrySchema = z.object({
  champion_id: dbId(),
  tier: z.enum(PRIORITY_TIERS),
  positions: z.array(z.enum(POSITIONS)).max(5),
  note: freeText(500).default(""),
});
export type PriorityEntry = z.infer<typeof priorityEntrySchema>;
export const prioritiesBodySchema = z.object({ priorities: z.array(priorityEntrySchema).max(200) });
