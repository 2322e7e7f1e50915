import { createReadStream, statSync } from "node:fs";
import { resolve } from "node:path";
import { Transform } from "node:stream";
import cliProgress from "cli-progress";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ImportResult, importMatchStream, loadPool } from "./import.ts";
import { MatchFileError } from "./oracles-elixir.ts";
import { matchSummary } from "./service.ts";

export interface ImportOutput {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where the progress bar draws (stderr in the CLI); undefined = no bar. */
  progressStream?: NodeJS.WritableStream | undefined;
}

export const IMPORT_MATCHES_USAGE =
  "import-matches <csv> [--skip-malformed]  import games from an Oracle's Elixir match-data CSV";

const MAX_LISTED = 50;

/**
 * `npm run cli -- import-matches <csv> [--skip-malformed]`. Streams the file (a season of 100 MB
 * never sits in memory) into one transaction: by default any malformed row rolls the import back
 * so nothing is written (every problem is listed with its line number); with --skip-malformed the
 * games with a malformed row are left out and the rest is imported. A game id already imported is
 * replaced, so running it twice changes nothing. Returns the exit code.
 */
export async function importMatchesCommand(
  db: Kysely<Database>,
  args: string[],
  io: ImportOutput,
): Promise<number> {
  const skipMalformed = args.includes("--skip-malformed");
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) {
    io.err("error: import-matches needs a file: npm run cli -- import-matches <csv> [--skip-malformed]");
    return 1;
  }
  const path = resolve(file);
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error);
    io.err(`error: cannot read ${path}: ${reason}.`);
    return 1;
  }

  const pool = await loadPool(db);
  if (pool.length === 0) {
    io.err("error: the champion pool is empty; run `npm run cli -- seed` first. Nothing was imported.");
    return 1;
  }

  // Counts the bytes read for the bar without switching the file into flowing mode early.
  let bytes = 0;
  const input = createReadStream(path).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
  );
  const bar = io.progressStream
    ? new cliProgress.SingleBar(
        {
          format: "importing [{bar}] {percentage}% | {games} games | {mb}/{total_mb} MB",
          stream: io.progressStream,
          noTTYOutput: true,
          notTTYSchedule: 1000,
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const mb = (value: number) => (value / 1_048_576).toFixed(1);
  bar?.start(Math.max(size, 1), 0, { games: 0, mb: mb(0), total_mb: mb(size) });
  let result: ImportResult;
  try {
    result = await importMatchStream(db, input, pool, {
      skipMalformed,
      onProgress: (games) => bar?.update(bytes, { games, mb: mb(bytes) }),
    });
    bar?.update(Math.max(size, 1), { mb: mb(size) });
    bar?.stop();
  } catch (error) {
    bar?.stop();
    if (error instanceof MatchFileError) {
      io.err(`error: ${error.message} Nothing was imported.`);
      return 1;
    }
    io.err(
      `error: the import failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }

  io.out(`${file}: ${result.rows} rows, ${result.game_count} games`);
  if (result.unknown_champions.size > 0) {
    const names = [...result.unknown_champions.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, count]) => `${name} (${count})`);
    io.err(
      `warning: ${names.length} champion name${names.length > 1 ? "s" : ""} not in the pool, stored without a champion and left out of statistics: ${names.join(", ")}`,
    );
  } else {
    io.out("every champion name matched the pool");
  }
  const problems = result.problems;
  if (problems.length > 0) {
    io.err(`${problems.length} malformed row${problems.length > 1 ? "s" : ""}:`);
    for (const problem of problems.slice(0, MAX_LISTED)) {
      io.err(
        `  line ${problem.line}${problem.game_id ? ` (game ${problem.game_id})` : ""}: ${problem.message}`,
      );
    }
    if (problems.length > MAX_LISTED) io.err(`  … and ${problems.length - MAX_LISTED} more`);
    if (!skipMalformed) {
      io.err(
        "Nothing was imported. Fix the rows, or run again with --skip-malformed to leave those games out.",
      );
      return 1;
    }
  }
  if (result.status === "rejected") {
    io.err("error: no complete game in the file. Nothing was imported.");
    return 1;
  }
  const skipped = skipMalformed && result.skipped > 0 ? `; ${result.skipped} skipped (malformed)` : "";
  io.out(`${result.imported} games imported: ${result.added} new, ${result.replaced} replaced${skipped}`);
  return 0;
}

export const MATCHES_SUMMARY_USAGE =
  "matches-summary              what the recommendations rest on: games, players, leagues, patches, dates";

/** `npm run cli -- matches-summary`: the imported match data at a glance. */
export async function matchesSummaryCommand(
  db: Kysely<Database>,
  io: Pick<ImportOutput, "out">,
): Promise<number> {
  const summary = await matchSummary(db);
  if (summary.games === 0) {
    io.out("No match data imported. Import an Oracle's Elixir CSV with: npm run cli -- import-matches <csv>");
    return 0;
  }
  io.out(`games      ${summary.games}`);
  io.out(`players    ${summary.players}`);
  io.out(`dates      ${summary.first_date} to ${summary.last_date}`);
  io.out(`imported   ${summary.last_import}`);
  const list = (rows: { name: string; games: number }[]) =>
    rows.map((row) => `${row.name || "(none)"} ${row.games}`).join(", ");
  io.out(
    `leagues    ${summary.leagues.length}: ${list(summary.leagues.map((row) => ({ name: row.league, games: row.games })))}`,
  );
  io.out(
    `patches    ${summary.patches.length}: ${list(summary.patches.map((row) => ({ name: row.patch, games: row.games })))}`,
  );
  io.out("Data from Oracle's Elixir (https://oracleselixir.com).");
  return 0;
}
