import { randomUUID } from "node:crypto";
import {
  type ActionCreateBody,
  DEFAULT_BLUE_TEAM_NAME,
  DEFAULT_RED_TEAM_NAME,
  type DraftAction,
  type DraftSession,
  type ErrorCode,
  type SessionPatchBody,
  type SessionWriteBody,
  type Team,
  validationMessageEn,
} from "@draftroom/contracts";
import { type DraftActionInput, DraftHistoryError, type DraftState, fromActions } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { findLeague, findTeams } from "../leagues/repository.ts";
import { ORGANISER, runRoomCommand } from "../rooms/service.ts";
import { createWithinDraftLimit } from "../subscriptions/service.ts";
import {
  findSession,
  findSessionRow,
  insertSession,
  listActionsOwned,
  type SessionStored,
  searchKey,
  updateSessionRow,
} from "./repository.ts";

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
  return new AppError(409, code, DRAFT_CONFLICT_DETAILS[code] ?? "The action conflicts with the draft.");
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
async function resolveRefs(
  db: Kysely<Database>,
  userId: number,
  leagueId: number,
  blueId: number,
  redId: number,
): Promise<ResolvedRefs> {
  const [league, teams] = await Promise.all([
    findLeague(db, userId, leagueId),
    findTeams(db, userId, [blueId, redId]),
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

function searchTextOf(title: string, leagueName: string, blueName: string, redName: string): string {
  return searchKey([title, leagueName, blueName, redName].join(" "));
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  body: SessionWriteBody & { settings: { ban_timer: number; pick_timer: number; auto_advance: boolean } },
): Promise<DraftSession> {
  const refs = await resolveRefs(db, userId, body.league_id, body.blue_team_id, body.red_team_id);
  const id = randomUUID();
  const blueName = displayName(body.blue_team_name, refs.blue, DEFAULT_BLUE_TEAM_NAME);
  const redName = displayName(body.red_team_name, refs.red, DEFAULT_RED_TEAM_NAME);
  // The plan limit is checked and the row inserted atomically (no two creates both pass).
  await createWithinDraftLimit(db, userId, (trx) =>
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
      search_text: searchTextOf(body.title, refs.league.name, blueName, redName),
    }),
  );
  const session = await findSession(db, userId, id);
  if (!session) throw notFound();
  return session;
}

/**
 * PUT (a whole body) and PATCH (any subset, plus `winner`). Names not given fall back as on
 * create; on PATCH a name that was the old team's default follows the new team.
 */
export async function updateSession(
  db: Kysely<Database>,
  userId: number,
  id: string,
  body: SessionPatchBody,
  mode: "put" | "patch",
): Promise<DraftSession> {
  const current = await findSessionRow(db, userId, id);
  if (!current) throw notFound();

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

  if (body.winner !== undefined && body.winner !== null && current.status !== "complete") {
    throw new AppError(409, "draft_incomplete", "A result can only be recorded for a complete draft.");
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
  }
  if (body.winner !== undefined) values.winner = body.winner;
  const updated = await updateSessionRow(db, userId, id, values);
  if (!updated) throw notFound();
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
  const teams = await findTeams(db, userId, ids);
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

/** Replays saved actions; a history the engine rejects would be a bug, reported as a 409. */
export function replay(actions: readonly DraftAction[]): DraftState {
  try {
    return fromActions(engineInput(actions));
  } catch (error) {
    if (error instanceof DraftHistoryError) throw draftConflict(error.code);
    throw error;
  }
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

/** A refused room command as the REST answer: 404, 403 for the seat, 409 for the draft's rules. */
function roomRejection(code: ErrorCode): AppError {
  const status = ROOM_REJECT_STATUS[code] ?? 409;
  if (status === 404) return notFound();
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
 * Takes the next step as the session's owner: the same room command a captain's WebSocket lock
 * runs (the owner holds both captain seats of the session's solo room).
 */
export async function addAction(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  body: ActionCreateBody,
): Promise<DraftAction> {
  const result = await runRoomCommand(
    db,
    { sessionId, userId },
    ORGANISER,
    { type: "lock", step: body.phase_number, champion_id: body.champion_id },
    { expect: { action_type: body.action_type, team_side: body.team_side } },
  );
  if (!result.ok) throw roomRejection(result.code);
  if (!result.action) throw notFound();
  return result.action;
}

/**
 * Swaps the champion of a saved action in place (a misclick fix), keeping every later action:
 * the draft with the new champion must still be legal for the engine, else 409.
 */
export async function replaceActionChampion(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  actionId: number,
  championId: number,
): Promise<DraftAction> {
  const actions = await listActionsOwned(db, userId, sessionId);
  if (!actions) throw notFound();
  const target = actions.find((action) => action.id === actionId);
  if (!target) throw new AppError(404, "not_found", "Draft action not found.");
  if (target.champion_id === championId) return target;
  const result = await runRoomCommand(db, { sessionId, userId }, ORGANISER, {
    type: "correct",
    step: target.phase_number,
    champion_id: championId,
  });
  if (!result.ok) throw roomRejection(result.code);
  if (!result.action) throw new AppError(404, "not_found", "Draft action not found.");
  return result.action;
}

/** "Modify from this point": removes the action and every later one; returns what remains. */
export async function truncateFromAction(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  actionId: number,
): Promise<DraftAction[]> {
  const actions = await listActionsOwned(db, userId, sessionId);
  if (!actions) throw notFound();
  const target = actions.find((action) => action.id === actionId);
  if (!target) throw new AppError(404, "not_found", "Draft action not found.");
  const result = await runRoomCommand(db, { sessionId, userId }, ORGANISER, {
    type: "rewind",
    step: target.phase_number,
  });
  if (!result.ok) throw roomRejection(result.code);
  return [...result.actions];
}
