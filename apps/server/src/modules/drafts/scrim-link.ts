import type { Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * What the drafts service must tell the scrim ledger: a winner recorded on a draft's own page.
 * A scrim game's result lives in the ledger (decision 050) and reaches its draft from there
 * (decision 083); a winner chosen on the draft's page goes the other way, so the two agree
 * whichever page the staff used.
 *
 * Why a registration and not an import (decision records 025, 039): the scrims module sits above
 * drafts (it creates and reads its games' sessions through the drafts service), so drafts importing
 * scrims back would close a loop. The app registers the ledger's side once at start (app.ts).
 */
export interface DraftScrims {
  /**
   * Before a winner is stored on a session: the scrim game that drafted it (if any) takes it as its
   * result. May refuse with an AppError, and then nothing is stored.
   */
  winnerChosen(db: Kysely<Database>, userId: number, sessionId: string, winner: Side | null): Promise<void>;
}

let registered: DraftScrims | undefined;

export function registerDraftScrims(scrims: DraftScrims): void {
  registered = scrims;
}

/** The registered ledger side. Throws when none is: a scrim's result would silently disagree. */
export function draftScrims(): DraftScrims {
  if (!registered)
    throw new Error("No scrim ledger registered for drafts: call registerDraftScrims at start (app.ts).");
  return registered;
}
