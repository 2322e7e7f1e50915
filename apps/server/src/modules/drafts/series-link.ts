import type { Side } from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Why a champion is locked for a side, as the 409 names it. */
export interface LockExplanation {
  readonly detail: string;
  readonly game: number | null;
}

/** The champions a series game's earlier games lock, for both sides and per side, and why. */
export interface SeriesLocks {
  readonly locked: readonly number[];
  readonly sideLocked: Readonly<Record<Side, readonly number[]>>;
  readonly explain: (championId: number, side: Side) => LockExplanation | null;
}

/**
 * What the drafts service must know of series: a series game's fearless locks, and that a
 * winner recorded on a game's session is the game's result.
 *
 * Why a registration and not an import (decision record 025): series sit above drafts (the series
 * service creates its games' sessions and records their winners through the drafts service), so
 * the drafts service importing the series service closed an import cycle. The app registers the
 * series side once at start (app.ts), as rooms/runtime.ts does for a room's series info.
 */
export interface DraftSeries {
  /** The locks of a session that is a series game; null for a standalone session. */
  locksFor(db: Db, sessionId: string): Promise<SeriesLocks | null>;
  /** A winner was recorded on a session: a series game's result follows (no-op otherwise). */
  winnerRecorded(db: Db, sessionId: string, winner: Side | null): Promise<void>;
}

let registered: DraftSeries | undefined;

export function registerDraftSeries(series: DraftSeries): void {
  registered = series;
}

/**
 * The registered series side. Throws when none is: a draft that silently ignored its series'
 * locks would accept champions the rules forbid.
 */
export function draftSeries(): DraftSeries {
  if (!registered)
    throw new Error("No series registered for drafts: call registerDraftSeries at start (app.ts).");
  return registered;
}
