import { z } from "zod";

/** What the recommendations' imported match data holds (`GET /api/matches/summary/`). */
export const matchSummarySchema = z.object({
  games: z.number().int().nonnegative(),
  /** Distinct players named in the picks. */
  players: z.number().int().nonnegative(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  /** ISO time of the latest import, null when nothing was imported. */
  last_import: z.string().nullable(),
  leagues: z.array(z.object({ league: z.string(), games: z.number().int().nonnegative() })),
  patches: z.array(z.object({ patch: z.string(), games: z.number().int().nonnegative() })),
  /** Whether the caller may import files from the web (see docs/decisions/008). */
  can_import: z.boolean(),
  /** Largest file the upload accepts, in bytes. */
  upload_limit_bytes: z.number().int().positive(),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

/**
 * What is wrong with a row of an imported file. The web translates the code with its params
 * (`data:problem.<code>`); `message` is the same in English (the CLI prints it).
 * Params: `column_count` {expected, found}; `rows_apart` {first_line}; `side_invalid`,
 * `result_invalid`, `position_unknown` {value}; `second_team_row`, `player_count` {side (blue|red),
 * count for player_count}; `duplicate_position` {side, position (a position id)}.
 */
export const MATCH_PROBLEM_CODES = [
  "column_count",
  "gameid_empty",
  "rows_apart",
  "side_invalid",
  "result_invalid",
  "result_mismatch",
  "second_team_row",
  "position_unknown",
  "champion_empty",
  "duplicate_position",
  "player_count",
  "winner_ambiguous",
] as const;
export type MatchProblemCode = (typeof MATCH_PROBLEM_CODES)[number];

export const matchImportProblemSchema = z.object({
  line: z.number().int(),
  game_id: z.string().nullable(),
  code: z.enum(MATCH_PROBLEM_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type MatchImportProblem = z.infer<typeof matchImportProblemSchema>;

/** Result of `POST /api/matches/imports/` (a CSV body): imported, or rejected with its problems. */
export const matchImportResultSchema = z.object({
  status: z.enum(["imported", "rejected"]),
  rows: z.number().int().nonnegative(),
  games_in_file: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  replaced: z.number().int().nonnegative(),
  /** The first problems (at most 100), each with its line; `problem_count` counts them all. */
  problems: z.array(matchImportProblemSchema),
  problem_count: z.number().int().nonnegative(),
  /** Champion names not in the pool (kept without a champion, left out of statistics). */
  unknown_champions: z.array(z.object({ name: z.string(), count: z.number().int().positive() })),
});
export type MatchImportResult = z.infer<typeof matchImportResultSchema>;
