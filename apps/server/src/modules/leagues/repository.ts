import type { League, PriorityEntry, Team } from "@draftroom/contracts";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { insertUnderRandomId } from "../../db/random-row-id.ts";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toBool, toIsoOrNull, toJson } from "../../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who is looking: a user (null: anonymous) and the workspaces where they are an active member.
 * They see the seeded and imported rows (no owner), their own, and those of their workspaces.
 */
export interface Viewer {
  userId: number | null;
  workspaceIds: readonly string[];
}

function visibleTo<T extends "leagues" | "teams">(table: T, viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, T>) => {
    // biome-ignore lint/suspicious/noExplicitAny: the columns exist on both tables.
    const column = (name: string) => eb.ref(`${table}.${name}` as any);
    const owner = column("owner_user_id");
    if (viewer.userId === null) return eb(owner, "is", null);
    const mine = [eb(owner, "is", null), eb(owner, "=", viewer.userId)];
    if (viewer.workspaceIds.length > 0) mine.push(eb(column("workspace_id"), "in", [...viewer.workspaceIds]));
    return eb.or(mine);
  };
}

interface LeagueRow {
  id: number;
  name: string;
  short_name: string;
  region: string;
  is_custom: unknown;
  workspace_id: string | null;
  imported_games: unknown;
}

interface TeamRow {
  id: number;
  name: string;
  short_name: string;
  league_id: number;
  is_custom: unknown;
  workspace_id: string | null;
  imported_games: unknown;
}

function toLeague(row: LeagueRow): League {
  return {
    id: Number(row.id),
    name: row.name,
    short_name: row.short_name,
    region: row.region,
    is_custom: toBool(row.is_custom),
    workspace_id: row.workspace_id,
    games: Number(row.imported_games ?? 0),
  };
}

function toTeam(row: TeamRow): Team {
  return {
    id: Number(row.id),
    name: row.name,
    short_name: row.short_name,
    league_id: Number(row.league_id),
    is_custom: toBool(row.is_custom),
    workspace_id: row.workspace_id,
    games: Number(row.imported_games ?? 0),
  };
}

const LEAGUE_COLUMNS = [
  "id",
  "name",
  "short_name",
  "region",
  "is_custom",
  "workspace_id",
  "imported_games",
] as const;
const TEAM_COLUMNS = [
  "id",
  "name",
  "short_name",
  "league_id",
  "is_custom",
  "workspace_id",
  "imported_games",
] as const;

export async function listLeagues(db: Db, viewer: Viewer): Promise<League[]> {
  const rows = await db
    .selectFrom("leagues")
    .select(LEAGUE_COLUMNS)
    .where(visibleTo("leagues", viewer))
    .orderBy("is_custom")
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toLeague);
}

export async function findLeague(db: Db, viewer: Viewer, id: number): Promise<League | undefined> {
  const row = await db
    .selectFrom("leagues")
    .select(LEAGUE_COLUMNS)
    .where("id", "=", id)
    .where(visibleTo("leagues", viewer))
    .executeTakeFirst();
  return row ? toLeague(row) : undefined;
}

export async function insertLeague(
  db: Db,
  userId: number,
  values: { name: string; short_name: string; region: string; workspace_id: string | null },
): Promise<League> {
  const row = await insertUnderRandomId((id) =>
    db
      .insertInto("leagues")
      .values({ ...values, id, is_custom: true, owner_user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning(LEAGUE_COLUMNS)
      .executeTakeFirst(),
  );
  return toLeague(row);
}

export async function listTeams(db: Db, viewer: Viewer, leagueId?: number): Promise<Team[]> {
  let query = db.selectFrom("teams").select(TEAM_COLUMNS).where(visibleTo("teams", viewer));
  if (leagueId !== undefined) query = query.where("league_id", "=", leagueId);
  const rows = await query.orderBy("is_custom").orderBy("name").orderBy("id").execute();
  return rows.map(toTeam);
}

export async function findTeam(db: Db, viewer: Viewer, id: number): Promise<Team | undefined> {
  const row = await db
    .selectFrom("teams")
    .select(TEAM_COLUMNS)
    .where("id", "=", id)
    .where(visibleTo("teams", viewer))
    .executeTakeFirst();
  return row ? toTeam(row) : undefined;
}

/** The visible teams among `ids` (one query for a session's two teams). */
export async function findTeams(db: Db, viewer: Viewer, ids: readonly number[]): Promise<Team[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("teams")
    .select(TEAM_COLUMNS)
    .where("id", "in", [...ids])
    .where(visibleTo("teams", viewer))
    .execute();
  return rows.map(toTeam);
}

export async function insertTeam(
  db: Db,
  userId: number,
  values: { league_id: number; name: string; short_name: string; workspace_id: string | null },
): Promise<Team> {
  const row = await insertUnderRandomId((id) =>
    db
      .insertInto("teams")
      .values({ ...values, id, is_custom: true, owner_user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning(TEAM_COLUMNS)
      .executeTakeFirst(),
  );
  return toTeam(row);
}

// ---- team priorities -----------------------------------------------------------------------

export interface PriorityRow extends PriorityEntry {
  note: string;
  champion_name: string;
  champion_key: string;
  icon_url: string;
}

export async function listPriorities(
  db: Db,
  userId: number,
  teamId: number,
): Promise<{ priorities: PriorityRow[]; updated_at: string | null }> {
  const rows = await db
    .selectFrom("team_priorities as p")
    .innerJoin("champions as c", "c.id", "p.champion_id")
    .select([
      "p.champion_id",
      "p.tier",
      "p.positions",
      "p.note",
      "p.updated_at",
      "c.name as champion_name",
      "c.champion_key",
      "c.icon_url",
    ])
    .where("p.user_id", "=", userId)
    .where("p.team_id", "=", teamId)
    .orderBy("p.sort_order")
    .execute();
  let updatedAt: string | null = null;
  const priorities = rows.map((row) => {
    const at = toIsoOrNull(row.updated_at);
    if (at !== null && (updatedAt === null || at > updatedAt)) updatedAt = at;
    return {
      champion_id: Number(row.champion_id),
      tier: row.tier,
      positions: fromJson<PriorityEntry["positions"]>(row.positions),
      note: row.note,
      champion_name: row.champion_name,
      champion_key: row.champion_key,
      icon_url: row.icon_url,
    };
  });
  return { priorities, updated_at: updatedAt };
}

/** Priorities of several teams at once, keyed by team id (recommendations read both sides). */
export async function prioritiesByTeam(
  db: Db,
  userId: number,
  teamIds: readonly number[],
): Promise<Map<number, PriorityEntry[]>> {
  const map = new Map<number, PriorityEntry[]>();
  if (teamIds.length === 0) return map;
  const rows = await db
    .selectFrom("team_priorities")
    .select(["team_id", "champion_id", "tier", "positions", "note"])
    .where("user_id", "=", userId)
    .where("team_id", "in", [...teamIds])
    .orderBy("sort_order")
    .execute();
  for (const row of rows) {
    const list = map.get(Number(row.team_id)) ?? [];
    list.push({
      champion_id: Number(row.champion_id),
      tier: row.tier,
      positions: fromJson<PriorityEntry["positions"]>(row.positions),
      note: row.note,
    });
    map.set(Number(row.team_id), list);
  }
  return map;
}

/** Replaces the user's priorities for a team (call inside a transaction). */
export async function replacePriorities(
  db: Db,
  userId: number,
  teamId: number,
  entries: readonly PriorityEntry[],
): Promise<void> {
  await db
    .deleteFrom("team_priorities")
    .where("user_id", "=", userId)
    .where("team_id", "=", teamId)
    .execute();
  if (entries.length === 0) return;
  const now = nowIso();
  await db
    .insertInto("team_priorities")
    .values(
      entries.map((entry, index) => ({
        user_id: userId,
        team_id: teamId,
        champion_id: entry.champion_id,
        tier: entry.tier,
        positions: toJson(entry.positions),
        note: entry.note,
        sort_order: index,
        updated_at: now,
      })),
    )
    .execute();
}

export async function existingChampionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("champions")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}
