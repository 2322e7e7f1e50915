import {
  BEST_OF,
  FEARLESS_FROM,
  FEARLESS_PRESETS,
  FEARLESS_SCOPES,
  SERIES_TEAMS,
  SIDE_CHOICES,
} from "@draftroom/draft";
import { z } from "zod";
import { DEFAULT_DRAFT_SETTINGS } from "../draft-settings.ts";
import { paginatedSchema, requiredText } from "./common.ts";
import {
  actionSchema,
  championSchema,
  DEFAULT_DRAFT_FORMAT,
  dbId,
  draftFormatSchema,
  draftSettingsSchema,
  freeText,
  SESSION_STATUSES,
} from "./drafts.ts";

/** Best-of-N series with fearless rules (`/api/series/…`). */

export const seriesTeamSchema = z.enum(SERIES_TEAMS as ["A", "B"]);
export const fearlessRuleSchema = z.object({
  from: z.enum(FEARLESS_FROM),
  scope: z.enum(FEARLESS_SCOPES),
  reset_last_game: z.boolean().default(false),
});
export type FearlessRuleBody = z.infer<typeof fearlessRuleSchema>;

const teamRef = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });

export const seriesCreateBodySchema = z
  .object({
    title: requiredText("seriesNameRequired", 120),
    league_id: teamRef("leagueRequired"),
    team_a_id: teamRef("teamARequired"),
    team_b_id: teamRef("teamBRequired"),
    team_a_name: freeText(100).optional(),
    team_b_name: freeText(100).optional(),
    best_of: z
      .number()
      .int()
      .refine((value) => (BEST_OF as readonly number[]).includes(value), { error: "invalidValue" })
      .default(3),
    rule: fearlessRuleSchema.default({ from: "picks", scope: "both", reset_last_game: false }),
    /** Champions nobody may pick or ban in any game of the series. */
    disabled_champions: z.array(dbId()).max(100).default([]),
    side_choice: z.enum(SIDE_CHOICES).default("loser"),
    /** The team on the blue side in game 1. */
    first_blue: seriesTeamSchema.default("A"),
    /** Play every game even once the series is decided. */
    scrim_block: z.boolean().default(false),
    format: draftFormatSchema.default(DEFAULT_DRAFT_FORMAT),
    settings: draftSettingsSchema.default(DEFAULT_DRAFT_SETTINGS),
  })
  .refine((body) => body.team_a_id !== body.team_b_id, { path: ["team_b_id"], error: "teamsMustDiffer" });
export type SeriesCreateBody = z.input<typeof seriesCreateBodySchema>;

export const seriesGameStartBodySchema = z.object({
  /** The team on blue: the loser's or the organiser's choice (ignored under fixed alternation). */
  blue_team: seriesTeamSchema.optional(),
});
export const seriesWinnerBodySchema = z.object({ winner: seriesTeamSchema.nullable() });
export const seriesParamsSchema = z.object({ id: z.uuid() });
export const seriesGameParamsSchema = z.object({
  id: z.uuid(),
  number: z.coerce.number().int().min(1).max(7),
});

export const lockedChampionSchema = z.object({
  champion_id: z.number().int(),
  kind: z.enum(["disabled", "picked", "banned"]),
  /** The team that took it, and in which game (null for disabled champions). */
  team: seriesTeamSchema.nullable(),
  game: z.number().int().nullable(),
});
export type LockedChampion = z.infer<typeof lockedChampionSchema>;

export const seriesGameSchema = z.object({
  number: z.number().int(),
  session_id: z.uuid(),
  blue_team: seriesTeamSchema,
  winner: seriesTeamSchema.nullable(),
  status: z.enum(SESSION_STATUSES),
  current_step: z.number().int(),
  actions: z.array(actionSchema),
});
export type SeriesGame = z.infer<typeof seriesGameSchema>;

const namedTeam = z.object({ id: z.number().int().nullable(), name: z.string() });

export const seriesSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  league: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  team_a: namedTeam,
  team_b: namedTeam,
  best_of: z.number().int(),
  rule: fearlessRuleSchema,
  /** The preset the rule matches, or null for a custom rule. */
  preset: z.enum(FEARLESS_PRESETS).nullable(),
  disabled_champions: z.array(z.number().int()),
  side_choice: z.enum(SIDE_CHOICES),
  scrim_block: z.boolean(),
  format: draftFormatSchema,
  settings: draftSettingsSchema,
  score: z.object({ A: z.number().int(), B: z.number().int(), winner: seriesTeamSchema.nullable() }),
  status: z.enum(["in_progress", "complete"]),
  /** What comes next: a game to start, a game waiting for its result, or nothing. */
  next: z.object({
    status: z.enum(["ready", "waiting", "complete"]),
    number: z.number().int().nullable(),
    /** Who picks the sides of the next game: the previous loser, the organiser, or nobody (alternation). */
    chooser: z.object({ by: z.enum(["team", "organiser"]), team: seriesTeamSchema.nullable() }).nullable(),
  }),
  games: z.array(seriesGameSchema),
  /** The champions each team may not take in `locked_game` (the current or next game), with the reason. */
  locked_game: z.number().int(),
  locked: z.object({ A: z.array(lockedChampionSchema), B: z.array(lockedChampionSchema) }),
  /** Display fields of every champion the games and locks mention. */
  champions: z.array(championSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesSummarySchema = seriesSchema.pick({
  id: true,
  title: true,
  team_a: true,
  team_b: true,
  best_of: true,
  preset: true,
  rule: true,
  score: true,
  status: true,
  created_at: true,
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;
export const seriesListSchema = paginatedSchema(seriesSummarySchema);
