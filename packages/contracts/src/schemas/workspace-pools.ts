import { z } from "zod";
import { userRefSchema } from "./activity.ts";
import { timestampSchema } from "./common.ts";
import { priorityEntrySchema } from "./drafts.ts";

/**
 * A workspace's team priorities and its players' pro records (`/api/workspaces/:id/priorities/`,
 * `/api/workspaces/:id/roster/records/`; decision record 029).
 */

export const workspacePrioritiesSchema = z.object({
  priorities: z.array(priorityEntrySchema.extend({ note: z.string() })),
  /** True while no coach has set the list: it is derived from the active players' pools. */
  derived: z.boolean(),
  updated_at: timestampSchema.nullable(),
  updated_by_username: z.string().nullable(),
  /** Who set the list, named as the team knows them (null: derived, or the account is gone). */
  updated_by: userRefSchema.nullable(),
});
export type WorkspacePriorities = z.infer<typeof workspacePrioritiesSchema>;

/** A rostered player's record on a champion in the imported pro games (matched by player name). */
export const poolRecordSchema = z.object({
  /** The roster player's id (a uuid). */
  player_id: z.uuid(),
  champion_id: z.number().int(),
  games: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
});
export type PoolRecord = z.infer<typeof poolRecordSchema>;
export const poolRecordsSchema = z.array(poolRecordSchema);

/** The roster's player names of a draft's teams, top to support (empty: not known). */
export const sessionPlayersSchema = z.object({ BLUE: z.array(z.string()), RED: z.array(z.string()) });
export type SessionPlayers = z.infer<typeof sessionPlayersSchema>;
