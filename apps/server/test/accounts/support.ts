import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.ts";
import { nowIso } from "../../src/db/values.ts";

/** Rows written straight into the drafts tables, for the usage and analytics tests. */

type DraftTables = {
  draft_sessions: {
    id: string;
    user_id: number;
    title: string;
    blue_team_name: string;
    red_team_name: string;
    status: string;
    winner: string | null;
    created_at: string;
    updated_at: string;
    completed_at: string | null;
  };
  draft_actions: {
    session_id: string;
    champion_id: number | null;
    phase_number: number;
    action_type: string;
    team_side: string;
    is_auto: boolean;
    created_at: string;
  };
};

/** Inserts a draft session row straight into the drafts module's table (for usage and analytics tests). */
export async function insertSession(
  db: Kysely<Database>,
  userId: number,
  values: { created_at?: string; completed_at?: string | null; winner?: "BLUE" | "RED" | null } = {},
): Promise<string> {
  const id = randomUUID();
  const created = values.created_at ?? nowIso();
  await db
    .withTables<DraftTables>()
    .insertInto("draft_sessions")
    .values({
      id,
      user_id: userId,
      title: "Scrim",
      blue_team_name: "Blue Team",
      red_team_name: "Red Team",
      status: values.completed_at ? "complete" : "in_progress",
      winner: values.winner ?? null,
      created_at: created,
      updated_at: created,
      completed_at: values.completed_at ?? null,
    })
    .execute();
  return id;
}

export async function insertAction(
  db: Kysely<Database>,
  sessionId: string,
  action: {
    champion_id: number | null;
    phase_number: number;
    action_type: "BAN" | "PICK";
    team_side: "BLUE" | "RED";
  },
  createdAt = nowIso(),
) {
  await db
    .withTables<DraftTables>()
    .insertInto("draft_actions")
    .values({ ...action, session_id: sessionId, is_auto: action.champion_id === null, created_at: createdAt })
    .execute();
}
