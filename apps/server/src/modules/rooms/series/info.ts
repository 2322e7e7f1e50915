import type { RoomSeriesInfo } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { getSeries } from "../../series/service.ts";

/** The series part of a room's snapshot (null for a room that plays no series). */
export async function seriesInfoOfRoom(db: Kysely<Database>, roomId: string): Promise<RoomSeriesInfo | null> {
  const link = await db
    .selectFrom("series_rooms")
    .selectAll()
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  if (!link) return null;
  const series = await getSeries(db, null, link.series_id);
  const number = Number(link.game_number);
  const game = series.games.find((candidate) => candidate.number === number);
  return {
    id: series.id,
    title: series.title,
    best_of: series.best_of,
    game: number,
    team_a_name: series.team_a.name,
    team_b_name: series.team_b.name,
    score: { A: series.score.A, B: series.score.B },
    game_winner: game?.winner ?? null,
    next: series.next,
  };
}
