import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toIso, toIsoOrNull } from "../../db/values.ts";
import type { ActionFact, SessionFact } from "./summary.ts";

/** The columns of the drafts module's tables this module reads. */
type DraftReadTables = {
  draft_sessions: {
    id: string;
    user_id: number;
    workspace_id: string | null;
    winner: string | null;
    created_at: string;
    completed_at: string | null;
  };
  draft_actions: {
    session_id: string;
    champion_id: number | null;
    phase_number: number;
    action_type: string;
    created_at: string;
  };
};

/**
 * Whose sessions the figures are about: a workspace's (every member's), or a user's personal ones
 * (outside any workspace), the same sets the sessions list shows for each space.
 */
export type AnalyticsScope = { workspaceId: string } | { userId: number };

/** The scope's sessions created or completed since `since` (ISO). */
export async function sessionFacts(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  since: string,
): Promise<SessionFact[]> {
  const sessions = db.withTables<DraftReadTables>().selectFrom("draft_sessions");
  const rows = await ("workspaceId" in scope
    ? sessions.where("workspace_id", "=", scope.workspaceId)
    : sessions.where("user_id", "=", scope.userId).where("workspace_id", "is", null)
  )
    .select(["created_at", "completed_at", "winner"])
    .where((eb) => eb.or([eb("created_at", ">=", since), eb("completed_at", ">=", since)]))
    .execute();
  return rows.map((row) => ({
    created_at: toIso(row.created_at),
    completed_at: toIsoOrNull(row.completed_at),
    winner: row.winner === "BLUE" || row.winner === "RED" ? row.winner : null,
  }));
}

/** Every action of the scope's sessions created since `since`. */
export async function actionFacts(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  since: string,
): Promise<ActionFact[]> {
  const actions = db
    .withTables<DraftReadTables>()
    .selectFrom("draft_actions as a")
    .innerJoin("draft_sessions as s", "s.id", "a.session_id");
  const rows = await ("workspaceId" in scope
    ? actions.where("s.workspace_id", "=", scope.workspaceId)
    : actions.where("s.user_id", "=", scope.userId).where("s.workspace_id", "is", null)
  )
    .select(["a.session_id", "a.champion_id", "a.phase_number", "a.action_type"])
    .where("s.created_at", ">=", since)
    .execute();
  return rows.map((row) => ({
    session_id: row.session_id,
    champion_id: row.champion_id === null ? null : Number(row.champion_id),
    phase_number: Number(row.phase_number),
    action_type: row.action_type === "PICK" ? "PICK" : "BAN",
  }));
}

export async function championNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("champions").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
