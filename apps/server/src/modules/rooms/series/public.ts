import type { DraftAction, DraftSession, Series } from "@draftroom/contracts";
import type { SeriesTeam } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { getSeries, type SeriesGamesAsOf, seriesGameOfSession } from "../../series/service.ts";
import { delayedPublicDraft, delayedView } from "../delay.ts";
import { findRoom } from "../repository.ts";

/**
 * The public face of a series and of its games' drafts under the room's spectator delay
 * (decision 018): everything anyone with the link sees (the series' public view and PNG card, a
 * game's public view and card, the overlay polling them) comes from the room's one delayed view,
 * the log up to `now - delay`. A series without a room, or a room without a delay, answers live.
 */

async function seriesRoomOf(db: Kysely<Database>, seriesId: string) {
  const link = await db
    .selectFrom("series_rooms")
    .selectAll()
    .where("series_id", "=", seriesId)
    .executeTakeFirst();
  if (!link) return undefined;
  const room = await findRoom(db, link.room_id);
  return room ? { link, room } : undefined;
}

/** The series as anyone with its link may see it now. */
export async function publicSeries(db: Kysely<Database>, seriesId: string): Promise<Series> {
  const found = await seriesRoomOf(db, seriesId);
  const delaySeconds = Number(found?.room.spectator_delay_seconds ?? 0);
  if (!found || delaySeconds <= 0) return getSeries(db, null, seriesId);
  const view = await delayedView(db, found.room.id, delaySeconds * 1000);
  if (!view) return getSeries(db, null, seriesId);
  const stored = Number(found.link.game_number);
  const winners = new Map<number, SeriesTeam | null>();
  for (const { body } of view.releasedGameEvents) {
    if (body.kind === "game") winners.set(body.game, body.winner);
  }
  const session = view.snapshot.session;
  // A change within the delay (a result, a new game) must not show through the series' date.
  const live = await getSeries(db, null, seriesId);
  const lastKnown = view.releasedGameEvents.at(-1)?.at;
  const updatedAt =
    Date.parse(live.updated_at) <= view.cutoffMs
      ? null
      : new Date(lastKnown ?? Date.parse(live.created_at)).toISOString();
  const lastGame = view.game ?? stored;
  const asOf: SeriesGamesAsOf = {
    lastGame,
    firstGame: view.firstGame ?? stored,
    winners,
    updatedAt,
    current: {
      number: lastGame,
      status: session.status,
      current_step: session.current_step,
      actions: view.snapshot.actions,
    },
  };
  return getSeries(db, null, seriesId, asOf);
}

/**
 * A session's draft as its public view shows it: as it stood `delay` ago when a live room with a
 * delay plays it or played it (a series game whose room has moved on, or has not reached it yet),
 * null to answer live.
 */
export async function publicDraftDelayed(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ session: DraftSession; actions: DraftAction[] } | null> {
  const game = await seriesGameOfSession(db, sessionId);
  const found = game ? await seriesRoomOf(db, game.series_id) : undefined;
  return delayedPublicDraft(db, sessionId, found?.room.id);
}
