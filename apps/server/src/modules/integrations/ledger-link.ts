import type { ScrimResultBody } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * What the integrations read of the scrim ledger and how they file into it (decision 057). The
 * scrims module owns the ledger and fills this interface at start (app.ts, decision 039), so this
 * module imports nothing of it and reads none of its tables.
 */

export interface LedgerGame {
  readonly id: string;
  readonly number: number;
  readonly roomId: string | null;
  readonly sessionId: string | null;
  readonly ourSide: "BLUE" | "RED" | null;
  readonly status: string;
  readonly winner: "us" | "them" | null;
  /** "typed", "imported" or null (no result yet). */
  readonly resultSource: string | null;
  readonly resultProvider: string | null;
}

export interface LedgerScrim {
  readonly id: string;
  readonly workspaceId: string;
  /** The staff's title, or (untitled) the ledger's English default "Scrim vs <opponent>". */
  readonly title: string;
  /** No title was given: a post names the scrim in its own language (from kind and opponent). */
  readonly untitled: boolean;
  readonly kind: "scrim" | "official";
  readonly status: "planned" | "confirmed" | "played" | "cancelled";
  readonly startsAt: string;
  readonly timeZone: string;
  readonly opponentName: string;
  readonly games: readonly LedgerGame[];
}

/** `filed`: the game had no result and now has this one; `kept`: it had one, left as it was. */
export type LedgerFileOutcome = "filed" | "kept" | "missing";

export interface ScrimLedger {
  /** A scrim with its games (undefined: no such scrim). */
  scrim(db: Kysely<Database>, scrimId: string): Promise<LedgerScrim | undefined>;
  /**
   * Files an imported result into game `gameNumber` of a workspace's scrim, once: a game that has
   * a result keeps it (a mismatch is shown, never merged). Recorded with `provider` as its source.
   */
  file(
    db: Kysely<Database>,
    game: {
      workspaceId: string;
      scrimId: string;
      gameNumber: number;
      result: ScrimResultBody;
      provider: string;
      matchId: string;
    },
  ): Promise<LedgerFileOutcome>;
}

let ledger: ScrimLedger | undefined;

/** The scrim ledger plugs in here (app.ts); without it a filed result stays on the code. */
export function registerScrimLedger(next: ScrimLedger | undefined): void {
  ledger = next;
}

export function scrimLedger(): ScrimLedger | undefined {
  return ledger;
}
