import { buildFormat, type Side } from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { toIso } from "../../db/values.ts";
import type { ScoutingGame } from "./report.ts";
import { dayAfter, type GameFilters } from "./team-index.ts";

/**
 * Reads what the scouting report needs besides the imported games (team-index.ts holds those):
 * the user's finished drafts with a team, and champion names.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The user's finished drafts in which the team played (by team id), as scouting games. A patch
 * filter leaves them out (drafts have no patch); the date range applies to their completion time.
 */
export async function draftGamesOf(
  db: Db,
  userId: number,
  teamId: number,
  filters: GameFilters,
): Promise<ScoutingGame[]> {
  if (filters.patch) return [];
  let query = db
    .selectFrom("draft_sessions")
    .select([
      "id",
      "completed_at",
      "updated_at",
      "blue_team_id",
      "blue_team_name",
      "red_team_name",
      "winner",
      "format",
    ])
    .where("user_id", "=", userId)
    .where("status", "=", "complete")
    .where((eb) => eb.or([eb("blue_team_id", "=", teamId), eb("red_team_id", "=", teamId)]));
  if (filters.from) query = query.where("completed_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("completed_at", "<", `${dayAfter(filters.to)}T00:00:00.000Z`);
  const sessions = await query.execute();
  if (sessions.length === 0) return [];
  const actions = await db
    .selectFrom("draft_actions")
    .select(["session_id", "champion_id", "phase_number", "action_type", "team_side"])
    .where(
      "session_id",
      "in",
      sessions.map((session) => session.id),
    )
    .orderBy("phase_number")
    .execute();
  const bySession = new Map<string, typeof actions>();
  for (const action of actions) {
    const list = bySession.get(action.session_id) ?? [];
    list.push(action);
    bySession.set(action.session_id, list);
  }
  return sessions.map((session) => {
    const side: Side = Number(session.blue_team_id) === teamId ? "BLUE" : "RED";
    const steps = buildFormat(storedFormat(session.format)).steps;
    const picks: ScoutingGame["picks"][number][] = [];
    const bans: ScoutingGame["bans"][number][] = [];
    for (const action of bySession.get(session.id) ?? []) {
      if (action.champion_id === null) continue;
      const step = steps[Number(action.phase_number)];
      const phase = step ? (step.phase <= 2 ? 1 : 2) : null;
      if (action.action_type === "BAN") {
        bans.push({ side: action.team_side, champion_id: Number(action.champion_id), phase });
      } else if (action.team_side === side) {
        picks.push({
          champion_id: Number(action.champion_id),
          position: null,
          player: "",
          order: picks.length + 1,
          phase,
        });
      }
    }
    return {
      source: "draft" as const,
      date: toIso(session.completed_at ?? session.updated_at),
      patch: null,
      side,
      opponent: side === "BLUE" ? session.red_team_name : session.blue_team_name,
      winner: session.winner,
      picks,
      bans,
    };
  });
}

/** Every champion's name by id (the pool is a few hundred rows). */
export async function championNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom("champions").select(["id", "name"]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
