import type { DraftAction, DraftSession } from "@draftroom/contracts";
import { PAGE_SIZE } from "@draftroom/contracts";
import { type DraftState, describeDraft } from "@draftroom/draft";
import { type CompiledQuery, type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { prepareOnPostgres } from "../../db/index.ts";
import { insertUnderRandomId } from "../../db/random-row-id.ts";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { dialectOf, nowIso, toBool, toCount, toIso } from "../../db/values.ts";
import { cachedOwnership, sessionOwnershipChanged } from "./ownership-cache.ts";
import type { DraftActionsTable, DraftSessionsTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Lower-case, accent-free text: "Señor Élite" and "senor elite" search alike. */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

// ---- sessions ------------------------------------------------------------------------------

function sessionSelect(db: Db) {
  return db
    .selectFrom("draft_sessions as s")
    .leftJoin("leagues as l", "l.id", "s.league_id")
    .leftJoin("teams as bt", "bt.id", "s.blue_team_id")
    .leftJoin("teams as rt", "rt.id", "s.red_team_id")
    .leftJoin("series_games as g", "g.session_id", "s.id")
    .leftJoin("series as sr", "sr.id", "g.series_id")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.league_id",
      "l.name as league_name",
      "s.blue_team_id",
      "bt.name as blue_team_ref_name",
      "s.red_team_id",
      "rt.name as red_team_ref_name",
      "s.blue_team_name",
      "s.red_team_name",
      "s.ban_timer",
      "s.pick_timer",
      "s.auto_advance",
      "s.timed",
      "s.format",
      "g.number as series_game",
      "sr.id as series_id",
      "sr.title as series_title",
      "s.current_phase",
      "s.current_step",
      "s.status",
      "s.winner",
      "s.created_at",
      "s.updated_at",
    ]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionSelect>["executeTakeFirstOrThrow"]>>;

const ref = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id: Number(id), name };

export function toSession(row: SessionRow): DraftSession {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    league: ref(row.league_id, row.league_name),
    blue_team: ref(row.blue_team_id, row.blue_team_ref_name),
    red_team: ref(row.red_team_id, row.red_team_ref_name),
    blue_team_name: row.blue_team_name,
    red_team_name: row.red_team_name,
    settings: {
      ban_timer: Number(row.ban_timer),
      pick_timer: Number(row.pick_timer),
      auto_advance: toBool(row.auto_advance),
      timed: toBool(row.timed),
    },
    format: storedFormat(row.format),
    series:
      row.series_id === null || row.series_title === null
        ? null
        : { id: row.series_id, title: row.series_title, game_number: Number(row.series_game) },
    current_phase: Number(row.current_phase),
    current_step: Number(row.current_step),
    status: row.status,
    winner: row.winner,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export interface SessionFilters {
  page: number;
  league?: number | undefined;
  team?: number | undefined;
  search?: string | undefined;
  /** A workspace's sessions (access checked by the caller); absent: the user's personal ones. */
  workspace?: string | undefined;
}

/** Escapes LIKE wildcards; the pattern uses `\` as its escape character on both dialects. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listSessions(
  db: Db,
  userId: number,
  filters: SessionFilters,
): Promise<{ count: number; results: DraftSession[] }> {
  let base =
    filters.workspace === undefined
      ? db
          .selectFrom("draft_sessions as s")
          .where("s.user_id", "=", userId)
          .where("s.workspace_id", "is", null)
      : db.selectFrom("draft_sessions as s").where("s.workspace_id", "=", filters.workspace);
  if (filters.league !== undefined) base = base.where("s.league_id", "=", filters.league);
  if (filters.team !== undefined) {
    const team = filters.team;
    base = base.where((eb) => eb.or([eb("s.blue_team_id", "=", team), eb("s.red_team_id", "=", team)]));
  }
  const words = searchKey(filters.search ?? "")
    .split(" ")
    .filter(Boolean);
  for (const word of words) {
    base = base.where(sql<boolean>`${sql.ref("s.search_text")} like ${likePattern(word)} escape '\\'`);
  }
  const counted = await base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  const count = toCount(counted?.count);
  if (count === 0) return { count, results: [] };
  const ids = await base
    .select("s.id")
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE)
    .execute();
  if (ids.length === 0) return { count, results: [] };
  const rows = await sessionSelect(db)
    .where(
      "s.id",
      "in",
      ids.map((row) => row.id),
    )
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return { count, results: rows.map(toSession) };
}

/** The session if it exists and belongs to the user (`userId: null` = any owner, the public view). */
export async function findSession(
  db: Db,
  userId: number | null,
  id: string,
): Promise<DraftSession | undefined> {
  let query = sessionSelect(db).where("s.id", "=", id);
  if (userId !== null) query = query.where("s.user_id", "=", userId);
  const row = await query.executeTakeFirst();
  return row ? toSession(row) : undefined;
}

export type SessionStored = Selectable<DraftSessionsTable>;

/** The raw stored row (ids, names), owner-checked. */
export async function findSessionRow(db: Db, userId: number, id: string): Promise<SessionStored | undefined> {
  return db
    .selectFrom("draft_sessions")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export type SessionInsert = Omit<
  SessionStored,
  | "created_at"
  | "updated_at"
  | "completed_at"
  | "current_phase"
  | "current_step"
  | "status"
  | "winner"
  | "timed"
> &
  Partial<Pick<SessionStored, "timed">>;

export async function insertSession(db: Db, values: SessionInsert): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("draft_sessions")
    .values({
      ...values,
      current_phase: 1,
      current_step: 0,
      status: "in_progress",
      winner: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    })
    .execute();
}

export async function updateSessionRow(
  db: Db,
  userId: number,
  id: string,
  values: Partial<Omit<SessionStored, "id" | "user_id" | "created_at">>,
): Promise<boolean> {
  const result = await db
    .updateTable("draft_sessions")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSession(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("draft_sessions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  sessionOwnershipChanged([id]);
  return Number(result.numDeletedRows) > 0;
}

/**
 * First statement of every action write: touches the session (owner-checked) and returns its
 * draft columns. On PostgreSQL the UPDATE holds the row lock until commit, so writes to one
 * session's actions run one after another; SQLite transactions are serialised anyway.
 */
export async function lockSession(
  trx: Transaction<Database>,
  userId: number,
  id: string,
): Promise<Pick<SessionStored, "id" | "status" | "winner" | "format"> | undefined> {
  return trx
    .updateTable("draft_sessions")
    .set({ updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(["id", "status", "winner", "format"])
    .executeTakeFirst();
}

// ---- actions -------------------------------------------------------------------------------

interface ActionJoinRow {
  id: number | null;
  champion_id: number | null;
  phase_number: number | null;
  action_type: DraftActionsTable["action_type"] | null;
  team_side: DraftActionsTable["team_side"] | null;
  is_auto: unknown;
  created_at: unknown;
  champion_name: string | null;
  champion_key: string | null;
  icon_url: string | null;
}

function toAction(row: ActionJoinRow): DraftAction {
  const championId = row.champion_id === null ? null : Number(row.champion_id);
  return {
    id: Number(row.id),
    champion:
      championId === null || row.champion_name === null
        ? null
        : {
            id: championId,
            name: row.champion_name,
            champion_key: row.champion_key ?? "",
            icon_url: row.icon_url ?? "",
          },
    champion_id: championId,
    phase_number: Number(row.phase_number),
    action_type: row.action_type!,
    team_side: row.team_side!,
    is_auto: toBool(row.is_auto),
    created_at: toIso(row.created_at),
  };
}

/** The columns of an action row with its champion, shared by every actions read. */
const ACTION_COLUMNS = [
  "a.id",
  "a.champion_id",
  "a.phase_number",
  "a.action_type",
  "a.team_side",
  "a.is_auto",
  "a.created_at",
  "c.name as champion_name",
  "c.champion_key",
  "c.icon_url",
] as const;

function actionSelect(db: Db) {
  return db
    .selectFrom("draft_actions as a")
    .leftJoin("champions as c", "c.id", "a.champion_id")
    .select(ACTION_COLUMNS);
}

function ownedActionsQuery(db: Db, sessionId: string, userId: number | null) {
  let query = db
    .selectFrom("draft_sessions as s")
    .leftJoin("draft_actions as a", "a.session_id", "s.id")
    .leftJoin("champions as c", "c.id", "a.champion_id")
    .select(ACTION_COLUMNS)
    .where("s.id", "=", sessionId);
  if (userId !== null) query = query.where("s.user_id", "=", userId);
  return query.orderBy("a.phase_number");
}

const SESSION_SENTINEL = "\u0001session";
const USER_SENTINEL = -1_987_654_321;

interface Prepared {
  compiled: CompiledQuery<ActionJoinRow>;
  sessionIndex: number;
  userIndex: number;
}

/** Compiled once per database and variant: the hot read skips Kysely's per-request compilation. */
const preparedReads = new WeakMap<object, { owned?: Prepared; public?: Prepared }>();

function preparedRead(db: Db, owned: boolean): Prepared {
  let entry = preparedReads.get(db);
  if (!entry) {
    entry = {};
    preparedReads.set(db, entry);
  }
  const key = owned ? "owned" : "public";
  let prepared = entry[key];
  if (!prepared) {
    const compiled = ownedActionsQuery(db, SESSION_SENTINEL, owned ? USER_SENTINEL : null).compile();
    if (dialectOf(db) === "postgres") prepareOnPostgres(compiled.sql);
    prepared = {
      compiled: compiled as CompiledQuery<ActionJoinRow>,
      sessionIndex: compiled.parameters.indexOf(SESSION_SENTINEL),
      userIndex: compiled.parameters.indexOf(USER_SENTINEL),
    };
    entry[key] = prepared;
  }
  return prepared;
}

/**
 * The hot read: a session's actions in step order, owner-checked, in ONE indexed query
 * (session by primary key, actions by the (session_id, phase_number) unique index), compiled
 * once. Undefined when the session does not exist or is not the user's (`userId: null` = any
 * owner, for the public view).
 */
export async function listActionsOwned(
  db: Db,
  userId: number | null,
  sessionId: string,
): Promise<DraftAction[] | undefined> {
  const { compiled, sessionIndex, userIndex } = preparedRead(db, userId !== null);
  const parameters = [...compiled.parameters];
  parameters[sessionIndex] = sessionId;
  if (userId !== null) parameters[userIndex] = userId;
  const { rows } = await db.executeQuery<ActionJoinRow>({ ...compiled, parameters });
  if (rows.length === 0) return undefined;
  const actions: DraftAction[] = [];
  for (const row of rows) if (row.id !== null) actions.push(toAction(row));
  return actions;
}

/** A session's actions in step order (no owner check: call after one). */
export async function listActions(db: Db, sessionId: string): Promise<DraftAction[]> {
  const rows = await actionSelect(db)
    .where("a.session_id", "=", sessionId)
    .orderBy("a.phase_number")
    .execute();
  return rows.map(toAction);
}

/** Several sessions' actions in step order, by session (bounded `in` lists; no owner check). */
export async function listActionsOfSessions(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, DraftAction[]>> {
  const bySession = new Map<string, DraftAction[]>(sessionIds.map((id) => [id, []]));
  for (let i = 0; i < sessionIds.length; i += 500) {
    const rows = await actionSelect(db)
      .select("a.session_id")
      .where("a.session_id", "in", sessionIds.slice(i, i + 500))
      .orderBy("a.session_id")
      .orderBy("a.phase_number")
      .execute();
    for (const row of rows) bySession.get(String(row.session_id))?.push(toAction(row));
  }
  return bySession;
}

export async function findAction(
  db: Db,
  sessionId: string,
  actionId: number,
): Promise<DraftAction | undefined> {
  const row = await actionSelect(db)
    .where("a.session_id", "=", sessionId)
    .where("a.id", "=", actionId)
    .executeTakeFirst();
  return row ? toAction(row) : undefined;
}

export async function insertAction(
  db: Db,
  values: {
    session_id: string;
    champion_id: number | null;
    phase_number: number;
    action_type: "BAN" | "PICK";
    team_side: "BLUE" | "RED";
    is_auto: boolean;
  },
): Promise<{ id: number; created_at: string }> {
  // A random id: the session's actions list shows it, and a sequential one counted every draft's
  // steps platform-wide (decision 041, fourth round).
  const row = await insertUnderRandomId((id) =>
    db
      .insertInto("draft_actions")
      .values({ ...values, id, created_at: nowIso() })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning(["id", "created_at"])
      .executeTakeFirst(),
  );
  return { id: Number(row.id), created_at: toIso(row.created_at) };
}

export async function setActionChampion(db: Db, actionId: number, championId: number): Promise<void> {
  await db
    .updateTable("draft_actions")
    .set({ champion_id: championId, is_auto: false })
    .where("id", "=", actionId)
    .execute();
}

/** Removes the step and every later one. */
export async function deleteActionsFrom(db: Db, sessionId: string, phaseNumber: number): Promise<void> {
  await db
    .deleteFrom("draft_actions")
    .where("session_id", "=", sessionId)
    .where("phase_number", ">=", phaseNumber)
    .execute();
}

/** Stores what the engine derived from the actions. */
export async function storeDerived(
  db: Db,
  sessionId: string,
  derived: {
    current_phase: number;
    current_step: number;
    status: "in_progress" | "complete";
    completed_at?: string | null;
    winner?: "BLUE" | "RED" | null;
  },
): Promise<void> {
  await db
    .updateTable("draft_sessions")
    .set({ ...derived, updated_at: nowIso() })
    .where("id", "=", sessionId)
    .execute();
}

/** Sets a session's winning side (series games: the series decides it). */
export async function storeWinner(db: Db, sessionId: string, winner: "BLUE" | "RED" | null): Promise<void> {
  await db
    .updateTable("draft_sessions")
    .set({ winner, updated_at: nowIso() })
    .where("id", "=", sessionId)
    .execute();
}

/**
 * Stores what the engine derives from a draft state: phase, step, status; the completion time is
 * kept while the draft stays complete, and a reopened draft loses its result.
 */
export async function storeDraftState(
  db: Db,
  sessionId: string,
  state: DraftState,
  wasComplete: boolean,
): Promise<void> {
  const summary = describeDraft(state);
  const complete = summary.status === "complete";
  await storeDerived(db, sessionId, {
    current_phase: summary.current_phase,
    current_step: summary.current_step,
    status: summary.status,
    ...(complete ? (wasComplete ? {} : { completed_at: nowIso() }) : { completed_at: null, winner: null }),
  });
}

/** The account a session belongs to (its priorities, teams and results advise its rooms' captains). */
export async function findSessionOwner(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom("draft_sessions").select("user_id").where("id", "=", id).executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** Who created a session and which workspace holds it (undefined when it does not exist). */
export async function findSessionOwnership(
  db: Db,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null } | undefined> {
  // Asked before every request on a session (the workspace access check): cached per process.
  return cachedOwnership(db, id, async () => {
    const row = await db
      .selectFrom("draft_sessions")
      .select(["user_id", "workspace_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { user_id: Number(row.user_id), workspace_id: row.workspace_id } : undefined;
  });
}

/** A session's workspace and teams (for the roster's player names on its overlay and image). */
export async function findSessionTeams(
  db: Db,
  id: string,
): Promise<
  | {
      workspace_id: string | null;
      blue_team_id: number | null;
      red_team_id: number | null;
      blue_team_name: string;
      red_team_name: string;
    }
  | undefined
> {
  const row = await db
    .selectFrom("draft_sessions")
    .select(["workspace_id", "blue_team_id", "red_team_id", "blue_team_name", "red_team_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const id_ = (value: number | null) => (value === null ? null : Number(value));
  return {
    workspace_id: row.workspace_id,
    blue_team_id: id_(row.blue_team_id),
    red_team_id: id_(row.red_team_id),
    blue_team_name: row.blue_team_name,
    red_team_name: row.red_team_name,
  };
}

/** Moves the creator's sessions into a workspace (or back to personal with null). */
export async function setSessionsWorkspace(
  db: Db,
  userId: number,
  ids: readonly string[],
  workspaceId: string | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("draft_sessions")
    .set({ workspace_id: workspaceId })
    .where("id", "in", ids)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  sessionOwnershipChanged(ids);
  return Number(result.numUpdatedRows);
}
