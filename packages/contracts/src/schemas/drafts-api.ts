import { z } from "zod";
import { paginatedSchema } from "./common.ts";
import {
  actionSchema,
  championStatusSchema,
  dbIdParam,
  leagueSchema,
  priorityEntrySchema,
  sessionSchema,
  teamSchema,
} from "./drafts.ts";

/** Route params and answers of the draft API (leagues, teams, sessions, actions) not in drafts.ts. */

export const numericIdParamsSchema = z.object({ id: dbIdParam() });
export const sessionParamsSchema = z.object({ id: z.uuid() });
export const actionParamsSchema = z.object({
  id: z.uuid(),
  action_id: dbIdParam(),
});

export const teamListQuerySchema = z.object({
  league: dbIdParam().optional(),
});

export const leagueListSchema = z.array(leagueSchema);
export const teamListSchema = z.array(teamSchema);

export const sessionListSchema = paginatedSchema(sessionSchema);
export const actionListSchema = z.array(actionSchema);
export const championStatusListSchema = z.array(championStatusSchema);

/** A saved priority as answered: the entry plus the champion's display fields. */
export const priorityItemSchema = priorityEntrySchema.extend({
  note: z.string(),
  champion_name: z.string(),
  champion_key: z.string(),
  icon_url: z.string(),
});
export type PriorityItem = z.infer<typeof priorityItemSchema>;

export const teamPrioritiesSchema = z.object({
  team_id: z.number().int(),
  priorities: z.array(priorityItemSchema),
  updated_at: z.string().nullable(),
});
export type TeamPriorities = z.infer<typeof teamPrioritiesSchema>;
