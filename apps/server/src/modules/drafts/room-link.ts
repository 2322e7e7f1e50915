import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { publicDraftDelayed } from "../rooms/series/public.ts";
import type { runRoomCommand } from "../rooms/service.ts";

type RoomCommandArgs = Parameters<typeof runRoomCommand>;

/**
 * What drafts must ask of live rooms: the owner's REST steps run as room commands, and a public
 * draft under a live room's spectator delay shows what the room showed then.
 *
 * Why a registration and not an import (decision records 025, 039): rooms sit above drafts (a
 * room reads and writes its session through the drafts service), so drafts importing rooms back
 * made the two one loop at module level. The app registers the rooms side once at start (app.ts),
 * as it does for series (series-link.ts).
 */
export interface DraftRooms {
  /** Runs a step of the session's owner as its solo room's organiser. */
  ownerCommand(
    db: Kysely<Database>,
    target: { readonly sessionId: string; readonly userId: number },
    command: RoomCommandArgs[3],
    options?: RoomCommandArgs[4],
  ): ReturnType<typeof runRoomCommand>;
  /** The draft as its public view shows it under a live room's delay; null answers live. */
  publicDelayed: typeof publicDraftDelayed;
}

let registered: DraftRooms | undefined;

export function registerDraftRooms(rooms: DraftRooms): void {
  registered = rooms;
}

/** The registered rooms side. Throws when none is: an owner's step must not bypass the room. */
export function draftRooms(): DraftRooms {
  if (!registered)
    throw new Error("No rooms registered for drafts: call registerDraftRooms at start (app.ts).");
  return registered;
}
