import type { Position } from "@draftroom/contracts";
import Papa from "papaparse";

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
  message: string;
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

/** Parses a whole file. Throws MatchFileError when the file is not Oracle's Elixir data at all. */
export function parseOraclesElixir(text: string, pool: readonly PoolChampion[]): ParseResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const table = parsed.data;
  const header = table[0];
  if (!header || header.length === 0 || (header.length === 1 && header[0] === "")) {
    throw new MatchFileError("The file is empty.");
  }
  const columnIndex = new Map(header.map((name, index) => [name.trim().toLowerCase(), index]));
  const missing = REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) {
    throw new MatchFileError(
      `Not an Oracle's Elixir file: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
    );
  }

  const match = championMatcher(pool);
  const unknown = new Map<string, number>();
  const resolve = (name: string): number | null => {
    const id = match(name);
    if (id === null) unknown.set(name, (unknown.get(name) ?? 0) + 1);
    return id;
  };

  const problems: RowProblem[] = [];
  const rowsByGame = new Map<string, Row[]>();
  let rows = 0;
  for (let index = 1; index < table.length; index += 1) {
    const cells = table[index] ?? [];
    const line = index + 1;
    if (cells.length === 1 && (cells[0] ?? "").trim() === "") continue;
    rows += 1;
    const row: Row = {
      line,
      get: (column) => (cells[columnIndex.get(column) ?? -1] ?? "").trim(),
    };
    if (cells.length !== header.length) {
      problems.push({
        line,
        game_id: row.get("gameid") || null,
        message: `expected ${header.length} columns, found ${cells.length}`,
      });
      continue;
    }
    const gameId = row.get("gameid");
    if (gameId === "") {
      problems.push({ line, game_id: null, message: "gameid is empty" });
      continue;
    }
    const list = rowsByGame.get(gameId);
    if (list) list.push(row);
    else rowsByGame.set(gameId, [row]);
  }

  const badGames = new Set(problems.map((problem) => problem.game_id).filter((id) => id !== null));
  const games: ParsedGame[] = [];
  for (const [gameId, gameRows] of rowsByGame) {
    // A game with an unreadable row is left out whole; its other rows add no further noise.
    if (badGames.has(gameId)) continue;
    const gameProblems: RowProblem[] = [];
    const game = buildGame(gameId, gameRows, gameProblems);
    if (game === null) {
      problems.push(...gameProblems);
      continue;
    }
    for (const pick of game.picks) pick.champion_id = resolve(pick.champion_name);
    for (const ban of game.bans) ban.champion_id = resolve(ban.champion_name);
    games.push(game);
  }
  // An unreadable row names a game only when other rows of that game exist.
  for (const problem of problems) {
    if (problem.game_id !== null && !rowsByGame.has(problem.game_id)) problem.game_id = null;
  }
  problems.sort((a, b) => a.line - b.line);
  return { games, problems, unknown_champions: unknown, rows, game_count: rowsByGame.size };
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
      problems.push({ line: row.line, game_id: id, message: `side "${row.get("side")}" is not Blue or Red` });
      continue;
    }
    const result = row.get("result");
    if (result !== "0" && result !== "1") {
      problems.push({ line: row.line, game_id: id, message: `result "${result}" is not 0 or 1` });
      continue;
    }
    const previous = results.get(side);
    if (previous !== undefined && previous !== result) {
      problems.push({ line: row.line, game_id: id, message: "result differs from the side's other rows" });
      continue;
    }
    results.set(side, result);
    const rawPosition = row.get("position").toLowerCase();
    if (rawPosition === "team") {
      if (teamRows.has(side)) {
        problems.push({ line: row.line, game_id: id, message: `second team row for ${side.toLowerCase()}` });
        continue;
      }
      teamRows.set(side, row);
      continue;
    }
    const position = POSITION_MAP[rawPosition];
    if (!position) {
      problems.push({ line: row.line, game_id: id, message: `position "${row.get("position")}" is unknown` });
      continue;
    }
    if (row.get("champion") === "") {
      problems.push({ line: row.line, game_id: id, message: "champion is empty" });
      continue;
    }
    if (players.some((player) => player.side === side && player.position === position)) {
      problems.push({ line: row.line, game_id: id, message: `second ${position} for ${side.toLowerCase()}` });
      continue;
    }
    players.push({ row, side, position });
  }
  if (problems.length > 0) return null;

  for (const side of ["BLUE", "RED"] as const) {
    const count = players.filter((player) => player.side === side).length;
    if (count !== 5) {
      problems.push({
        line: rows[0]?.line ?? 0,
        game_id: id,
        message: `${side.toLowerCase()} side has ${count} player rows, expected 5`,
      });
    }
  }
  const blueResult = results.get("BLUE");
  const redResult = results.get("RED");
  if (problems.length === 0 && (blueResult === undefined || blueResult === redResult)) {
    problems.push({ line: rows[0]?.line ?? 0, game_id: id, message: "exactly one side must have result 1" });
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
