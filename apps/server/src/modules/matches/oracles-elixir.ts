import type { MatchProblemCode, Position } from "@draftroom/contracts";
import Papa from "papaparse";
import { csvRecords } from "./csv.ts";

/**
 * Reads Oracle's Elixir match data (12 rows per game: 5 players and one team row per side) into
 * whole games. Pure: the caller supplies the champion pool and stores the result.
 */

export type MatchSide = "BLUE" | "RED";

export interface ParsedPick {
  side: MatchSide;
  position: Position;
  champion_name: string;
  champion_id: number | null;
  /** 1-5 within the side's picks when the file gives the pick order, else null. */
  pick_order: number | null;
  /** The file's `playername` ("" when empty). */
  player: string;
}

export interface ParsedBan {
  side: MatchSide;
  /** 1-5 within the side's bans. */
  ban_order: number;
  champion_name: string;
  champion_id: number | null;
}

export interface ParsedGame {
  id: string;
  league: string;
  year: number | null;
  split: string;
  playoffs: boolean;
  date: string;
  game_number: number | null;
  patch: string;
  blue_team: string;
  red_team: string;
  winner: MatchSide;
  picks: ParsedPick[];
  bans: ParsedBan[];
  /** 1-based line numbers of the game's rows, for messages. */
  first_line: number;
}

export interface RowProblem {
  line: number;
  game_id: string | null;
  /** For the web to translate (contracts' MATCH_PROBLEM_CODES), with `params`. */
  code: MatchProblemCode;
  params: Record<string, string | number>;
  /** The same in English, for the CLI. */
  message: string;
}

const PROBLEM_TEXT: Record<MatchProblemCode, (p: Record<string, string | number>) => string> = {
  column_count: (p) => `expected ${p.expected} columns, found ${p.found}`,
  gameid_empty: () => "gameid is empty",
  rows_apart: (p) => `rows of game ${p.game_id} are not together (it started on line ${p.first_line})`,
  side_invalid: (p) => `side "${p.value}" is not Blue or Red`,
  result_invalid: (p) => `result "${p.value}" is not 0 or 1`,
  result_mismatch: () => "result differs from the side's other rows",
  second_team_row: (p) => `second team row for ${p.side}`,
  position_unknown: (p) => `position "${p.value}" is unknown`,
  champion_empty: () => "champion is empty",
  duplicate_position: (p) => `second ${p.position} for ${p.side}`,
  player_count: (p) => `${p.side} side has ${p.count} player rows, expected 5`,
  winner_ambiguous: () => "exactly one side must have result 1",
};

/** A row problem with its code, params and English message. */
function rowProblem(
  line: number,
  game_id: string | null,
  code: MatchProblemCode,
  params: Record<string, string | number> = {},
): RowProblem {
  return { line, game_id, code, params, message: PROBLEM_TEXT[code]({ ...params, game_id: game_id ?? "" }) };
}

export interface ParseResult {
  games: ParsedGame[];
  problems: RowProblem[];
  /** Champion names not found in the pool, with how many times each appeared. */
  unknown_champions: Map<string, number>;
  /** Data rows read (header excluded). */
  rows: number;
  /** Distinct game ids among the readable rows. */
  game_count: number;
}

export interface PoolChampion {
  id: number;
  name: string;
  champion_key: string;
}

const REQUIRED_COLUMNS = [
  "gameid",
  "league",
  "side",
  "position",
  "teamname",
  "champion",
  "ban1",
  "ban2",
  "ban3",
  "ban4",
  "ban5",
  "pick1",
  "pick2",
  "pick3",
  "pick4",
  "pick5",
  "result",
] as const;

const POSITION_MAP: Record<string, Position> = {
  top: "top",
  jng: "jungle",
  jungle: "jungle",
  mid: "mid",
  bot: "bot",
  adc: "bot",
  sup: "support",
  support: "support",
};

/** "K'Sante", "KSante" and "ksante" all match the same champion. */
export function normalizeChampionName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function championMatcher(pool: readonly PoolChampion[]): (name: string) => number | null {
  const byName = new Map<string, number>();
  for (const champion of pool) {
    byName.set(normalizeChampionName(champion.champion_key), champion.id);
  }
  // Display names win over keys when both normalise to the same text.
  for (const champion of pool) byName.set(normalizeChampionName(champion.name), champion.id);
  return (name) => byName.get(normalizeChampionName(name)) ?? null;
}

export class MatchFileError extends Error {}

interface Row {
  line: number;
  get: (column: string) => string;
}

/** Columns read from each row; the others (about 150 per row) are dropped as soon as a row is read. */
const KEPT_COLUMNS = [
  ...REQUIRED_COLUMNS,
  "year",
  "split",
  "playoffs",
  "date",
  "game",
  "patch",
  "playername",
] as const;

/**
 * Reads Oracle's Elixir rows one at a time and hands back each game as soon as its rows are read,
 * so a season file never sits in memory whole. A game's rows must be consecutive, as Oracle's
 * Elixir writes them; a game id seen again after another game started is a problem.
 *
 * @example
 * const reader = new GameReader(pool);
 * reader.header(cells);                     // throws MatchFileError when it is not such a file
 * for (...) games.push(...reader.row(cells, line));
 * games.push(...reader.end());
 */
export class GameReader {
  readonly problems: RowProblem[] = [];
  /** Champion names not found in the pool, with how many times each appeared. */
  readonly unknown_champions = new Map<string, number>();
  /** Data rows read (header excluded). */
  rows = 0;
  private readonly match: (name: string) => number | null;
  private columns: number[] = [];
  private width = 0;
  private readonly kept = new Map<string, number>();
  private current: { id: string; rows: Row[] } | null = null;
  /** Every game id met, with the line of its first row. */
  private readonly seen = new Map<string, number>();
  private readonly bad = new Set<string>();
  private readonly emitted = new Set<string>();
  /** Games already handed back that a later row turned out to belong to (their rows were split). */
  readonly retracted = new Set<string>();
  /** Problems of rows whose game id may only later turn out to be a game. */
  private readonly pendingIds: RowProblem[] = [];

  constructor(pool: readonly PoolChampion[]) {
    this.match = championMatcher(pool);
    KEPT_COLUMNS.forEach((column, index) => {
      this.kept.set(column, index);
    });
  }

  /** Distinct game ids among the readable rows. */
  get game_count(): number {
    return this.seen.size;
  }

  /** Reads the header; returns the highest index of a column the reader keeps. */
  header(cells: readonly string[]): number {
    const header = cells.map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, "") : cell));
    if (header.length === 0 || (header.length === 1 && (header[0] ?? "").trim() === "")) {
      throw new MatchFileError("The file is empty.");
    }
    const columnIndex = new Map(header.map((name, index) => [name.trim().toLowerCase(), index]));
    const missing = REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
    if (missing.length > 0) {
      throw new MatchFileError(
        `Not an Oracle's Elixir file: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
      );
    }
    this.width = header.length;
    this.columns = KEPT_COLUMNS.map((column) => columnIndex.get(column) ?? -1);
    return Math.max(...this.columns);
  }

  /**
   * Reads one data row (1-based `line`; `width`: its number of cells when `cells` holds only
   * the first ones); returns the games this row completed (0 or 1).
   */
  row(cells: readonly string[], line: number, width = cells.length): ParsedGame[] {
    if (width === 1 && (cells[0] ?? "").trim() === "") return [];
    this.rows += 1;
    const values = this.columns.map((index) => (index < 0 ? "" : (cells[index] ?? "").trim()));
    const kept = this.kept;
    const row: Row = { line, get: (column) => values[kept.get(column) ?? -1] ?? "" };
    const gameId = row.get("gameid");
    if (width !== this.width) {
      const problem = rowProblem(line, gameId || null, "column_count", {
        expected: this.width,
        found: width,
      });
      this.problems.push(problem);
      if (gameId !== "") {
        this.bad.add(gameId);
        if (this.emitted.has(gameId)) this.retracted.add(gameId);
        this.pendingIds.push(problem);
      }
      return [];
    }
    if (gameId === "") {
      this.problems.push(rowProblem(line, null, "gameid_empty"));
      return [];
    }
    if (this.current?.id === gameId) {
      this.current.rows.push(row);
      return [];
    }
    const done = this.flush();
    const firstLine = this.seen.get(gameId);
    if (firstLine !== undefined) {
      this.problems.push(rowProblem(line, gameId, "rows_apart", { first_line: firstLine }));
      this.bad.add(gameId);
      if (this.emitted.has(gameId)) this.retracted.add(gameId);
      return done;
    }
    this.seen.set(gameId, line);
    this.current = { id: gameId, rows: [row] };
    return done;
  }

  /** Call after the last row: returns the last game, and settles the problems' game ids. */
  end(): ParsedGame[] {
    const done = this.flush();
    // An unreadable row names a game only when other rows of that game exist.
    for (const problem of this.pendingIds) {
      if (problem.game_id !== null && !this.seen.has(problem.game_id)) problem.game_id = null;
    }
    this.problems.sort((a, b) => a.line - b.line);
    return done;
  }

  private resolve(name: string): number | null {
    const id = this.match(name);
    if (id === null) this.unknown_champions.set(name, (this.unknown_champions.get(name) ?? 0) + 1);
    return id;
  }

  private flush(): ParsedGame[] {
    const current = this.current;
    this.current = null;
    // A game with an unreadable row is left out whole; its other rows add no further noise.
    if (!current || this.bad.has(current.id)) return [];
    const gameProblems: RowProblem[] = [];
    const game = buildGame(current.id, current.rows, gameProblems);
    if (game === null) {
      this.problems.push(...gameProblems);
      return [];
    }
    for (const pick of game.picks) pick.champion_id = this.resolve(pick.champion_name);
    for (const ban of game.bans) ban.champion_id = this.resolve(ban.champion_name);
    this.emitted.add(game.id);
    return [game];
  }
}

/** Parses a whole file held in memory (small files, tests). Throws MatchFileError when it is not Oracle's Elixir data. */
export function parseOraclesElixir(text: string, pool: readonly PoolChampion[]): ParseResult {
  const table = Papa.parse<string[]>(text, { skipEmptyLines: false }).data;
  const reader = new GameReader(pool);
  reader.header(table[0] ?? []);
  const games: ParsedGame[] = [];
  for (let index = 1; index < table.length; index += 1) {
    games.push(...reader.row(table[index] ?? [], index + 1));
  }
  games.push(...reader.end());
  return {
    games: games.filter((game) => !reader.retracted.has(game.id)),
    problems: reader.problems,
    unknown_champions: reader.unknown_champions,
    rows: reader.rows,
    game_count: reader.game_count,
  };
}

/**
 * Streams a file through the reader: yields games in batches of about `batchSize` as their rows
 * arrive. Throws MatchFileError from the header. Memory stays flat whatever the file's size.
 */
export async function* readGames(
  input: AsyncIterable<Buffer | string>,
  reader: GameReader,
  batchSize = 200,
): AsyncGenerator<ParsedGame[]> {
  let line = 0;
  let batch: ParsedGame[] = [];
  // Only the columns the reader keeps are split out of each line (Oracle's Elixir has ~160).
  const keep = (header: string[]) => reader.header(header) + 1;
  for await (const { records, widths } of csvRecords(input, keep)) {
    for (let index = 0; index < records.length; index += 1) {
      line += 1;
      if (line === 1) continue;
      const games = reader.row(records[index]!, line, widths[index]);
      if (games.length > 0) batch.push(...games);
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (line === 0) throw new MatchFileError("The file is empty.");
  batch.push(...reader.end());
  if (batch.length > 0) yield batch;
}

function parseSide(value: string): MatchSide | null {
  const lower = value.toLowerCase();
  if (lower === "blue") return "BLUE";
  if (lower === "red") return "RED";
  return null;
}

function buildGame(id: string, rows: Row[], problems: RowProblem[]): ParsedGame | null {
  const players: Array<{ row: Row; side: MatchSide; position: Position }> = [];
  const teamRows = new Map<MatchSide, Row>();
  const results = new Map<MatchSide, string>();
  for (const row of rows) {
    const side = parseSide(row.get("side"));
    if (side === null) {
      problems.push(rowProblem(row.line, id, "side_invalid", { value: row.get("side") }));
      continue;
    }
    const result = row.get("result");
    if (result !== "0" && result !== "1") {
      problems.push(rowProblem(row.line, id, "result_invalid", { value: result }));
      continue;
    }
    const previous = results.get(side);
    if (previous !== undefined && previous !== result) {
      problems.push(rowProblem(row.line, id, "result_mismatch"));
      continue;
    }
    results.set(side, result);
    const rawPosition = row.get("position").toLowerCase();
    if (rawPosition === "team") {
      if (teamRows.has(side)) {
        problems.push(rowProblem(row.line, id, "second_team_row", { side: side.toLowerCase() }));
        continue;
      }
      teamRows.set(side, row);
      continue;
    }
    const position = POSITION_MAP[rawPosition];
    if (!position) {
      problems.push(rowProblem(row.line, id, "position_unknown", { value: row.get("position") }));
      continue;
    }
    if (row.get("champion") === "") {
      problems.push(rowProblem(row.line, id, "champion_empty"));
      continue;
    }
    if (players.some((player) => player.side === side && player.position === position)) {
      problems.push(rowProblem(row.line, id, "duplicate_position", { side: side.toLowerCase(), position }));
      continue;
    }
    players.push({ row, side, position });
  }
  if (problems.length > 0) return null;

  for (const side of ["BLUE", "RED"] as const) {
    const count = players.filter((player) => player.side === side).length;
    if (count !== 5) {
      problems.push(rowProblem(rows[0]?.line ?? 0, id, "player_count", { side: side.toLowerCase(), count }));
    }
  }
  const blueResult = results.get("BLUE");
  const redResult = results.get("RED");
  if (problems.length === 0 && (blueResult === undefined || blueResult === redResult)) {
    problems.push(rowProblem(rows[0]?.line ?? 0, id, "winner_ambiguous"));
  }
  if (problems.length > 0) return null;

  const picks: ParsedPick[] = [];
  const bans: ParsedBan[] = [];
  for (const side of ["BLUE", "RED"] as const) {
    const sideRows = players.filter((player) => player.side === side);
    const source = teamRows.get(side) ?? sideRows[0]?.row;
    const order = new Map<string, number>();
    const teamRow = teamRows.get(side);
    if (teamRow) {
      for (let n = 1; n <= 5; n += 1) {
        const name = teamRow.get(`pick${n}`);
        if (name !== "") order.set(name.toLowerCase(), n);
      }
    }
    for (const player of sideRows) {
      const name = player.row.get("champion");
      picks.push({
        side,
        position: player.position,
        champion_name: name,
        champion_id: null,
        pick_order: order.get(name.toLowerCase()) ?? null,
        player: player.row.get("playername"),
      });
    }
    if (source) {
      for (let n = 1; n <= 5; n += 1) {
        const name = source.get(`ban${n}`);
        if (name !== "") bans.push({ side, ban_order: n, champion_name: name, champion_id: null });
      }
    }
  }

  const first = rows[0]!;
  const blueTeamRow = teamRows.get("BLUE") ?? players.find((player) => player.side === "BLUE")?.row;
  const redTeamRow = teamRows.get("RED") ?? players.find((player) => player.side === "RED")?.row;
  const year = Number.parseInt(first.get("year"), 10);
  const gameNumber = Number.parseInt(first.get("game"), 10);
  return {
    id,
    league: first.get("league"),
    year: Number.isFinite(year) ? year : null,
    split: first.get("split"),
    playoffs: first.get("playoffs") === "1",
    date: first.get("date"),
    game_number: Number.isFinite(gameNumber) ? gameNumber : null,
    patch: first.get("patch"),
    blue_team: blueTeamRow?.get("teamname") ?? "",
    red_team: redTeamRow?.get("teamname") ?? "",
    winner: blueResult === "1" ? "BLUE" : "RED",
    picks,
    bans,
    first_line: first.line,
  };
}
