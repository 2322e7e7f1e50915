import { randomUUID } from "node:crypto";
import {
  DEFAULT_BLUE_TEAM_NAME,
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_RED_TEAM_NAME,
  type DraftAction,
  type DraftFormatSpecBody,
  type DraftSession,
  type ErrorCode,
  type SessionPatchBody,
  type SessionWriteBody,
  type Team,
  validationMessageEn,
} from "@draftroom/contracts";
import {
  buildFormat,
  type DraftActionInput,
  type DraftFormat,
  DraftHistoryError,
  type DraftState,
  fromActions,
  type Side,
  withLocked,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { isForeignKeyViolation, isUniqueViolation, toJson, violatedConstraint } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { visibleLeague, visibleTeams } from "../leagues/service.ts";
import { createWithinDraftLimit, type DraftLimitOptions } from "../subscriptions/service.ts";
import { sessionOwnershipChanged } from "./ownership-cache.ts";
import {
  deleteActionsFrom,
  findAction,
  findSession,
  findSessionOwner,
  findSessionOwnership,
  findSessionRow,
  findSessionTeams,
  insertAction,
  insertSession,
  listActions,
  listActionsOfSessions,
  listActionsOwned,
  listSessions,
  type SessionStored,
  searchKey,
  setActionChampion,
  setSessionsWorkspace,
  storeDraftState,
  storeWinner,
  updateSessionRow,
} from "./repository.ts";
import { draftScrims } from "./scrim-link.ts";
import { draftSeries, type LockExplanation, type SeriesLocks } from "./series-link.ts";

/**
 * Draft sessions and their actions. The rules live in packages/draft: every write replays the
 * saved actions through the engine, applies the change, and stores what the engine derives
 * (current phase, step, status). The database's unique keys settle races the engine cannot see.
 */

const DRAFT_CONFLICT_DETAILS: Record<string, string> = {
  wrong_turn: "That is not the next step of this draft.",
  wrong_side: "It is the other team's turn.",
  wrong_type: "This step is a different action (ban or pick).",
  champion_used: "That champion has already been picked or banned in this draft.",
  champion_locked: "That champion is locked in this draft.",
  unknown_champion: "That champion is not in the champion pool.",
  draft_complete: "The draft is already complete.",
  skip_not_allowed: "Only bans can be skipped.",
};

function draftConflict(code: ErrorCode): AppError {
  const detail = DRAFT_CONFLICT_DETAILS[code] ?? "The action conflicts with the draft.";
  // An unknown champion is bad input, not a conflict with the draft's state.
  if (code === "unknown_champion") return new AppError(400, code, detail, { champion_id: detail });
  return new AppError(409, code, detail);
}

// ---- draft context: format and series locks --------------------------------------------------

/** What a session's draft follows besides its actions: its format and, in a series, the locks. */
export interface DraftContext extends SeriesLocks {
  readonly format: DraftFormat;
}

/**
 * The format a session stores and the champions its series locks (packages/draft `lockedFor`).
 * Every write validates against it; the recommendations and champion statuses read it too.
 */
export async function loadDraftContext(
  db: Kysely<Database> | Transaction<Database>,
  sessionId: string,
  storedFormatValue: unknown,
): Promise<DraftContext> {
  const format = buildFormat(storedFormat(storedFormatValue));
  const locks = await draftSeries().locksFor(db, sessionId);
  if (!locks) return { format, locked: [], sideLocked: { BLUE: [], RED: [] }, explain: () => null };
  return { format, ...locks };
}

/**
 * The fearless locks binding a series game (null for a standalone session), without the format:
 * what a room's cached fold is checked against, since a correction to an earlier game changes them
 * without touching this game's room.
 */
export async function seriesLocksOf(
  db: Kysely<Database> | Transaction<Database>,
  sessionId: string,
): Promise<Pick<SeriesLocks, "locked" | "sideLocked"> | null> {
  const locks = await draftSeries().locksFor(db, sessionId);
  return locks ? { locked: locks.locked, sideLocked: locks.sideLocked } : null;
}

/**
 * What the room store reads of a session: its stored format (a fold replays in it), status (a
 * finished session's room opens complete) and owner (the owner's REST steps run as room commands);
 * and the step a catch-up's clock names.
 */
export async function sessionBasics(
  db: Kysely<Database> | Transaction<Database>,
  sessionId: string,
): Promise<
  { format: unknown; status: "in_progress" | "complete"; user_id: number; current_step: number } | undefined
> {
  const row = await db
    .selectFrom("draft_sessions")
    .select(["format", "status", "user_id", "current_step"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return row && { ...row, current_step: Number(row.current_step) };
}

export function notFound(): AppError {
  return new AppError(404, "not_found", "Draft session not found.");
}

// ---- sessions ------------------------------------------------------------------------------

interface ResolvedRefs {
  league: { id: number; name: string };
  blue: Team;
  red: Team;
}

/** Checks that the league and both teams are visible to the user and the teams play in the league. */
export async function resolveRefs(
  db: Kysely<Database>,
  userId: number,
  leagueId: number,
  blueId: number,
  redId: number,
): Promise<ResolvedRefs> {
  const [league, teams] = await Promise.all([
    visibleLeague(db, userId, leagueId),
    visibleTeams(db, userId, [blueId, redId]),
  ]);
  const invalid = validationMessageEn("invalidValue");
  const fields: Record<string, string> = {};
  if (!league) fields.league_id = invalid;
  const blue = teams.find((team) => team.id === blueId);
  const red = teams.find((team) => team.id === redId);
  if (!blue) fields.blue_team_id = invalid;
  if (!red) fields.red_team_id = invalid;
  if (Object.keys(fields).length > 0 || !league || !blue || !red) {
    throw new AppError(400, "validation_error", "Invalid input.", fields);
  }
  const mismatch: Record<string, string> = {};
  const message = "This team does not play in the chosen league";
  if (blue.league_id !== league.id) mismatch.blue_team_id = message;
  if (red.league_id !== league.id) mismatch.red_team_id = message;
  if (Object.keys(mismatch).length > 0) {
    throw new AppError(400, "league_mismatch", "Both teams must belong to the chosen league.", mismatch);
  }
  return { league: { id: league.id, name: league.name }, blue, red };
}

/** A given name wins; otherwise the chosen team's name; otherwise "Blue Team" / "Red Team". */
function displayName(given: string | undefined, team: Team | undefined, fallback: string): string {
  const trimmed = given?.trim();
  if (trimmed) return trimmed;
  return team?.name || fallback;
}

export function searchTextOf(title: string, leagueName: string, blueName: string, redName: string): string {
  return searchKey([title, leagueName, blueName, redName].join(" "));
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  body: SessionWriteBody & {
    settings: { ban_timer: number; pick_timer: number; auto_advance: boolean; timed?: boolean };
    format?: DraftFormatSpecBody;
  },
  limit: DraftLimitOptions = {},
): Promise<DraftSession> {
  const refs = await resolveRefs(db, userId, body.league_id, body.blue_team_id, body.red_team_id);
  const id = randomUUID();
  const blueName = displayName(body.blue_team_name, refs.blue, DEFAULT_BLUE_TEAM_NAME);
  const redName = displayName(body.red_team_name, refs.red, DEFAULT_RED_TEAM_NAME);
  // The plan limit is checked and the row inserted atomically (no two creates both pass).
  await createWithinDraftLimit(
    db,
    userId,
    (trx) =>
      insertSession(trx, {
        id,
        user_id: userId,
        title: body.title,
        description: body.description ?? "",
        league_id: refs.league.id,
        blue_team_id: refs.blue.id,
        red_team_id: refs.red.id,
        blue_team_name: blueName,
        red_team_name: redName,
        ban_timer: body.settings.ban_timer,
        pick_timer: body.settings.pick_timer,
        auto_advance: body.settings.auto_advance,
        timed: body.settings.timed ?? true,
        format: toJson(body.format ?? DEFAULT_DRAFT_FORMAT),
        search_text: searchTextOf(body.title, refs.league.name, blueName, redName),
      }),
    limit,
  );
  const session = await findSession(db, userId, id);
  if (!session) throw notFound();
  return session;
}

/** A series' league and teams, checked like a session's (fields named `team_a_id`, `team_b_id`). */
export async function resolveSeriesTeams(
  db: Kysely<Database>,
  userId: number,
  leagueId: number,
  teamAId: number,
  teamBId: number,
): Promise<{ league: { id: number; name: string }; a: Team; b: Team }> {
  try {
    const refs = await resolveRefs(db, userId, leagueId, teamAId, teamBId);
    return { league: refs.league, a: refs.blue, b: refs.red };
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const rename: Record<string, string> = { blue_team_id: "team_a_id", red_team_id: "team_b_id" };
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([key, value]) => [rename[key] ?? key, value]),
    );
    throw new AppError(error.status, error.code, error.detail, fields);
  }
}

/** Inserts the draft session of a series game inside the series' transaction; returns its id. */
export async function createGameSession(
  trx: Transaction<Database>,
  userId: number,
  game: {
    title: string;
    league: { id: number; name: string } | null;
    blue: { id: number | null; name: string };
    red: { id: number | null; name: string };
    settings: { ban_timer: number; pick_timer: number; auto_advance: boolean };
    format: DraftFormatSpecBody;
  },
): Promise<string> {
  const id = randomUUID();
  await insertSession(trx, {
    id,
    user_id: userId,
    title: game.title,
    description: "",
    league_id: game.league?.id ?? null,
    blue_team_id: game.blue.id,
    red_team_id: game.red.id,
    blue_team_name: game.blue.name,
    red_team_name: game.red.name,
    ban_timer: game.settings.ban_timer,
    pick_timer: game.settings.pick_timer,
    auto_advance: game.settings.auto_advance,
    format: toJson(game.format),
    search_text: searchTextOf(game.title, game.league?.name ?? "", game.blue.name, game.red.name),
  });
  return id;
}

/**
 * Sets the winning side of a session whose result another service keeps: a series game's (the
 * series records the winning team) or a scrim game's (the ledger records ours or theirs).
 */
export async function setSessionWinner(
  db: Kysely<Database> | Transaction<Database>,
  sessionId: string,
  winner: "BLUE" | "RED" | null,
): Promise<void> {
  await storeWinner(db, sessionId, winner);
}

/**
 * A winner about to be stored on a session, chosen on the draft's page (`writeSession`) or
 * recorded by the service that keeps it (a series game's result, in its room or on the series'
 * page): the scrim ledger hears it first and may refuse with an AppError, before anything is
 * stored. `memberId` is who chose it, named in the scrim result it becomes. Not inside a
 * transaction: the ledger writes in its own.
 */
export async function offerWinnerToLedger(
  db: Kysely<Database>,
  memberId: number,
  sessionId: string,
  winner: "BLUE" | "RED" | null,
): Promise<void> {
  await draftScrims().winnerChosen(db, memberId, sessionId, winner);
}

/**
 * PUT (a whole body) and PATCH (any subset, plus `winner`). Names not given fall back as on
 * create; on PATCH a name that was the old team's default follows the new team. `userId` is the
 * session's owner as the caller acts for them (a workspace member acts as its creator); `memberId`
 * is who made the change, named in a scrim result the winner becomes.
 */
export async function updateSession(
  db: Kysely<Database>,
  userId: number,
  id: string,
  body: SessionPatchBody,
  mode: "put" | "patch",
  memberId: number = userId,
): Promise<DraftSession> {
  const current = await findSessionRow(db, userId, id);
  if (!current) throw notFound();

  if (body.winner !== undefined && body.winner !== null && current.status !== "complete") {
    throw new AppError(409, "draft_incomplete", "A result can only be recorded for a complete draft.");
  }
  // The result alone ("Who won?" on the draft's page): the draft's league and teams stay as they
  // are. A draft imported or logged for a scrim has none, and recording its winner must not ask.
  if (mode === "patch" && Object.keys(body).every((key) => key === "winner") && body.winner !== undefined) {
    return writeSession(db, { userId, memberId, id }, {}, body.winner);
  }

  const leagueId = body.league_id ?? current.league_id;
  const blueId = body.blue_team_id ?? current.blue_team_id;
  const redId = body.red_team_id ?? current.red_team_id;
  if (blueId !== null && blueId === redId) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      red_team_id: validationMessageEn("teamsMustDiffer"),
    });
  }
  if (leagueId === null || blueId === null || redId === null) {
    // A league or team deleted since: the caller must choose again.
    const fields: Record<string, string> = {};
    if (leagueId === null) fields.league_id = validationMessageEn("leagueRequired");
    if (blueId === null) fields.blue_team_id = validationMessageEn("blueTeamRequired");
    if (redId === null) fields.red_team_id = validationMessageEn("redTeamRequired");
    throw new AppError(400, "validation_error", "Invalid input.", fields);
  }

  const refs = await resolveRefs(db, userId, leagueId, blueId, redId);

  const autoNames = await previousTeamNames(db, userId, current);
  const nameFor = (
    given: string | undefined,
    team: Team,
    stored: string,
    previousTeamId: number | null,
    previousTeamName: string | null,
    fallback: string,
  ) => {
    if (mode === "put" || given !== undefined) return displayName(given, team, fallback);
    if (team.id === previousTeamId) return stored;
    // The stored name was a fallback (old team's name or the default): it follows the new team.
    const wasFallback = stored === fallback || stored === previousTeamName;
    return wasFallback ? displayName(undefined, team, fallback) : stored;
  };
  const blueName = nameFor(
    body.blue_team_name,
    refs.blue,
    current.blue_team_name,
    current.blue_team_id,
    autoNames.blue,
    DEFAULT_BLUE_TEAM_NAME,
  );
  const redName = nameFor(
    body.red_team_name,
    refs.red,
    current.red_team_name,
    current.red_team_id,
    autoNames.red,
    DEFAULT_RED_TEAM_NAME,
  );
  const title = body.title ?? current.title;
  const settings = body.settings;
  const values: Partial<SessionStored> = {
    title,
    description: body.description ?? (mode === "put" ? "" : current.description),
    league_id: refs.league.id,
    blue_team_id: refs.blue.id,
    red_team_id: refs.red.id,
    blue_team_name: blueName,
    red_team_name: redName,
    search_text: searchTextOf(title, refs.league.name, blueName, redName),
  };
  if (settings) {
    values.ban_timer = settings.ban_timer ?? current.ban_timer;
    values.pick_timer = settings.pick_timer ?? current.pick_timer;
    values.auto_advance = settings.auto_advance ?? current.auto_advance;
    values.timed = settings.timed ?? current.timed;
  }
  return writeSession(db, { userId, memberId, id }, values, body.winner);
}

/**
 * Stores a session's changed fields and, when given, its winner. A winner goes to a scrim game's
 * result in the ledger first (or the ledger refuses, and nothing is stored), then onto the session,
 * then to a series game's winning team.
 */
async function writeSession(
  db: Kysely<Database>,
  who: { userId: number; memberId: number; id: string },
  values: Partial<SessionStored>,
  winner: "BLUE" | "RED" | null | undefined,
): Promise<DraftSession> {
  const { userId, memberId, id } = who;
  if (winner !== undefined) await offerWinnerToLedger(db, memberId, id, winner);
  const stored = winner === undefined ? values : { ...values, winner };
  if (!(await updateSessionRow(db, userId, id, stored))) throw notFound();
  if (winner !== undefined) await draftSeries().winnerRecorded(db, id, winner);
  const session = await findSession(db, userId, id);
  if (!session) throw notFound();
  return session;
}

async function previousTeamNames(
  db: Kysely<Database>,
  userId: number,
  current: SessionStored,
): Promise<{ blue: string | null; red: string | null }> {
  const ids = [current.blue_team_id, current.red_team_id].filter((value): value is number => value !== null);
  const teams = await visibleTeams(db, userId, ids);
  return {
    blue: teams.find((team) => team.id === current.blue_team_id)?.name ?? null,
    red: teams.find((team) => team.id === current.red_team_id)?.name ?? null,
  };
}

// ---- actions -------------------------------------------------------------------------------

function engineInput(actions: readonly DraftAction[]): DraftActionInput[] {
  return actions.map((action) => ({
    phase_number: action.phase_number,
    action_type: action.action_type,
    team_side: action.team_side,
    champion_id: action.champion_id,
    created_at: action.created_at,
  }));
}

/**
 * Replays saved actions in the session's format, then applies the series locks (they bind the next
 * action; a history saved before an earlier game changed stays readable). A history the engine
 * rejects would be a bug, reported as a 409.
 */
export function replay(actions: readonly DraftAction[], context?: DraftContext): DraftState {
  try {
    const state = fromActions(engineInput(actions), context ? { format: context.format } : {});
    return context ? withLocked(state, context.locked, context.sideLocked) : state;
  } catch (error) {
    if (error instanceof DraftHistoryError) throw draftConflict(error.code);
    throw error;
  }
}

function lockedConflict(explanation: LockExplanation | null): AppError {
  const detail = explanation?.detail ?? DRAFT_CONFLICT_DETAILS.champion_locked!;
  const fields: Record<string, string> = { champion_id: detail };
  if (explanation?.game) fields.game = String(explanation.game);
  return new AppError(409, "champion_locked", detail, fields);
}

/** Maps the database's verdict on a race or a missing champion to the engine's codes. */
export function mapWriteError(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error) ?? "";
    return draftConflict(constraint.includes("champion") ? "champion_used" : "wrong_turn");
  }
  if (isForeignKeyViolation(error)) return draftConflict("unknown_champion");
  return error;
}

const ROOM_REJECT_STATUS: Partial<Record<ErrorCode, number>> = {
  not_found: 404,
  seat_not_allowed: 403,
  not_your_turn: 403,
};

/**
 * A refused room command as the REST answer: 404, 403 for the seat, 400 for an unknown champion,
 * 409 for the draft's rules; a fearless lock names the game that locked the champion.
 */
export async function roomRejection(
  db: Kysely<Database>,
  sessionId: string,
  code: ErrorCode,
  attempted?: { championId: number | null; side: Side },
): Promise<AppError> {
  if (code === "champion_locked" && attempted && attempted.championId !== null) {
    const locks = await draftSeries().locksFor(db, sessionId);
    return lockedConflict(locks?.explain(attempted.championId, attempted.side) ?? null);
  }
  const status = ROOM_REJECT_STATUS[code] ?? 409;
  if (status === 404) return notFound();
  if (code in DRAFT_CONFLICT_DETAILS) return draftConflict(code);
  return new AppError(
    status,
    code,
    DRAFT_CONFLICT_DETAILS[code] ?? ROOM_DETAILS[code] ?? "The action conflicts with the draft.",
  );
}

const ROOM_DETAILS: Partial<Record<ErrorCode, string>> = {
  seat_not_allowed: "This draft is a live room: its captains lock through their links.",
  not_started: "The live room's draft has not started yet.",
  room_paused: "The draft is paused.",
  late: "The time for this step ran out.",
};

/**
 * One of the user's sessions with its draft replayed in its format and series locks (other
 * modules read drafts through this, not through the repository). Throws `notFound` when the session is not the user's.
 */
export async function sessionDraft(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<{ session: SessionStored; state: DraftState }> {
  const session = await findSessionRow(db, userId, sessionId);
  if (!session) throw notFound();
  const [actions, context] = await Promise.all([
    listActions(db, session.id),
    loadDraftContext(db, session.id, session.format),
  ]);
  // The series' fearless locks are part of the draft, so rankings never offer a locked champion.
  return { session, state: replay(actions, context) };
}

// ---- import --------------------------------------------------------------------------------

/** A draft read from an export file and checked by the engine (modules/share/import.ts). */
export interface ImportedSessionInput {
  title: string;
  description: string;
  league: { id: number | null; name: string } | null;
  blue: { id: number | null; name: string };
  red: { id: number | null; name: string };
  settings: { ban_timer: number; pick_timer: number; auto_advance: boolean };
  format: DraftFormatSpecBody;
  winner: "BLUE" | "RED" | null;
  actions: readonly (DraftActionInput & { is_auto: boolean })[];
  state: DraftState;
}

/**
 * Stores an imported draft as a new session of the user, within the plan's draft limit (or, with
 * `workspaceId`, straight in that workspace), in one transaction (a failure stores nothing). The league and teams keep their ids when the user can
 * see them and they fit together (the file came from this install); otherwise the session keeps
 * only their names, as it does when a team is deleted.
 */
export async function createImportedSession(
  db: Kysely<Database>,
  userId: number,
  input: ImportedSessionInput,
  options: { workspaceId?: string } = {},
): Promise<DraftSession> {
  const { league, blue, red } = input;
  let refs: ResolvedRefs | null = null;
  if (league?.id && blue.id && red.id && blue.id !== red.id) {
    refs = await resolveRefs(db, userId, league.id, blue.id, red.id).catch(() => null);
  }
  const id = randomUUID();
  const leagueName = refs?.league.name ?? league?.name ?? "";
  const write = async (trx: Transaction<Database>) => {
    await insertSession(trx, {
      id,
      user_id: userId,
      title: input.title,
      description: input.description,
      league_id: refs?.league.id ?? null,
      blue_team_id: refs?.blue.id ?? null,
      red_team_id: refs?.red.id ?? null,
      blue_team_name: blue.name || DEFAULT_BLUE_TEAM_NAME,
      red_team_name: red.name || DEFAULT_RED_TEAM_NAME,
      ban_timer: input.settings.ban_timer,
      pick_timer: input.settings.pick_timer,
      auto_advance: input.settings.auto_advance,
      format: toJson(input.format),
      search_text: searchTextOf(input.title, leagueName, blue.name, red.name),
    });
    for (const action of input.actions) {
      await insertAction(trx, {
        session_id: id,
        champion_id: action.champion_id,
        phase_number: action.phase_number,
        action_type: action.action_type,
        team_side: action.team_side,
        is_auto: action.is_auto,
      });
    }
    await storeDraftState(trx, id, input.state, false);
    if (input.winner) await storeWinner(trx, id, input.winner);
    if (options.workspaceId) await setSessionsWorkspace(trx, userId, [id], options.workspaceId);
  };
  // Born in a workspace (a scrim game's draft, decision 050): the workspace's plan covers it, not
  // the member's personal draft limit (design 12); the caller checked the member may write there.
  if (options.workspaceId) await db.transaction().execute(write);
  else await createWithinDraftLimit(db, userId, write);
  const session = await findSession(db, userId, id);
  if (!session) throw notFound();
  return session;
}

/** The id of the account that owns a session (undefined: no such session). */
export async function sessionOwnerId(db: Kysely<Database>, sessionId: string): Promise<number | undefined> {
  return findSessionOwner(db, sessionId);
}

// ---- what other modules read and write of a session -------------------------------------------
// Other modules never import this module's repository or tables (decision record 025): the live
// room, sharing, practice, series and recommendations read and write sessions through these.

type Db = Kysely<Database> | Transaction<Database>;

/** A session as the API shows it; `userId: null` reads any owner's (a room, a public view). */
export function getSession(
  db: Db,
  userId: number | null,
  sessionId: string,
): Promise<DraftSession | undefined> {
  return findSession(db, userId, sessionId);
}

/** A session's saved actions in step order (empty for an unknown session). */
export function sessionActions(db: Db, sessionId: string): Promise<DraftAction[]> {
  return listActions(db, sessionId);
}

/**
 * A session's saved actions when it is `userId`'s (any owner's with null); undefined when the
 * session is not there for that reader.
 */
export function ownedSessionActions(
  db: Db,
  userId: number | null,
  sessionId: string,
): Promise<DraftAction[] | undefined> {
  return listActionsOwned(db, userId, sessionId);
}

/** Several sessions' saved actions in step order, by session id (the scrim ledger's drafts). */
export function actionsOfSessions(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, DraftAction[]>> {
  return listActionsOfSessions(db, sessionIds);
}

/** One saved action of a session, or undefined. */
export function sessionAction(db: Db, sessionId: string, actionId: number): Promise<DraftAction | undefined> {
  return findAction(db, sessionId, actionId);
}

/** Who owns a session and which workspace holds it (the workspace access check reads this). */
export function sessionOwnership(
  db: Db,
  sessionId: string,
): Promise<{ user_id: number; workspace_id: string | null } | undefined> {
  return findSessionOwnership(db, sessionId);
}

/**
 * Sessions that changed hands outside this module's statements (a quick room claimed by an
 * account): this process's cached ownership forgets them (decision record 044).
 */
export function sessionsChangedOwner(ids: readonly string[]): void {
  sessionOwnershipChanged(ids);
}

/** Moves the creator's sessions into a workspace (null: back to personal); how many moved. */
export function moveSessionsToWorkspace(
  db: Db,
  userId: number,
  sessionIds: readonly string[],
  workspaceId: string | null,
): Promise<number> {
  return setSessionsWorkspace(db, userId, sessionIds, workspaceId);
}

/**
 * Appends one action to a session's draft; returns its id and stored time (RETURNING, not a read
 * back). Only the live room's writer calls it, inside its transaction, after the engine accepted
 * the step.
 */
export function appendAction(
  db: Db,
  values: Parameters<typeof insertAction>[1],
): Promise<{ id: number; created_at: string }> {
  return insertAction(db, values);
}

/** Swaps the champion of a saved action (a correction the engine accepted); clears `is_auto`. */
export function changeActionChampion(db: Db, actionId: number, championId: number): Promise<void> {
  return setActionChampion(db, actionId, championId);
}

/** Removes the action at `phaseNumber` and every later one ("modify from this point"). */
export function removeActionsFrom(db: Db, sessionId: string, phaseNumber: number): Promise<void> {
  return deleteActionsFrom(db, sessionId, phaseNumber);
}

/** Stores what the engine derives from the draft (phase, step, status, completion time). */
export function storeSessionState(
  db: Db,
  sessionId: string,
  state: DraftState,
  wasComplete: boolean,
): Promise<void> {
  return storeDraftState(db, sessionId, state, wasComplete);
}

/** A session's workspace and team ids (undefined: no such session); no owner check. */
export async function sessionTeams(db: Kysely<Database>, sessionId: string) {
  return findSessionTeams(db, sessionId);
}

/** Moves one of the creator's sessions into a workspace (the caller checked the capability there). */
export async function moveSessionToWorkspace(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  workspaceId: string,
): Promise<void> {
  await setSessionsWorkspace(db, userId, [sessionId], workspaceId);
}

/** A session's creator, workspace and title (undefined: no such session), for other modules' checks. */
export async function sessionRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null; title: string } | undefined> {
  const [owner, session] = await Promise.all([findSessionOwnership(db, id), findSession(db, null, id)]);
  return owner && session ? { ...owner, title: session.title } : undefined;
}

/** Every session of a workspace with its actions, newest first (access checked by the caller). */
export async function workspaceSessions(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<(DraftSession & { actions: DraftAction[] })[]> {
  const sessions: (DraftSession & { actions: DraftAction[] })[] = [];
  for (let page = 1; ; page++) {
    const { count, results } = await listSessions(db, 0, { page, workspace: workspaceId });
    for (const session of results) sessions.push({ ...session, actions: await listActions(db, session.id) });
    if (results.length === 0 || sessions.length >= count) return sessions;
  }
}
