import { z } from "zod";

/**
 * What a room's snapshot says about its lifecycle (decision 012): the series it plays, and
 * whether it is a quick room made without an account. Kept apart from rooms.ts so the room
 * protocol schema only gains two optional fields.
 */

const team = z.enum(["A", "B"]);

/** The series a room plays, as of the snapshot (null for a room of one draft). */
export const roomSeriesInfoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  best_of: z.number().int(),
  /** The game on the board now (1-based). */
  game: z.number().int().positive(),
  team_a_name: z.string(),
  team_b_name: z.string(),
  score: z.object({ A: z.number().int(), B: z.number().int() }),
  /** The winner recorded for the game on the board. */
  game_winner: team.nullable(),
  /** What comes next: another game may start (`ready`), a result is awaited, or it is over. */
  next: z.object({
    status: z.enum(["ready", "waiting", "complete"]),
    number: z.number().int().nullable(),
    /** Who picks the sides of the next game (null: they follow from the rule). */
    chooser: z.object({ by: z.enum(["team", "organiser"]), team: team.nullable() }).nullable(),
  }),
});
export type RoomSeriesInfo = z.infer<typeof roomSeriesInfoSchema>;

/** A quick room (made without an account): until claimed it is deleted at `expires_at`. */
export const roomQuickInfoSchema = z.object({
  claimed: z.boolean(),
  expires_at: z.string().nullable(),
});
export type RoomQuickInfo = z.infer<typeof roomQuickInfoSchema>;
