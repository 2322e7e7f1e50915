import { z } from "zod";
import { POSITIONS } from "../constants.ts";
import { sideSchema } from "./drafts.ts";

/**
 * Scouting reports (`/api/scouting/…`): what a team picks and bans, from the imported professional
 * games whose team name matches it and the caller's own finished drafts with that team.
 * The full report is a Pro feature (or the trial); other plans get the preview (`details: null`).
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "invalidValue");

export const scoutingReportQuerySchema = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    patch: z.string().trim().min(1).max(20).optional(),
    /** A series of the caller in which this team plays: adds the fearless section. */
    series_id: z.uuid().optional(),
    /** Asked inside this workspace: its plan may include the full report (decision 053). */
    workspace: z.uuid({ error: "invalidValue" }).optional(),
    /**
     * `true` adds the caller's own finished drafts and scrims with the team to the figures
     * (labelled as such, never counted as professional games). Default: professional games only.
     */
    include_drafts: z
      .enum(["true", "false"])
      .optional()
      .transform((value) => value === "true"),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: "invalidValue",
    path: ["to"],
  });

export const scoutingCompareQuerySchema = z
  .object({
    a: z.coerce.number().int().positive(),
    b: z.coerce.number().int().positive(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    patch: z.string().trim().min(1).max(20).optional(),
    /** Asked inside this workspace: its plan may include the comparison (decision 053). */
    workspace: z.uuid({ error: "invalidValue" }).optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: "invalidValue",
    path: ["to"],
  })
  .refine((value) => value.a !== value.b, { message: "teamsMustDiffer", path: ["b"] });

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable();

/** A champion with how often the team did something with it, and the team's wins in those games. */
export const scoutingChampionSchema = z.object({
  champion_id: z.number().int(),
  name: z.string(),
  count,
  wins: count,
  /** Games of `count` with a recorded result. */
  decided: count,
});
export type ScoutingChampion = z.infer<typeof scoutingChampionSchema>;

const bySide = <T extends z.ZodTypeAny>(schema: T) => z.object({ BLUE: schema, RED: schema });
const byPhase = <T extends z.ZodTypeAny>(schema: T) => z.object({ first: schema, second: schema });
const champions = z.array(scoutingChampionSchema);

export const scoutingRecordSchema = z.object({
  games: count,
  wins: count,
  /** Games with a recorded result (wins + losses). */
  decided: count,
  /** wins / decided, null without a decided game. */
  win_rate: rate,
});
export type ScoutingRecord = z.infer<typeof scoutingRecordSchema>;

export const scoutingTeamRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  league_id: z.number().int(),
});

export const scoutingSummarySchema = z.object({
  record: scoutingRecordSchema,
  sides: bySide(scoutingRecordSchema),
  /** Where the games come from. */
  sources: z.object({ matches: count, drafts: count }),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
});

const positionSchema = z.enum(POSITIONS);

export const scoutingDetailsSchema = z.object({
  picks: champions,
  picks_by_side: bySide(champions),
  /** Picks in the first and in the second pick phase. */
  picks_by_phase: byPhase(champions),
  bans: champions,
  bans_by_side: bySide(champions),
  /** Bans in the first and in the second ban phase. */
  bans_by_phase: byPhase(champions),
  /** What opponents ban against this team. */
  bans_received: champions,
  /** The team's first pick of a game, per side. */
  first_picks: bySide(champions),
  positions: z.array(z.object({ position: positionSchema, games: count, champions })),
  players: z.array(
    z.object({ player: z.string(), position: positionSchema, games: count, wins: count, champions }),
  ),
  /** Champions the team plays often in a position and wins with (at least COMFORT_MIN_GAMES games). */
  comfort: z.array(scoutingChampionSchema.extend({ position: positionSchema })),
  recent: z.array(
    z.object({
      source: z.enum(["match", "draft"]),
      date: z.string(),
      patch: z.string().nullable(),
      side: sideSchema,
      opponent: z.string(),
      won: z.boolean().nullable(),
    }),
  ),
});
export type ScoutingDetails = z.infer<typeof scoutingDetailsSchema>;

/** For a fearless series: what the team already used and what it has left per position. */
export const scoutingFearlessSchema = z.object({
  series_id: z.string(),
  title: z.string(),
  /** The game the locks apply to (the next or current one). */
  game: z.number().int(),
  fearless: z.boolean(),
  used: z.array(
    z.object({
      champion_id: z.number().int(),
      name: z.string(),
      kind: z.enum(["picked", "banned", "disabled"]),
      game: z.number().int().nullable(),
      /** Locked by this team's own choice (false: by the opponent's, or disabled). */
      own: z.boolean(),
    }),
  ),
  depth: z.array(
    z.object({
      position: positionSchema,
      /** Champions the team played there in its history (its pool). */
      total: count,
      left: count,
      available: z.array(z.object({ champion_id: z.number().int(), name: z.string(), count })),
    }),
  ),
});
export type ScoutingFearless = z.infer<typeof scoutingFearlessSchema>;

export const scoutingReportSchema = z.object({
  /** `full`: Pro or trial; `preview`: other plans (details null, top picks cut to three). */
  access: z.enum(["full", "preview"]),
  team: scoutingTeamRefSchema,
  filters: z.object({ from: z.string().nullable(), to: z.string().nullable(), patch: z.string().nullable() }),
  /** Patches of this team's imported games (for the patch filter), newest first. */
  patches: z.array(z.object({ patch: z.string(), games: count })),
  /** Whether the caller's own drafts are in the figures (`include_drafts=true`). */
  drafts_included: z.boolean(),
  /** The caller's finished drafts with this team in the filters, counted or not (for the toggle). */
  drafts_available: count,
  /** Fewer than SCOUTING_FEW_GAMES professional games: the figures are hints, not patterns. */
  few_games: z.boolean(),
  /** Oldest and newest patch of the professional games in the figures; null without one. */
  patch_range: z.object({ first: z.string(), last: z.string() }).nullable(),
  summary: scoutingSummarySchema,
  top_picks: champions,
  details: scoutingDetailsSchema.nullable(),
  fearless: scoutingFearlessSchema.nullable(),
});
export type ScoutingReport = z.infer<typeof scoutingReportSchema>;

export const scoutingCompareSchema = z.object({
  a: scoutingReportSchema,
  b: scoutingReportSchema,
  /** Games between the two teams (in the same filters), from A's point of view. */
  head_to_head: scoutingRecordSchema,
  /** Champions both teams pick, the most picked by both first. */
  shared_picks: z.array(z.object({ champion_id: z.number().int(), name: z.string(), a: count, b: count })),
});
export type ScoutingCompare = z.infer<typeof scoutingCompareSchema>;

export const scoutingTeamListSchema = z.array(
  scoutingTeamRefSchema.extend({ league: z.string(), games: count }),
);
export type ScoutingTeamList = z.infer<typeof scoutingTeamListSchema>;

/** Games a champion needs in a position before it counts as a comfort pick. */
export const COMFORT_MIN_GAMES = 3;
/** Champions listed per ranking. */
export const SCOUTING_TOP = 10;
/** Below this many professional games a report says plainly that its figures are thin. */
export const SCOUTING_FEW_GAMES = 5;
/** Champions shown in the Community preview. */
export const SCOUTING_PREVIEW_TOP = 3;
