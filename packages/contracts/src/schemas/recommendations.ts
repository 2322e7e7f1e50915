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
  /** Estimated win rate in percent after shrinkage; null without statistics. */
  win_rate: z.number().nullable(),
  reasons: z.array(reasonSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

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
    /** Games behind the statistics, by source. */
    sources: z.object({ matches: z.number().int(), drafts: z.number().int() }),
  }),
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

/** Per-champion statistics from imported matches plus the caller's finished drafts with a result. */
export const statisticsSummarySchema = z.object({
  games: z.number().int(),
  decided_games: z.number().int(),
  sources: z.object({ matches: z.number().int(), drafts: z.number().int() }),
  champions: z.array(championStatisticsSchema),
});
export type StatisticsSummary = z.infer<typeof statisticsSummarySchema>;
