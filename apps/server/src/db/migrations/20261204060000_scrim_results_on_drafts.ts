import { type Kysely, sql } from "kysely";

/**
 * The results a team typed before a scrim game's result was carried onto its draft (decision
 * 083): every complete draft of a played scrim game with a winner records the side that won, and
 * a fearless scrim's series game its winning team, where none is recorded yet. A data step, run
 * again without harm; down leaves the winners, which say what the ledger says.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const games = await db
    .selectFrom("scrim_games as g")
    .innerJoin("draft_sessions as s", "s.id", "g.session_id")
    .select(["g.session_id as session_id", "g.winner as winner", "g.our_side as our_side"])
    .where("g.status", "=", "played")
    .where("g.winner", "is not", null)
    .where("g.our_side", "is not", null)
    .where("s.status", "=", "complete")
    .where("s.winner", "is", null)
    .execute();
  for (const game of games as { session_id: string; winner: "us" | "them"; our_side: "BLUE" | "RED" }[]) {
    const blueWon = (game.winner === "us") === (game.our_side === "BLUE");
    await db
      .updateTable("draft_sessions")
      .set({ winner: blueWon ? "BLUE" : "RED" })
      .where("id", "=", game.session_id)
      .execute();
    await db
      .updateTable("series_games")
      .set({ winner: blueWon ? sql`blue_team` : sql`case blue_team when 'A' then 'B' else 'A' end` })
      .where("session_id", "=", game.session_id)
      .where("winner", "is", null)
      .execute();
  }
}

export async function down(): Promise<void> {}
