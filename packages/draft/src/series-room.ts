import type { Side } from "./formats.ts";
import type { RoomTeam } from "./room.ts";
import type { SeriesTeam } from "./series.ts";

/**
 * A series played as one live room: the room's teams are the series' teams (A/B), so captain
 * links follow a team, not a side. These say which side each team plays in a game and what the
 * organiser can do next.
 */

/** The side each room team plays in a game whose blue side is `blue`. */
export function seriesRoomSides(blue: SeriesTeam): Record<RoomTeam, Side> {
  return blue === "A" ? { A: "BLUE", B: "RED" } : { A: "RED", B: "BLUE" };
}

export type SeriesRoomStage =
  /** The game on the board is still being drafted. */
  | "drafting"
  /** Its draft is over; its winner is not recorded yet. */
  | "awaiting_result"
  /** The result is in and another game can start. */
  | "next_ready"
  /** The series is over (decided, or every game of a scrim block played). */
  | "series_over";

/**
 * Where a series room stands, from the game on the board and the series' next step.
 *
 * @example
 * seriesRoomStage({ draftComplete: true, gameWinner: "A", next: "ready" }); // "next_ready"
 */
export function seriesRoomStage(input: {
  draftComplete: boolean;
  gameWinner: SeriesTeam | null;
  next: "ready" | "waiting" | "complete";
}): SeriesRoomStage {
  if (!input.draftComplete) return "drafting";
  if (input.gameWinner === null) return "awaiting_result";
  return input.next === "complete"
    ? "series_over"
    : input.next === "ready"
      ? "next_ready"
      : "awaiting_result";
}
