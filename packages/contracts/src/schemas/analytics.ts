import { z } from "zod";
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, ANALYTICS_MIN_DAYS } from "../constants.ts";
import { workspaceFilterQuerySchema } from "./workspaces.ts";

/**
 * `?days=` (the window) and `?workspace=`: the figures of the space the lists show, that
 * workspace's sessions or, without it, the caller's personal ones.
 */
export const analyticsQuerySchema = workspaceFilterQuerySchema.extend({
  days: z.coerce
    .number()
    .int()
    .min(ANALYTICS_MIN_DAYS)
    .max(ANALYTICS_MAX_DAYS)
    .default(ANALYTICS_DEFAULT_DAYS),
});

const championCount = z.object({ champion_id: z.number().int(), name: z.string(), count: z.number().int() });

export const analyticsSchema = z.object({
  days: z.number().int(),
  sessions_created: z.number().int(),
  sessions_completed: z.number().int(),
  most_picked: z.array(championCount),
  most_banned: z.array(championCount),
  first_picks: z.array(championCount),
  first_bans: z.array(championCount),
  results: z.object({
    blue_wins: z.number().int(),
    red_wins: z.number().int(),
    unrecorded: z.number().int(),
  }),
  per_day: z.array(z.object({ date: z.string(), created: z.number().int(), completed: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
