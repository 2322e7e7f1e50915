import { randomUUID } from "node:crypto";
import type { Champion, DraftAction, LockedChampion, Series, SeriesSummary } from "@draftroom/contracts";
import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  gameDraftTitle,
  type seriesCreateBodySchema,
} from "@draftroom/contracts";
import {
  type BestOf,
  draftLocks,
  gameSides,
  type LockReason,
  lockedFor,
  nextGame,
  otherTeam,
  presetOf,
  type SeriesInput,
  type SeriesTeam,
  type Side,
  seriesScore,
  sideOfTeam,
  teamOnSide,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { fromJson, toBool, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { languageOf } from "../accounts/service.ts";
import { championsByIds } from "../champions/service.ts";
import {
  createGameSession,
  moveSessionsToWorkspace,
  offerWinnerToLedger,
  resolveSeriesTeams,
  sessionActions,
  setSessionWinner,
} from "../drafts/service.ts";
import { createWithinDraftLimit, type DraftLimitOptions } from "../subscriptions/service.ts";
import {
  deleteSeriesRow,
  findGameOfSession,
  findSeriesOwnership,
  findSeriesRow,
  type GameRow,
  insertGame,
  insertSeries,
  listGames,
  listSeriesRows,
  lockSeries,
  type SeriesRow,
  setGameWinner,
  setSeriesWorkspace,
} from "./repository.ts";

/**
 * Best-of-N series: the rules live in packages/draft (`lockedFor`,
 * `nextGame`, `gameSides`, `seriesScore`); this service loads a series, asks them, and stores
 * what they decide. Each game is a draft session created here; the drafts service validates its
 * actions against the locks `seriesLocksForSession` gives it.
 */

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof seriesCreateBodySchema>;

export function seriesNotFound(): AppError {
  return new AppError(404, "not_found", "Series not found.");
}

function teamName(row: SeriesRow, team: SeriesTeam): string {
  return team === "A" ? row.team_a_name : row.team_b_name;
}

function toInput(
  row: SeriesRow,
  games: readonly GameRow[],
  actions: Map<string, DraftAction[]>,
): SeriesInput {
  return {
    best_of: Number(row.best_of) as BestOf,
    rule: {
      from: row.fearless_from,
      scope: row.fearless_scope,
      reset_last_game: toBool(row.reset_last_game),
    },
    disabled: fromJson<number[]>(row.disabled_champions),
    side_choice: row.side_choice,
    scrim_block: toBool(row.scrim_block),
    games: games.map((game) => ({
      number: game.number,
      blue: game.blue_team,
      // A game reopened with "modify from this point" has no result until its draft ends again.
      winner: game.status === "complete" ? game.winner : null,
      actions: actions.get(game.session_id) ?? [],
    })),
  };
}

// ---- what other modules read of a series ------------------------------------------------------
// Other modules never import this module's repository or tables (decision record 025).

/** The series game a session is (its series, number, and which team plays blue), or undefined. */
export function seriesGameOfSession(
  db: Db,
  sessionId: string,
): Promise<{ series_id: string; number: number; blue_team: "A" | "B" } | undefined> {
  return findGameOfSession(db, sessionId);
}

/** Who created a series and which workspace holds it (undefined: no such series), for access checks. */
export function seriesOwnership(
  db: Db,
  seriesId: string,
): Promise<{ user_id: number; workspace_id: string | null } | undefined> {
  return findSeriesOwnership(db, seriesId);
}

/** The series' latest game (the one being played or last played), or undefined before game 1. */
export async function latestSeriesGame(db: Db, seriesId: string): Promise<GameRow | undefined> {
  return (await listGames(db, [seriesId])).at(-1);
}

/**
 * A winner recorded on a series game's session (the draft page's result buttons) becomes the
 * game's winning team. No-op for a standalone session.
 */
export async function syncWinnerFromSession(db: Db, sessionId: string, winner: Side | null): Promise<void> {
  const game = await findGameOfSession(db, sessionId);
  if (!game) return;
  const team = winner === null ? null : winner === "BLUE" ? game.blue_team : otherTeam(game.blue_team);
  await setGameWinner(db, game.series_id, game.number, team);
}

async function loadActions(db: Db, games: readonly GameRow[]): Promise<Map<string, DraftAction[]>> {
  const lists = await Promise.all(games.map((game) => sessionActions(db, game.session_id)));
  return new Map(games.map((game, index) => [game.session_id, lists[index]!]));
}

function explainReason(row: SeriesRow, reason: LockReason): { detail: string; game: number | null } {
  if (reason.kind === "disabled") return { detail: "That champion is disabled for this series.", game: null };
  const verb = reason.kind === "picked" ? "Picked" : "Banned";
  return { detail: `${verb} by ${teamName(row, reason.team)} in game ${reason.game}.`, game: reason.game };
}

/**
 * The locks of a session that is a series game, for the drafts service (null for a standalone
 * session): champions locked for both sides, per side, and why one is locked for a side.
 */
export async function seriesLocksForSession(db: Db, sessionId: string) {
  const game = await findGameOfSession(db, sessionId);
  if (!game) return null;
  const row = await findSeriesRow(db, null, game.series_id);
  if (!row) return null;
  const games = (await listGames(db, [row.id])).filter((other) => other.number < game.number);
  const input = toInput(row, games, await loadActions(db, games));
  const locks = draftLocks(input, { number: game.number, blue: game.blue_team });
  const perTeam = { A: lockedFor(input, game.number, "A"), B: lockedFor(input, game.number, "B") };
  return {
    ...locks,
    explain: (championId: number, side: Side) => {
      const reason = perTeam[teamOnSide({ blue: game.blue_team }, side)].get(championId);
      return reason ? explainReason(row, reason) : null;
    },
  };
}

function lockedList(locked: Map<number, LockReason>): LockedChampion[] {
  return [...locked].map(([champion_id, reason]) =>
    reason.kind === "disabled"
      ? { champion_id, kind: "disabled", team: null, game: null }
      : { champion_id, kind: reason.kind, team: reason.team, game: reason.game },
  );
}

async function present(
  db: Db,
  row: SeriesRow,
  games: readonly GameRow[],
  loaded?: Map<string, DraftAction[]>,
): Promise<Series> {
  const actions = loaded ?? (await loadActions(db, games));
  const input = toInput(row, games, actions);
  const score = seriesScore(input);
  const next = nextGame(input);
  // The locks shown: the game being played, else the next one; a finished series shows what
  // its games locked (the rule without the last-game reset).
  const lockedGame = next.status === "complete" ? games.length + 1 : next.number;
  const shown =
    next.status === "complete" ? { ...input, rule: { ...input.rule, reset_last_game: false } } : input;
  const locked = { A: lockedFor(shown, lockedGame, "A"), B: lockedFor(shown, lockedGame, "B") };
  let chooser: Series["next"]["chooser"] = null;
  if (next.status === "ready") {
    // Asked with a placeholder answer: only who chooses matters here.
    const sides = gameSides(input, next.number, "A");
    const who = sides.ok ? sides.chooser : null;
    chooser = who
      ? who.by === "team"
        ? { by: "team", team: who.team }
        : { by: "organiser", team: null }
      : null;
  }
  const ids = new Set<number>([...locked.A.keys(), ...locked.B.keys()]);
  for (const list of actions.values())
    for (const action of list) if (action.champion_id) ids.add(action.champion_id);
  const champions: Champion[] = await championsByIds(db, [...ids]);
  return {
    id: row.id,
    title: row.title,
    league:
      row.league_id === null || row.league_name === null
        ? null
        : { id: Number(row.league_id), name: row.league_name },
    team_a: { id: row.team_a_id === null ? null : Number(row.team_a_id), name: row.team_a_name },
    team_b: { id: row.team_b_id === null ? null : Number(row.team_b_id), name: row.team_b_name },
    best_of: input.best_of,
    rule: input.rule,
    preset: presetOf(input.rule),
    disabled_champions: [...input.disabled],
    side_choice: input.side_choice,
    scrim_block: input.scrim_block,
    format: storedFormat(row.format),
    settings: {
      ban_timer: Number(row.ban_timer),
      pick_timer: Number(row.pick_timer),
      auto_advance: toBool(row.auto_advance),
      timed: true,
    },
    score,
    status: next.status === "complete" ? "complete" : "in_progress",
    next: {
      status: next.status,
      number: next.status === "complete" ? null : next.number,
      chooser,
    },
    games: games.map((game) => ({
      number: game.number,
      session_id: game.session_id,
      blue_team: game.blue_team,
      winner: game.winner,
      status: game.status,
      current_step: game.current_step,
      actions: actions.get(game.session_id) ?? [],
    })),
    locked_game: lockedGame,
    locked: { A: lockedList(locked.A), B: lockedList(locked.B) },
    champions,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** One series with its games, score, next step and locks (`userId: null`: the public view). */
/**
 * What a delayed public view may know of a series' games (decision 018), as the series' live room
 * computes it from its log up to `now - delay`: later games are not shown, results recorded since
 * are not shown, and the game being played shows its draft as it stood.
 */
export interface SeriesGamesAsOf {
  /** The last game shown. */
  readonly lastGame: number;
  /** Games from this one on show only the results in `winners` (earlier ones predate the room). */
  readonly firstGame: number;
  readonly winners: ReadonlyMap<number, SeriesTeam | null>;
  /** The series' last change the viewer may know of (ISO), when the stored one is too recent. */
  readonly updatedAt: string | null;
  readonly current: {
    readonly number: number;
    readonly status: GameRow["status"];
    readonly current_step: number;
    readonly actions: DraftAction[];
  } | null;
}

export async function getSeries(
  db: Db,
  userId: number | null,
  id: string,
  asOf?: SeriesGamesAsOf,
): Promise<Series> {
  const row = await findSeriesRow(db, userId, id);
  if (!row) throw seriesNotFound();
  const games = await listGames(db, [row.id]);
  if (!asOf) return present(db, row, games);
  const shown = games
    .filter((game) => game.number <= asOf.lastGame)
    .map((game) => {
      const winner = game.number < asOf.firstGame ? game.winner : (asOf.winners.get(game.number) ?? null);
      const current = asOf.current?.number === game.number ? asOf.current : null;
      return current
        ? { ...game, winner, status: current.status, current_step: current.current_step }
        : { ...game, winner };
    });
  const actions = await loadActions(db, shown);
  const current = asOf.current && shown.find((game) => game.number === asOf.current?.number);
  if (current && asOf.current) actions.set(current.session_id, asOf.current.actions);
  const series = await present(db, row, shown, actions);
  return asOf.updatedAt ? { ...series, updated_at: asOf.updatedAt } : series;
}

export async function listSeries(
  db: Db,
  userId: number,
  page: number,
  workspaceId?: string,
): Promise<{ count: number; results: SeriesSummary[] }> {
  const { count, rows } = await listSeriesRows(db, userId, page, workspaceId);
  const games = await listGames(
    db,
    rows.map((row) => row.id),
  );
  const results = rows.map((row): SeriesSummary => {
    const own = games.filter((game) => game.series_id === row.id);
    const rule = {
      from: row.fearless_from,
      scope: row.fearless_scope,
      reset_last_game: toBool(row.reset_last_game),
    };
    const input = { best_of: Number(row.best_of), scrim_block: toBool(row.scrim_block), games: own };
    return {
      id: row.id,
      title: row.title,
      team_a: { id: row.team_a_id === null ? null : Number(row.team_a_id), name: row.team_a_name },
      team_b: { id: row.team_b_id === null ? null : Number(row.team_b_id), name: row.team_b_name },
      best_of: Number(row.best_of),
      preset: presetOf(rule),
      rule,
      score: seriesScore(input),
      status:
        nextGame({ ...input, best_of: input.best_of as BestOf }).status === "complete"
          ? "complete"
          : "in_progress",
      created_at: toIso(row.created_at),
    };
  });
  return { count, results };
}

/**
 * Creates the draft session of a game (in the series' workspace, if it has one) and links it,
 * inside the caller's transaction.
 */
async function addGame(
  trx: Transaction<Database>,
  userId: number,
  row: SeriesRow,
  number: number,
  blue: SeriesTeam,
) {
  const red = otherTeam(blue);
  const sessionId = await createGameSession(trx, userId, {
    title: gameDraftTitle(row.title, number, await languageOf(trx, userId)),
    league: row.league_id === null ? null : { id: Number(row.league_id), name: row.league_name ?? "" },
    blue: { id: blue === "A" ? row.team_a_id : row.team_b_id, name: teamName(row, blue) },
    red: { id: red === "A" ? row.team_a_id : row.team_b_id, name: teamName(row, red) },
    settings: {
      ban_timer: Number(row.ban_timer),
      pick_timer: Number(row.pick_timer),
      auto_advance: toBool(row.auto_advance),
    },
    format: storedFormat(row.format),
  });
  await insertGame(trx, { series_id: row.id, number, session_id: sessionId, blue_team: blue });
  // A workspace series' games are the workspace's, as moving the series moves every game: its
  // room and each game's draft answer to the workspace's roles (decision 040), not the creator's.
  const holder = await findSeriesOwnership(trx, row.id);
  if (holder?.workspace_id) await moveSessionsToWorkspace(trx, userId, [sessionId], holder.workspace_id);
}

/**
 * Creates a series and its first game. A series counts as one saved draft for the plan limit
 * (checked atomically with the insert); later games do not count.
 */
export async function createSeries(
  db: Kysely<Database>,
  userId: number,
  body: CreateBody,
  limit: DraftLimitOptions = {},
): Promise<Series> {
  const refs = await resolveSeriesTeams(db, userId, body.league_id, body.team_a_id, body.team_b_id);
  const id = randomUUID();
  const values = {
    id,
    user_id: userId,
    title: body.title,
    league_id: refs.league.id,
    team_a_id: refs.a.id,
    team_b_id: refs.b.id,
    team_a_name: body.team_a_name?.trim() || refs.a.name,
    team_b_name: body.team_b_name?.trim() || refs.b.name,
    best_of: body.best_of,
    fearless_from: body.rule.from,
    fearless_scope: body.rule.scope,
    reset_last_game: body.rule.reset_last_game,
    disabled_champions: toJson([...new Set(body.disabled_champions)]),
    side_choice: body.side_choice,
    scrim_block: body.scrim_block,
    format: toJson(body.format ?? DEFAULT_DRAFT_FORMAT),
    ban_timer: body.settings?.ban_timer ?? DEFAULT_DRAFT_SETTINGS.ban_timer,
    pick_timer: body.settings?.pick_timer ?? DEFAULT_DRAFT_SETTINGS.pick_timer,
    auto_advance: body.settings?.auto_advance ?? DEFAULT_DRAFT_SETTINGS.auto_advance,
  };
  await createWithinDraftLimit(
    db,
    userId,
    async (trx) => {
      await insertSeries(trx, values);
      const row = await findSeriesRow(trx, userId, id);
      if (!row) throw seriesNotFound();
      await addGame(trx, userId, row, 1, body.first_blue);
    },
    limit,
  );
  return getSeries(db, userId, id);
}

/** A series between two teams known by name only (a scrim's fearless block, decision 050). */
export interface NamedSeriesInput {
  title: string;
  teamAName: string;
  teamBName: string;
  bestOf: BestOf;
  /**
   * Every game is played even once the series is decided (`scrim_block`): a scrim's block. An
   * official match ends when it is won.
   */
  playAll: boolean;
  rule: CreateBody["rule"];
  firstBlue: SeriesTeam;
  format: CreateBody["format"];
  settings: { ban_timer: number; pick_timer: number; auto_advance: boolean };
  /** The workspace the series and its games' drafts belong to. */
  workspaceId: string;
}

/**
 * Creates a series without league teams (names only), every game played (`scrim_block`) when
 * `playAll`, in a workspace the caller edits drafts in (checked by the caller), with its first
 * game. Born in the workspace, it is covered by the workspace's plan, not the member's personal
 * draft limit.
 */
export async function createNamedSeries(
  db: Kysely<Database>,
  userId: number,
  input: NamedSeriesInput,
): Promise<Series> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertSeries(trx, {
      id,
      user_id: userId,
      title: input.title,
      league_id: null,
      team_a_id: null,
      team_b_id: null,
      team_a_name: input.teamAName,
      team_b_name: input.teamBName,
      best_of: input.bestOf,
      fearless_from: input.rule.from,
      fearless_scope: input.rule.scope,
      reset_last_game: input.rule.reset_last_game,
      disabled_champions: toJson([]),
      side_choice: "organiser",
      scrim_block: input.playAll,
      format: toJson(input.format ?? DEFAULT_DRAFT_FORMAT),
      ban_timer: input.settings.ban_timer,
      pick_timer: input.settings.pick_timer,
      auto_advance: input.settings.auto_advance,
    });
    await setSeriesWorkspace(trx, userId, id, input.workspaceId);
    const row = await findSeriesRow(trx, userId, id);
    if (!row) throw seriesNotFound();
    await addGame(trx, userId, row, 1, input.firstBlue);
  });
  return getSeries(db, userId, id);
}

/** Starts the next game with the sides the series' side choice gives (409 when it cannot start). */
export async function startGame(
  db: Kysely<Database>,
  userId: number,
  id: string,
  chosen: SeriesTeam | undefined,
): Promise<Series> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockSeries(trx, userId, id))) throw seriesNotFound();
    const row = await findSeriesRow(trx, userId, id);
    if (!row) throw seriesNotFound();
    const games = await listGames(trx, [id]);
    const input = toInput(row, games, new Map());
    const next = nextGame(input);
    if (next.status === "complete") throw new AppError(409, "series_complete", "The series is over.");
    if (next.status === "waiting") {
      throw new AppError(409, "game_in_progress", `Record the winner of game ${next.number} first.`);
    }
    const sides = gameSides(input, next.number, chosen);
    if (!sides.ok) {
      throw new AppError(400, "side_required", "Choose the team on the blue side.", {
        blue_team: "Choose the team on the blue side.",
      });
    }
    await addGame(trx, userId, row, next.number, sides.blue);
  });
  return getSeries(db, userId, id);
}

/**
 * Records (or clears) a game's winner; the game's draft must be complete. The session's own
 * winner (a side) follows, so statistics count series games like any finished draft. A fearless
 * scrim's game is also a game of the scrim ledger, which hears the result first and may refuse it
 * (clearing a result the ledger keeps: decision 083); `memberId` is who recorded it.
 */
export async function recordWinner(
  db: Kysely<Database>,
  userId: number,
  id: string,
  number: number,
  winner: SeriesTeam | null,
  memberId: number = userId,
): Promise<Series> {
  // The ledger writes in its own transaction, so it is asked before this one, on the same checks.
  const owner = await findSeriesOwnership(db, id);
  if (owner?.user_id !== userId) throw seriesNotFound();
  const asked = gameToRecord(await listGames(db, [id]), number, winner);
  await offerWinnerToLedger(db, memberId, asked.session_id, winningSide(asked, winner));
  await db.transaction().execute(async (trx) => {
    if (!(await lockSeries(trx, userId, id))) throw seriesNotFound();
    const game = gameToRecord(await listGames(trx, [id]), number, winner);
    await setGameWinner(trx, id, number, winner);
    await setSessionWinner(trx, game.session_id, winningSide(game, winner));
  });
  return getSeries(db, userId, id);
}

/** The game whose winner may be recorded as `winner`, or the AppError that says why not. */
function gameToRecord(games: readonly GameRow[], number: number, winner: SeriesTeam | null): GameRow {
  const game = games.find((candidate) => candidate.number === number);
  if (!game) throw new AppError(404, "not_found", "Game not found.");
  if (game.status !== "complete") {
    throw new AppError(409, "draft_incomplete", "A result can only be recorded for a complete draft.");
  }
  // A later game already started: its sides and locks were decided with this result.
  if (games.some((other) => other.number > number) && winner === null) {
    throw new AppError(
      409,
      "game_in_progress",
      "A later game has started; the result can be changed, not cleared.",
    );
  }
  return game;
}

/** The side that won, for the game's session (null: no winner). */
function winningSide(game: GameRow, winner: SeriesTeam | null): Side | null {
  return winner === null ? null : sideOfTeam({ blue: game.blue_team }, winner);
}

export async function deleteSeries(db: Kysely<Database>, userId: number, id: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const sessions = (await listGames(trx, [id])).map((game) => game.session_id);
    if (!(await deleteSeriesRow(trx, userId, id))) throw seriesNotFound();
    return sessions;
  });
}

/**
 * "Move to workspace": the series and every game's draft session move together, in one
 * transaction (access is checked by the route: workspaces/access.ts).
 */
export async function moveSeries(
  db: Kysely<Database>,
  userId: number,
  id: string,
  workspaceId: string | null,
): Promise<Series> {
  await db.transaction().execute(async (trx) => {
    if (!(await setSeriesWorkspace(trx, userId, id, workspaceId))) throw seriesNotFound();
    const games = await listGames(trx, [id]);
    await moveSessionsToWorkspace(
      trx,
      userId,
      games.map((game) => game.session_id),
      workspaceId,
    );
  });
  return getSeries(db, userId, id);
}

/** A series' creator, workspace and title (undefined: no such series), for other modules' checks. */
export async function seriesRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null; title: string } | undefined> {
  const [owner, row] = await Promise.all([findSeriesOwnership(db, id), findSeriesRow(db, null, id)]);
  return owner && row ? { ...owner, title: row.title } : undefined;
}

/** Every series of a workspace with its games, newest first (access checked by the caller). */
export async function workspaceSeries(db: Kysely<Database>, workspaceId: string): Promise<Series[]> {
  const all: Series[] = [];
  for (let page = 1; ; page++) {
    const { count, results } = await listSeries(db, 0, page, workspaceId);
    for (const summary of results) all.push(await getSeries(db, null, summary.id));
    if (results.length === 0 || all.length >= count) return all;
  }
}
