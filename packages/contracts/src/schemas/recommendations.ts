import { z } from "zod";
import { POSITIONS } from "../constants.ts";
import { actionTypeSchema, championSchema, sideSchema } from "./drafts.ts";

/** `GET /drafts/sessions/{id}/recommendations/` and `GET /drafts/statistics/` (packages/draft). */

export const recommendationsQuerySchema = z.object({
  /** The team to advise; default: the side of the next step. */
  side: sideSchema.optional(),
  /** BAN or PICK; default: the type of the next step. */
  action: actionTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** An i18n entry: the web app translates `key` (`recommend.reason.*`, `recommend.summary.*`) with `params`. */
export const reasonSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RecommendationReason = z.infer<typeof reasonSchema>;

export const recommendationSchema = z.object({
  champion_id: z.number().int(),
  champion: championSchema.pick({ id: true, name: true, champion_key: true, icon_url: true }),
  /** 1-based. */
  rank: z.number().int(),
  /** Relative ranking score; only the order means something. */
  score: z.number(),
  /** Most likely position (ours for a pick, the enemy's for a ban); null when none is open. */
  position: z.enum(POSITIONS).nullable(),
  /** Win rate in percent after shrinkage; null unless its sample (`win_rate_games`) is large enough. */
  win_rate: z.number().nullable(),
  win_rate_games: z.number().int().nullable(),
  reasons: z.array(reasonSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/**
 * Win estimate of the draft so far (packages/draft `estimateWin`). `basis: "base_rate"` means the
 * picks did not beat the blue side's base rate on held-out games, so only that rate is given;
 * `sufficient: false` means too few games for any percentage.
 */
export const winEstimateSchema = z.object({
  blue: z.number(),
  low: z.number(),
  high: z.number(),
  games: z.number().int(),
  picks: z.number().int(),
  basis: z.enum(["draft", "base_rate"]),
  sufficient: z.boolean(),
  logloss: z.number().nullable(),
  logloss_constant: z.number().nullable(),
  /**
   * Each team's results in the data (decided games, wins) when their form counts in the estimate;
   * null for a team the data does not know. Null or absent when form does not count.
   */
  form: z
    .object({
      BLUE: z.object({ games: z.number().int(), wins: z.number().int() }).nullable(),
      RED: z.object({ games: z.number().int(), wins: z.number().int() }).nullable(),
    })
    .nullable()
    .optional(),
  /**
   * The forward-in-time check behind `basis`: later games scored by a model fit on earlier ones
   * (`basis` is "draft" only when it beat the constant there). Null when the data is too thin.
   */
  forward: z
    .object({ games: z.number().int(), logloss: z.number(), logloss_constant: z.number() })
    .nullable(),
});
export type WinEstimate = z.infer<typeof winEstimateSchema>;

export const recommendationsSchema = z.object({
  side: sideSchema,
  action: actionTypeSchema,
  /** True once the draft is complete (the items then only describe what could have been). */
  draft_complete: z.boolean(),
  items: z.array(recommendationSchema),
  /** What the ranking was based on, most important first. */
  summary: z.array(reasonSchema),
  basis: z.object({
    statistics: z.boolean(),
    games: z.number().int(),
    priorities: z.boolean(),
    risk: z.number(),
    positions: z.enum(["statistics", "roles"]),
    /** False when nothing tells the champions apart: the list must not be shown as advice. */
    advice: z.boolean(),
    /** Games of the advised team and of its opponent found in the match history (by team name). */
    team_games: z.number().int(),
    opponent_games: z.number().int(),
    /** Games behind the statistics, by source. */
    sources: z.object({ matches: z.number().int(), drafts: z.number().int() }),
  }),
  /** Null without decided games in the statistics. */
  win_estimate: winEstimateSchema.nullable(),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

const positionRecordSchema = z.object({ games: z.number().int(), wins: z.number().int() });

export const championStatisticsSchema = z.object({
  champion_id: z.number().int(),
  name: z.string(),
  champion_key: z.string(),
  icon_url: z.string(),
  /** Games picked in, and banned in. */
  picks: z.number().int(),
  bans: z.number().int(),
  /** Picked games with a result, and the wins among them. */
  games: z.number().int(),
  wins: z.number().int(),
  positions: z.partialRecord(z.enum(POSITIONS), positionRecordSchema),
});

export const statisticsQuerySchema = z.object({
  /** Only imported games of this patch (e.g. "15.01"); several as a comma-separated list. */
  patch: z
    .string()
    .max(200)
    .regex(/^[0-9A-Za-z.]+(,[0-9A-Za-z.]+)*$/)
    .optional(),
});

/** Per-champion statistics from imported matches plus the caller's finished drafts with a result. */
export const statisticsSummarySchema = z.object({
  games: z.number().int(),
  /** Patches in the data, newest first, with their games (newer patches weigh more in the model). */
  patches: z.array(z.object({ patch: z.string(), games: z.number().int(), weight: z.number() })),
  decided_games: z.number().int(),
  sources: z.object({ matches: z.number().int(), drafts: z.number().int() }),
  champions: z.array(championStatisticsSchema),
});
export type StatisticsSummary = z.infer<typeof statisticsSummarySchema>;
