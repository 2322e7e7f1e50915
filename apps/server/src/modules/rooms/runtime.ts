import type { RoomClock, RoomEvent, RoomSeriesInfo } from "@draftroom/contracts";
import type { RoomRecord, RoomState } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** What a committed room command tells the process that ran it. */
export interface RoomCommit {
  readonly roomId: string;
  readonly sessionId: string;
  /** The room's seq after the commit. */
  readonly seq: number;
  readonly events: readonly RoomEvent[];
  readonly record: RoomRecord;
  readonly clock: RoomClock;
  /** True when draft_actions changed. */
  readonly actionsChanged: boolean;
  /** The room's folded state after the commit, when the command had it (the hub keeps it). */
  readonly state?: RoomState;
  /** Without `state`: true when the events leave the folded state as it was (seat, delay). */
  readonly foldUnchanged?: boolean;
}

/**
 * Whatever must happen after every committed room command, whichever path ran it (REST,
 * WebSocket, timer, sweeper): fan-out, timers, cache invalidation. The server's room hub
 * registers itself here for its database; without one (the CLI) commits just commit.
 */
export interface RoomRuntime {
  committed(commit: RoomCommit): void;
}

const runtimes = new WeakMap<object, RoomRuntime>();

export function registerRoomRuntime(db: Kysely<Database>, runtime: RoomRuntime): void {
  runtimes.set(db, runtime);
}

export function roomRuntime(db: Kysely<Database>): RoomRuntime | undefined {
  return runtimes.get(db);
}

/**
 * The series part of a room's snapshot comes from rooms/series, which sits above this
 * one (it reads series through their service, which reads drafts, which run room commands): the
 * app registers it at start instead of this module importing it, so no import goes back up.
 */
export type RoomSeriesInfoSource = (db: Kysely<Database>, roomId: string) => Promise<RoomSeriesInfo | null>;

let seriesInfoSource: RoomSeriesInfoSource = async () => null;

export function registerRoomSeriesInfo(source: RoomSeriesInfoSource): void {
  seriesInfoSource = source;
}

export function roomSeriesInfo(db: Kysely<Database>, roomId: string): Promise<RoomSeriesInfo | null> {
  return seriesInfoSource(db, roomId);
}
