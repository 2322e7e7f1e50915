import { randomUUID } from "node:crypto";
import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  type DraftAction,
  type DraftFormatSpecBody,
  type FirstSelection,
  type Paginated,
  SCRIM_TAG_SUGGESTIONS,
  type Scrim,
  type ScrimAuditEntry,
  type ScrimCreateBody,
  type ScrimDraftLogBody,
  type ScrimGame,
  type ScrimListQuery,
  type ScrimResultBody,
  type ScrimReviewBody,
  type ScrimSummary,
  type ScrimTeamFigures,
  type ScrimUpdateBody,
  scrimCreateBodySchema,
  scrimDraftLogBodySchema,
  scrimResultBodySchema,
  type UserRef,
} from "@draftroom/contracts";
import {
  applyAction,
  BEST_OF,
  type BestOf,
  buildFormat,
  createDraft,
  type DraftActionInput,
  type DraftState,
  type Side,
} from "@draftroom/draft";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { usernamesOf } from "../accounts/service.ts";
import { championPool } from "../champions/service.ts";
import { followedPlanOfRoom } from "../draft-plans/live.ts";
import { getPlan, planRef } from "../draft-plans/service.ts";
import { createImportedSession, getSession, sessionActions, sessionOwnerId } from "../drafts/service.ts";
import { openSeriesRoom } from "../rooms/series/service.ts";
import { openLiveRoom, roomOfSession } from "../rooms/service.ts";
import { createNamedSeries, seriesGameOfSession } from "../series/service.ts";
import { validateDraftImport } from "../share/import.ts";
import { requireItemRole } from "../workspaces/access.ts";
import { getRoster } from "../workspaces/roster.ts";
import { type AccessDecision, requireWorkspaceRole, workspaceRef } from "../workspaces/service.ts";
import {
  deleteGamesAbove,
  deleteScrimRow,
  findGame,
  findGameOfSession,
  findScrim,
  findScrimOfSeries,
  type GameRow,
  insertAudit,
  insertGames,
  insertScrim,
  listAudit,
  listGames,
  listPlayers,
  listScrimRows,
  type PlayerRow,
  replacePlayers,
  type ScrimRow,
  updateGame,
  updateScrimRow,
  workspaceTags,
} from "./repository.ts";
import { byPosition, lineOf, opponentKey, otherSide, titleOf } from "./rows.ts";

/**
 * The scrim ledger (issue 33, decision record 050). A scrim is a workspace item; each of its games
 * links the draft it was played with (a live room's session, a fearless series' game, or a draft
 * logged after the fact) through the drafts, rooms and series services, never their tables, and
 * adds the result, its source, the verdict, tags, notes and the plan followed.
 *
 * Access (decision 044): members read; `edit_scrims` (owner, coach, analyst) changes anything;
 * `enter_results` lets a player enter or correct the result of a game they are on the lineup of.
 * Anyone outside the scrim's workspace gets the scrim's 404, word for word a missing id's.
 */

const scrimNotFound = () => new AppError(404, "not_found", "Scrim not found.");
const gameNotFound = () => new AppError(404, "not_found", "Scrim game not found.");

// ---- access --------------------------------------------------------------------------------------

interface ScrimAccess {
  row: ScrimRow;
  access: AccessDecision;
}

/** The scrim when the caller may do `capability` in its workspace (else its 404 or the role's 403). */
async function accessScrim(
  db: Kysely<Database>,
  userId: number,
  id: string,
  capability: "read" | "edit_scrims" | "enter_results",
): Promise<ScrimAccess> {
  const row = await findScrim(db, id);
  if (!row) throw scrimNotFound();
  const access = await requireItemRole(db, userId, row.workspace_id, capability, scrimNotFound);
  return { row, access };
}

/** The roster player ids linked to `userId` in a workspace (a player's "own" lineup entries). */
async function ownRosterIds(db: Kysely<Database>, userId: number, workspaceId: string): Promise<Set<string>> {
  const roster = await getRoster(db, userId, workspaceId);
  return new Set(roster.filter((player) => player.user_id === userId).map((player) => player.id));
}

/** Is the caller on this game's side: on the scrim's lineup, or named in the game's result? */
function playsIn(own: ReadonlySet<string>, row: ScrimRow, players: readonly PlayerRow[]): boolean {
  if (own.size === 0) return false;
  const lineup = fromJson<string[]>(row.lineup) ?? [];
  return (
    lineup.some((id) => own.has(id)) || players.some((p) => p.roster_player_id && own.has(p.roster_player_id))
  );
}

// ---- presenting ----------------------------------------------------------------------------------

interface DraftView {
  complete: boolean;
  steps: ScrimGame["draft"];
  firstPickSide: Side | null;
}

async function draftView(db: Kysely<Database>, sessionId: string | null): Promise<DraftView> {
  if (!sessionId) return { complete: false, steps: [], firstPickSide: null };
  const [session, actions] = await Promise.all([
    getSession(db, null, sessionId),
    sessionActions(db, sessionId),
  ]);
  if (!session) return { complete: false, steps: [], firstPickSide: null };
  return {
    complete: session.status === "complete",
    steps: actions.map((a: DraftAction) => ({
      step: a.phase_number,
      type: a.action_type,
      side: a.team_side,
      champion_id: a.champion_id,
    })),
    firstPickSide:
      actions.find((a) => a.action_type === "PICK")?.team_side ?? session.format.first_pick ?? null,
  };
}

async function userRefs(
  db: Kysely<Database>,
  ids: readonly (number | null)[],
): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null).map(Number))];
  const names = await usernamesOf(db, wanted);
  return new Map([...names].map(([id, username]) => [id, { id, username }]));
}

async function presentGame(
  db: Kysely<Database>,
  row: ScrimRow,
  game: GameRow,
  players: readonly PlayerRow[],
  users: ReadonlyMap<number, UserRef>,
  canEnter: boolean,
): Promise<ScrimGame> {
  const view = await draftView(db, game.session_id);
  const plan = game.plan_id ? await planRef(db, game.plan_id) : undefined;
  const hasResult = game.result_source !== null;
  return {
    id: game.id,
    number: Number(game.number),
    status: game.status,
    patch: game.patch ?? row.patch,
    session_id: game.session_id,
    room_id: game.room_id,
    draft_source: game.draft_source,
    draft_complete: view.complete,
    draft: view.steps,
    our_side: game.our_side,
    first_pick_side: view.firstPickSide,
    result: hasResult
      ? {
          winner: game.winner,
          duration_seconds: game.duration_seconds === null ? null : Number(game.duration_seconds),
          figures: (fromJson<ScrimTeamFigures>(game.figures) ?? {}) as ScrimTeamFigures,
          players: players.map(lineOf).sort(byPosition),
          source: game.result_source!,
          provider: game.result_provider,
          entered_by:
            game.result_entered_by === null ? null : (users.get(Number(game.result_entered_by)) ?? null),
          entered_at: toIso(game.result_entered_at),
          corrections: Number(game.result_corrections),
        }
      : null,
    verdict: game.verdict,
    tags: fromJson<string[]>(game.tags) ?? [],
    position_notes: fromJson<ScrimGame["position_notes"]>(game.position_notes) ?? {},
    notes: game.notes,
    plan:
      game.plan_id && plan
        ? {
            id: game.plan_id,
            name: plan.title,
            version: game.plan_version === null ? null : Number(game.plan_version),
            branch_id: game.branch_id,
            branch_label: game.branch_label,
            source: game.plan_source ?? "manual",
          }
        : null,
    can_enter_result: canEnter,
    updated_at: toIso(game.updated_at),
  };
}

function scoreOf(games: readonly GameRow[]) {
  let us = 0;
  let them = 0;
  for (const game of games) {
    if (game.status !== "played") continue;
    if (game.winner === "us") us++;
    else if (game.winner === "them") them++;
  }
  return { us, them };
}

function base(
  row: ScrimRow,
  users: ReadonlyMap<number, UserRef>,
  games: readonly GameRow[],
  canEdit: boolean,
) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    kind: row.kind,
    title: titleOf(row),
    opponent: {
      team_id: row.opponent_team_id === null ? null : Number(row.opponent_team_id),
      name: row.opponent_name,
      contact_note: row.opponent_contact,
      key: opponentKey(row),
    },
    starts_at: toIso(row.starts_at),
    time_zone: row.time_zone,
    games_count: Number(row.games_count),
    status: row.status,
    patch: row.patch,
    notes: row.notes,
    series_id: row.series_id,
    score: scoreOf(games),
    created_by: row.created_by === null ? null : (users.get(Number(row.created_by)) ?? null),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    can_edit: canEdit,
  };
}

async function present(
  db: Kysely<Database>,
  userId: number,
  row: ScrimRow,
  access: AccessDecision,
): Promise<Scrim> {
  const games = await listGames(db, [row.id]);
  const players = await listPlayers(
    db,
    games.map((g) => g.id),
  );
  const users = await userRefs(db, [row.created_by, ...games.map((g) => g.result_entered_by)]);
  const canEdit = access.may("edit_scrims");
  const mayEnter = access.may("enter_results");
  const own = !canEdit && mayEnter ? await ownRosterIds(db, userId, row.workspace_id) : new Set<string>();
  const presented: ScrimGame[] = [];
  for (const game of games) {
    const lines = players.filter((p) => p.game_id === game.id);
    const canEnter = canEdit || (mayEnter && playsIn(own, row, lines));
    presented.push(await presentGame(db, row, game, lines, users, canEnter));
  }
  return {
    ...base(row, users, games, canEdit),
    rules: {
      mode: row.mode,
      fearless_rule: fromJson(row.fearless_rule) ?? null,
      first_selection: fromJson<FirstSelection | null>(row.first_selection) ?? null,
      timers: { turn_seconds: Number(row.turn_seconds), bank_seconds: Number(row.bank_seconds) },
      format: fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT,
    },
    lineup: fromJson<string[]>(row.lineup) ?? [],
    games: presented,
  };
}

// ---- scrims --------------------------------------------------------------------------------------

type CreateInput = ReturnType<typeof scrimCreateBodySchema.parse>;

async function opponentOf(db: Kysely<Database>, opponent: CreateInput["opponent"]) {
  if (opponent.team_id === null) return { team_id: null, name: opponent.name };
  const team = await db
    .selectFrom("teams")
    .select(["id", "name"])
    .where("id", "=", opponent.team_id)
    .executeTakeFirst();
  if (!team) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      "opponent.team_id": "This team does not exist",
    });
  }
  return { team_id: Number(team.id), name: opponent.name || team.name };
}

/** Our side in game `number`: the one asked for game 1, then alternating (the room may differ). */
const sideOfGame = (first: Side, number: number): Side => (number % 2 === 1 ? first : otherSide(first));

/**
 * Plans a scrim in a workspace (`edit_scrims` there) and prepares its games: a live room per game,
 * or one fearless series with its room. The scrim and its games are stored first; rooms are
 * opened through the drafts, rooms and series services after, so a room that cannot open (the
 * creator's draft limit) leaves the games to be logged instead, never a half-written scrim.
 */
export async function createScrim(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: ScrimCreateBody,
): Promise<Scrim> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "edit_scrims");
  const input = scrimCreateBodySchema.parse(body);
  const opponent = await opponentOf(db, input.opponent);
  const id = randomUUID();
  const now = nowIso();
  const format = input.rules.format ?? DEFAULT_DRAFT_FORMAT;
  const fearlessRule =
    input.rules.mode === "fearless"
      ? (input.rules.fearless_rule ?? {
          from: "picks" as const,
          scope: "both" as const,
          reset_last_game: false,
        })
      : null;
  await db.transaction().execute(async (trx) => {
    await insertScrim(trx, {
      id,
      workspace_id: workspaceId,
      created_by: userId,
      kind: input.kind,
      title: input.title,
      opponent_team_id: opponent.team_id,
      opponent_name: opponent.name,
      opponent_contact: input.opponent.contact_note,
      starts_at: new Date(input.starts_at).toISOString(),
      time_zone: input.time_zone,
      games_count: input.games_count,
      mode: input.rules.mode,
      fearless_rule: fearlessRule === null ? null : toJson(fearlessRule),
      first_selection: input.rules.first_selection === null ? null : toJson(input.rules.first_selection),
      turn_seconds: input.rules.timers.turn_seconds,
      bank_seconds: input.rules.timers.bank_seconds,
      format: toJson(format),
      status: input.status,
      patch: input.patch || null,
      notes: input.notes,
      lineup: toJson([...new Set(input.lineup)]),
      our_side: input.our_side,
      series_id: null,
      created_at: now,
      updated_at: now,
    });
    await insertGames(trx, gameRows(id, 1, input.games_count, now));
  });
  const row = (await findScrim(db, id))!;
  await publish(db, "scrim.changed", {
    db,
    workspaceId,
    actorId: userId,
    verb: "created",
    id,
    title: titleOf(row),
  });
  if (input.prepare_rooms) await prepareRooms(db, userId, row, 1);
  return present(db, userId, (await findScrim(db, id))!, access);
}

function gameRows(scrimId: string, from: number, to: number, now: string) {
  const rows = [];
  for (let number = from; number <= to; number++) {
    rows.push({
      id: randomUUID(),
      scrim_id: scrimId,
      number,
      status: "scheduled" as const,
      patch: null,
      session_id: null,
      room_id: null,
      draft_source: null,
      our_side: null,
      winner: null,
      duration_seconds: null,
      figures: toJson({}),
      result_source: null,
      result_provider: null,
      result_entered_by: null,
      result_entered_at: null,
      verdict: null,
      tags: toJson([]),
      position_notes: toJson({}),
      notes: "",
      plan_id: null,
      plan_version: null,
      branch_id: null,
      branch_label: null,
      plan_source: null,
      created_at: now,
      updated_at: now,
    });
  }
  return rows;
}

/** Our team's name in the drafts: the workspace's. */
async function usName(db: Kysely<Database>, workspaceId: string): Promise<string> {
  return (await workspaceRef(db, workspaceId))?.title ?? "Us";
}

/**
 * Opens the games' rooms from game `from` on: a live room per game (normal), or the fearless
 * series and its room (once, for game 1; later games' drafts are the series' next games and
 * attach when they finish). A room that cannot open is skipped: the game can still be logged.
 */
async function prepareRooms(
  db: Kysely<Database>,
  userId: number,
  row: ScrimRow,
  from: number,
): Promise<void> {
  const games = (await listGames(db, [row.id])).filter((g) => g.number >= from && g.session_id === null);
  const us = await usName(db, row.workspace_id);
  const format = fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT;
  const settings = { turnMs: Number(row.turn_seconds) * 1000, bankMs: Number(row.bank_seconds) * 1000 };
  const title = titleOf(row);
  if (row.mode === "fearless") {
    if (row.series_id !== null || from > 1) return;
    try {
      const count = Number(row.games_count);
      const bestOf = (BEST_OF.find((n) => n >= count) ?? 7) as BestOf;
      const series = await createNamedSeries(db, userId, {
        title,
        teamAName: us,
        teamBName: row.opponent_name,
        bestOf,
        rule: fromJson(row.fearless_rule) ?? { from: "picks", scope: "both", reset_last_game: false },
        firstBlue: row.our_side === "BLUE" ? "A" : "B",
        format,
        settings: {
          ban_timer: DEFAULT_DRAFT_SETTINGS.ban_timer,
          pick_timer: DEFAULT_DRAFT_SETTINGS.pick_timer,
          auto_advance: true,
        },
        workspaceId: row.workspace_id,
      });
      const room = await openSeriesRoom(db, userId, series.id, { ...settings, ourSide: row.our_side });
      const first = series.games[0];
      await db.transaction().execute(async (trx) => {
        await updateScrimRow(trx, row.id, { series_id: series.id, updated_at: nowIso() });
        for (const game of games) await updateGame(trx, game.id, { room_id: room.id, updated_at: nowIso() });
        const one = games.find((g) => g.number === 1);
        if (one && first) {
          await updateGame(trx, one.id, {
            session_id: first.session_id,
            draft_source: "series",
            our_side: row.our_side,
          });
        }
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return;
  }
  const pool = await championPool(db);
  for (const game of games) {
    const side = sideOfGame(row.our_side, game.number);
    try {
      const state = createDraft({ format: buildFormat(format), championIds: pool.map((c) => c.id) });
      const session = await createImportedSession(
        db,
        userId,
        {
          title: `${title} · Game ${game.number}`,
          description: "",
          league: null,
          blue: { id: null, name: side === "BLUE" ? us : row.opponent_name },
          red: { id: null, name: side === "RED" ? us : row.opponent_name },
          settings: {
            ban_timer: Number(row.turn_seconds),
            pick_timer: Number(row.turn_seconds),
            auto_advance: true,
          },
          format,
          winner: null,
          actions: [],
          state,
        },
        { workspaceId: row.workspace_id },
      );
      const room = await openLiveRoom(db, userId, session.id, { ...settings, ourSide: side });
      await updateGame(db, game.id, {
        session_id: session.id,
        room_id: room.id,
        draft_source: "room",
        our_side: side,
        updated_at: nowIso(),
      });
    } catch (error) {
      // The creator's draft limit or a read-only workspace: this game is logged after the fact.
      if (!(error instanceof AppError)) throw error;
      return;
    }
  }
}

export async function getScrim(db: Kysely<Database>, userId: number, id: string): Promise<Scrim> {
  const { row, access } = await accessScrim(db, userId, id, "read");
  return present(db, userId, row, access);
}

export async function listScrims(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  query: ScrimListQuery,
): Promise<Paginated<ScrimSummary>> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "read");
  const { page, ...filters } = query;
  const { count, rows } = await listScrimRows(db, workspaceId, filters, page);
  const games = await listGames(
    db,
    rows.map((r) => r.id),
  );
  const users = await userRefs(
    db,
    rows.map((r) => r.created_by),
  );
  const results = rows.map((row) => {
    const own = games.filter((g) => g.scrim_id === row.id);
    return {
      ...base(row, users, own, access.may("edit_scrims")),
      mode: row.mode,
      games_played: own.filter((g) => g.status === "played").length,
    };
  });
  return { count, next: null, previous: null, results };
}

/**
 * Changes a scrim (`edit_scrims`). More games: the new ones are prepared like the first. Fewer:
 * only games without a draft or result may go (409 `scrim_game_has_draft` otherwise).
 */
export async function updateScrim(
  db: Kysely<Database>,
  userId: number,
  id: string,
  body: ScrimUpdateBody,
): Promise<Scrim> {
  const { row, access } = await accessScrim(db, userId, id, "edit_scrims");
  // Every change is a new version of the calendar event (decision 057), counted in the database.
  const values: Record<string, unknown> = {
    updated_at: nowIso(),
    calendar_sequence: sql`calendar_sequence + 1`,
  };
  if (body.kind !== undefined) values.kind = body.kind;
  if (body.title !== undefined) values.title = body.title;
  if (body.opponent !== undefined) {
    const opponent = await opponentOf(db, {
      team_id: body.opponent.team_id ?? null,
      name: body.opponent.name ?? "",
      contact_note: body.opponent.contact_note ?? "",
    });
    values.opponent_team_id = opponent.team_id;
    values.opponent_name = opponent.name;
    values.opponent_contact = body.opponent.contact_note ?? "";
  }
  if (body.starts_at !== undefined) values.starts_at = new Date(body.starts_at).toISOString();
  if (body.time_zone !== undefined) values.time_zone = body.time_zone;
  if (body.status !== undefined) values.status = body.status;
  if (body.patch !== undefined) values.patch = body.patch || null;
  if (body.notes !== undefined) values.notes = body.notes;
  if (body.lineup !== undefined) values.lineup = toJson([...new Set(body.lineup)]);
  const oldCount = Number(row.games_count);
  const newCount = body.games_count ?? oldCount;
  if (newCount < oldCount) {
    const dropped = (await listGames(db, [id])).filter((g) => g.number > newCount);
    if (
      dropped.some(
        (g) => g.result_source !== null || g.draft_source === "logged" || g.draft_source === "imported",
      )
    ) {
      throw new AppError(409, "scrim_game_has_draft", "A game past the new count has a draft or a result.");
    }
  }
  values.games_count = newCount;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateScrimRow(trx, id, values);
    if (newCount < oldCount) await deleteGamesAbove(trx, id, newCount);
    if (newCount > oldCount) await insertGames(trx, gameRows(id, oldCount + 1, newCount, now));
  });
  const updated = (await findScrim(db, id))!;
  await publish(db, "scrim.changed", {
    db,
    workspaceId: row.workspace_id,
    actorId: userId,
    verb: "changed",
    id,
    title: titleOf(updated),
  });
  if (newCount > oldCount && updated.mode === "normal") await prepareRooms(db, userId, updated, oldCount + 1);
  return present(db, userId, (await findScrim(db, id))!, access);
}

/** Deletes a scrim and its ledger entries (`edit_scrims`); the linked drafts stay with the workspace. */
export async function deleteScrim(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  const { row } = await accessScrim(db, userId, id, "edit_scrims");
  await deleteScrimRow(db, id);
  await publish(db, "scrim.changed", {
    db,
    workspaceId: row.workspace_id,
    actorId: userId,
    verb: "deleted",
    id,
    title: titleOf(row),
  });
}

// ---- a game's draft ------------------------------------------------------------------------------

async function accessGame(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  capability: "read" | "edit_scrims" | "enter_results",
) {
  const scrim = await accessScrim(db, userId, scrimId, capability);
  const game = await findGame(db, scrimId, gameId);
  if (!game) throw gameNotFound();
  return { ...scrim, game };
}

/** The champion keys of this install (a file names champions by key). */
async function championKeys(db: Kysely<Database>) {
  const pool = await championPool(db);
  return { ids: pool.map((c) => c.id), byKey: new Map(pool.map((c) => [c.champion_key, c.id])) };
}

/**
 * Logs a game's draft after the fact (`edit_scrims`): the picks and bans in the format's order,
 * or a Draftroom JSON export, checked by packages/draft (409 with the rule's code, 400
 * `import_invalid` for a bad file). The draft becomes a session of the workspace that the game
 * links; a game whose linked draft already has picks or bans is refused (409).
 */
export async function logGameDraft(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  request: ScrimDraftLogBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const body = scrimDraftLogBodySchema.parse(request);
  if (game.session_id && (await sessionActions(db, game.session_id)).length > 0) {
    throw new AppError(409, "scrim_game_has_draft", "This game already has a draft: correct it in its room.");
  }
  const us = await usName(db, row.workspace_id);
  const ourSide = body.our_side;
  const names = {
    blue: { id: null, name: ourSide === "BLUE" ? us : row.opponent_name },
    red: { id: null, name: ourSide === "RED" ? us : row.opponent_name },
  };
  const title = `${titleOf(row)} · Game ${game.number}`;
  let input: Parameters<typeof createImportedSession>[2];
  let source: "logged" | "imported";
  if ("file" in body) {
    const { byKey } = await championKeys(db);
    const imported = validateDraftImport(body.file, byKey);
    input = {
      title,
      description: imported.file.description,
      league: null,
      ...names,
      settings: imported.file.settings,
      format: imported.file.draft_format,
      winner: null,
      actions: imported.actions,
      state: imported.state,
    };
    source = "imported";
  } else {
    const format = body.format ?? fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT;
    const { ids } = await championKeys(db);
    const { state, actions } = replayLogged(format, ids, body.actions);
    input = {
      title,
      description: "",
      league: null,
      ...names,
      settings: {
        ban_timer: Number(row.turn_seconds),
        pick_timer: Number(row.turn_seconds),
        auto_advance: true,
      },
      format,
      winner: null,
      actions,
      state,
    };
    source = "logged";
  }
  if (input.state.actions.length < input.state.format.steps.length) {
    throw new AppError(
      409,
      "draft_incomplete",
      "Every step of the draft needs its champion (or a skipped ban).",
    );
  }
  const session = await createImportedSession(db, userId, input, { workspaceId: row.workspace_id });
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, {
      session_id: session.id,
      room_id: null,
      draft_source: source,
      our_side: ourSide,
      updated_at: nowIso(),
    });
    await insertAudit(trx, {
      game_id: game.id,
      action: "draft_logged",
      actor_id: userId,
      before: game.session_id ? { session_id: game.session_id } : null,
      after: { session_id: session.id, source },
    });
  });
  await changed(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** Plays the logged steps through the engine; a broken rule is a 409 with its code and the step. */
function replayLogged(
  spec: DraftFormatSpecBody,
  championIds: readonly number[],
  logged: readonly { champion_id: number | null }[],
): { state: DraftState; actions: (DraftActionInput & { is_auto: boolean })[] } {
  let state = createDraft({ format: buildFormat(spec), championIds: [...championIds] });
  const actions: (DraftActionInput & { is_auto: boolean })[] = [];
  for (const [index, step] of logged.entries()) {
    const turn = state.format.steps[index];
    if (!turn) {
      throw new AppError(409, "draft_complete", "The draft has fewer steps than were sent.", {
        [`actions.${index}`]: "The draft is already complete at this step.",
      });
    }
    const action = {
      phase_number: index,
      action_type: turn.type,
      team_side: turn.side,
      champion_id: step.champion_id,
    };
    const result = applyAction(state, action);
    if (!result.ok) {
      throw new AppError(409, result.code, `Step ${index + 1} breaks the draft rules (${result.code}).`, {
        [`actions.${index}`]: `Step ${index + 1} breaks the draft rules (${result.code}).`,
      });
    }
    state = result.state;
    actions.push({ ...action, is_auto: false });
  }
  return { state, actions };
}

// ---- results -------------------------------------------------------------------------------------

/** What a result looked like, for the audit trail and the correction's feed line. */
function resultSnapshot(game: GameRow, players: readonly PlayerRow[]) {
  if (game.result_source === null) return null;
  return {
    status: game.status,
    winner: game.winner,
    our_side: game.our_side,
    duration_seconds: game.duration_seconds === null ? null : Number(game.duration_seconds),
    figures: fromJson(game.figures) ?? {},
    players: players.map(lineOf).sort(byPosition),
    source: game.result_source,
    provider: game.result_provider,
  };
}

/**
 * Enters or corrects a game's result: staff any game, a player a game they are on the lineup of
 * (403 otherwise). A correction counts, keeps the before and after in the audit trail and shows
 * in the workspace's feed.
 */
export async function saveResult(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  body: ScrimResultBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "enter_results");
  const before = await listPlayers(db, [game.id]);
  if (!access.may("edit_scrims")) {
    const own = await ownRosterIds(db, userId, row.workspace_id);
    if (!playsIn(own, row, before)) {
      throw new AppError(403, "forbidden", "Players enter the results of their own games only.");
    }
  }
  const input = scrimResultBodySchema.parse(body);
  const correction = game.result_source !== null;
  const ourSide = input.our_side ?? game.our_side;
  // A roster player's line needs no typed name (the web sends the id only): it is stored with the
  // roster's name, so the analytics' players, the CSV and the audit trail say who played.
  const rosterNames = input.players.some((p) => p.roster_player_id !== null && p.name === "")
    ? new Map((await getRoster(db, userId, row.workspace_id)).map((player) => [player.id, player.name]))
    : new Map<string, string>();
  const lines = input.players.map((p) => ({
    game_id: game.id,
    position: p.position,
    roster_player_id: p.roster_player_id,
    name: p.name || (p.roster_player_id ? (rosterNames.get(p.roster_player_id) ?? "") : ""),
    champion_id: p.champion_id,
    kills: p.kills,
    deaths: p.deaths,
    assists: p.assists,
    gold_at_15: p.gold_at_15,
  }));
  const imported = input.source === "imported";
  const after = {
    status: input.status,
    winner: input.winner,
    our_side: ourSide,
    duration_seconds: input.duration_seconds,
    figures: input.figures,
    players: lines.map(({ game_id: _, ...line }) => line).sort(byPosition),
    source: input.source,
    provider: imported ? input.provider : null,
  };
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, {
      status: input.status,
      winner: input.winner,
      our_side: ourSide,
      duration_seconds: input.duration_seconds,
      figures: toJson(input.figures),
      result_source: input.source,
      result_provider: imported ? input.provider : null,
      result_entered_by: imported ? null : userId,
      result_entered_at: nowIso(),
      result_corrections: correction ? Number(game.result_corrections) + 1 : 0,
      updated_at: nowIso(),
    });
    await replacePlayers(trx, game.id, lines);
    await insertAudit(trx, {
      game_id: game.id,
      action: correction ? "result_corrected" : "result_entered",
      actor_id: userId,
      before: resultSnapshot(game, before),
      after,
    });
  });
  await changed(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** Clears a game's result (`edit_scrims`), audited: the game is scheduled again. */
export async function clearResult(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const before = await listPlayers(db, [game.id]);
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, {
      status: "scheduled",
      winner: null,
      duration_seconds: null,
      figures: toJson({}),
      result_source: null,
      result_provider: null,
      result_entered_by: null,
      result_entered_at: null,
      result_corrections: 0,
      updated_at: nowIso(),
    });
    await replacePlayers(trx, game.id, []);
    await insertAudit(trx, {
      game_id: game.id,
      action: "result_cleared",
      actor_id: userId,
      before: resultSnapshot(game, before),
      after: null,
    });
  });
  await changed(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

// ---- verdict and review --------------------------------------------------------------------------

/**
 * The staff's review of a game (`edit_scrims`): verdict, tags, notes per position, notes, and the
 * plan and branch followed (a plan of the same workspace; 400 otherwise). Audited.
 */
export async function saveReview(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  body: ScrimReviewBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const values: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (key: keyof GameRow, value: unknown, stored: unknown) => {
    before[key] = key === "tags" || key === "position_notes" ? fromJson(game[key]) : game[key];
    after[key] = value;
    values[key] = stored;
  };
  if (body.verdict !== undefined) note("verdict", body.verdict, body.verdict);
  if (body.tags !== undefined) {
    const tags = [...new Set(body.tags)];
    note("tags", tags, toJson(tags));
  }
  if (body.position_notes !== undefined) {
    const notes = Object.fromEntries(Object.entries(body.position_notes).filter(([, text]) => text));
    note("position_notes", notes, toJson(notes));
  }
  if (body.notes !== undefined) note("notes", body.notes, body.notes);
  if (body.plan_id !== undefined || body.branch_id !== undefined) {
    const planId = body.plan_id === undefined ? game.plan_id : body.plan_id;
    if (planId === null) {
      Object.assign(values, {
        plan_id: null,
        plan_version: null,
        branch_id: null,
        branch_label: null,
        plan_source: null,
      });
      before.plan_id = game.plan_id;
      after.plan_id = null;
    } else {
      const plan = await planRef(db, planId);
      if (!plan || plan.workspace_id !== row.workspace_id) {
        throw new AppError(400, "validation_error", "Invalid input.", {
          plan_id: "Not a plan of this workspace",
        });
      }
      const branchId = body.branch_id === undefined ? game.branch_id : body.branch_id || null;
      const label = branchId ? await branchLabel(db, userId, planId, branchId) : null;
      Object.assign(values, {
        plan_id: planId,
        plan_version: null,
        branch_id: branchId,
        branch_label: label,
        plan_source: "manual",
      });
      before.plan = { id: game.plan_id, branch_id: game.branch_id };
      after.plan = { id: planId, branch_id: branchId };
    }
  }
  if (Object.keys(values).length === 0) return present(db, userId, row, access);
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, { ...values, updated_at: nowIso() });
    await insertAudit(trx, { game_id: game.id, action: "review_changed", actor_id: userId, before, after });
  });
  await changed(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** A branch's label in a plan's current content (400 when the plan has no such branch). */
async function branchLabel(
  db: Kysely<Database>,
  userId: number,
  planId: string,
  branchId: string,
): Promise<string> {
  const plan = await getPlan(db, userId, planId);
  const found = findBranch(plan.content.branches, branchId);
  if (!found)
    throw new AppError(400, "validation_error", "Invalid input.", { branch_id: "Not a branch of this plan" });
  return found.label;
}

function findBranch(
  branches: readonly { id: string; label: string; children: readonly unknown[] }[],
  id: string,
): { id: string; label: string } | undefined {
  for (const branch of branches) {
    if (branch.id === id) return branch;
    const inner = findBranch(branch.children as typeof branches, id);
    if (inner) return inner;
  }
  return undefined;
}

// ---- audit, tags ---------------------------------------------------------------------------------

export async function gameHistory(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
): Promise<ScrimAuditEntry[]> {
  const { game } = await accessGame(db, userId, scrimId, gameId, "read");
  const rows = await listAudit(db, game.id);
  const users = await userRefs(
    db,
    rows.map((r) => r.actor_id),
  );
  return rows.map((r) => ({
    action: r.action as ScrimAuditEntry["action"],
    actor: r.actor_id === null ? null : (users.get(Number(r.actor_id)) ?? null),
    at: toIso(r.at),
    before: r.before === null ? null : fromJson(r.before),
    after: r.after === null ? null : fromJson(r.after),
  }));
}

/** The default tags, then the workspace's own by use (members only). */
export async function tagSuggestions(db: Kysely<Database>, userId: number, workspaceId: string) {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const uses = new Map<string, number>(SCRIM_TAG_SUGGESTIONS.map((tag) => [tag, 0]));
  for (const tags of await workspaceTags(db, workspaceId)) {
    for (const tag of fromJson<string[]>(tags) ?? []) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  }
  const defaults = new Set<string>(SCRIM_TAG_SUGGESTIONS);
  const own = [...uses]
    .filter(([tag]) => !defaults.has(tag))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    suggestions: [
      ...SCRIM_TAG_SUGGESTIONS.map((tag) => ({ tag, uses: uses.get(tag) ?? 0 })),
      ...own.map(([tag, n]) => ({ tag, uses: n })),
    ],
  };
}

/** Says in the feed that a scrim changed (a result, a correction, a verdict, a logged draft). */
async function changed(db: Kysely<Database>, row: ScrimRow, userId: number | null): Promise<void> {
  await updateScrimRow(db, row.id, { updated_at: nowIso() });
  await publish(db, "scrim.changed", {
    db,
    workspaceId: row.workspace_id,
    actorId: userId,
    verb: "changed",
    id: row.id,
    title: titleOf(row),
  });
}

// ---- a finished room's draft ---------------------------------------------------------------------

/**
 * A draft session's step (a room's or its owner's): once the draft is complete, when a scrim game
 * links it, or it is the next game of a scrim's fearless series, the game gets it with our side and, when our team followed a
 * plan in the room, the plan and branch from plan-vs-actual. Audited as the room's step (no actor).
 */
export async function attachFinishedDraft(db: Kysely<Database>, sessionId: string): Promise<void> {
  let game = await findGameOfSession(db, sessionId);
  let row: ScrimRow | undefined;
  if (game) row = await findScrim(db, game.scrim_id);
  else {
    const seriesGame = await seriesGameOfSession(db, sessionId);
    if (!seriesGame) return;
    row = await findScrimOfSeries(db, seriesGame.series_id);
    if (!row) return;
    game = (await listGames(db, [row.id])).find((g) => g.number === Number(seriesGame.number));
  }
  if (!game || !row) return;
  const session = await getSession(db, null, sessionId);
  if (session?.status !== "complete") return;
  // Once per draft: a later step on a finished draft (a correction) does not attach it again.
  const trail = await listAudit(db, game.id);
  const attached = trail.filter((entry) => entry.action === "draft_attached").at(-1);
  if (fromJson<{ session_id?: string } | null>(attached?.after ?? null)?.session_id === sessionId) return;
  const ownerId = await sessionOwnerId(db, sessionId);
  if (ownerId === undefined) return;
  let ourSide: Side | null = game.our_side;
  let plan: Awaited<ReturnType<typeof followedPlanOfRoom>>;
  try {
    const room = await roomOfSession(db, ownerId, sessionId);
    ourSide = room.our_side ?? ourSide;
    if (room.our_team && ourSide)
      plan = await followedPlanOfRoom(db, room.id, room.our_team, sessionId, ourSide);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const values: Record<string, unknown> = {
    session_id: sessionId,
    draft_source: row.mode === "fearless" ? "series" : "room",
    our_side: ourSide,
    updated_at: nowIso(),
  };
  // A plan a member chose by hand stays: plan-vs-actual only fills an empty one.
  if (plan && game.plan_source !== "manual") {
    Object.assign(values, {
      plan_id: plan.planId,
      plan_version: plan.version,
      branch_id: plan.branchId,
      branch_label: plan.branchLabel,
      plan_source: "plan_vs_actual",
    });
  }
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, values);
    await insertAudit(trx, {
      game_id: game.id,
      action: "draft_attached",
      actor_id: null,
      before: game.session_id && game.session_id !== sessionId ? { session_id: game.session_id } : null,
      after: {
        session_id: sessionId,
        our_side: ourSide,
        plan_id: plan?.planId ?? null,
        branch_id: plan?.branchId ?? null,
      },
    });
  });
  await changed(db, row, null);
}

// ---- the ledger (what analytics and the CSV export read) -----------------------------------------

/** A scrim's title and workspace (undefined: no such scrim), for the feed and comments. */
export async function scrimRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string; title: string } | undefined> {
  const row = await findScrim(db, id);
  if (!row) return undefined;
  return {
    // The feed and comments check membership of the workspace; the creator matters for nothing else.
    user_id: row.created_by === null ? 0 : Number(row.created_by),
    workspace_id: row.workspace_id,
    title: titleOf(row),
  };
}
