import type { publicSeries } from "../rooms/series/public.ts";

/**
 * What series must ask of their live room: the public view under the room's spectator delay.
 * A series room reads its series through the series service, so series importing rooms back made
 * the two one loop at module level (decision record 039); the app registers the room side once at
 * start (app.ts), and a game's changes reach the room as `series.games_changed` on the event bus.
 */
export interface SeriesRooms {
  /** The series as anyone with its link may see it now (as it stood `delay` ago in a delayed room). */
  publicView: typeof publicSeries;
}

let registered: SeriesRooms | undefined;

export function registerSeriesRooms(rooms: SeriesRooms): void {
  registered = rooms;
}

/** The registered room side. Throws when none is: a delayed room's public view must not go live. */
export function seriesRooms(): SeriesRooms {
  if (!registered)
    throw new Error("No rooms registered for series: call registerSeriesRooms at start (app.ts).");
  return registered;
}
