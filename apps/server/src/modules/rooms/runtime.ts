import type { RoomClock, RoomEvent } from "@draftroom/contracts";
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
