import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import cliProgress from "cli-progress";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storeGames } from "./import.ts";
import { MatchFileError, parseOraclesElixir } from "./oracles-elixir.ts";

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
 * `npm run cli -- import-matches <csv> [--skip-malformed]`. Reads the whole file first: by
 * default any malformed row stops the import before anything is written (every problem is listed
 * with its line number); with --skip-malformed the games with a malformed row are left out and
 * the rest is imported. Either way the write is one transaction, and a game id already imported
 * is replaced, so running it twice changes nothing. Returns the exit code.
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
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error);
    io.err(`error: cannot read ${path}: ${reason}.`);
    return 1;
  }

  const pool = await db.selectFrom("champions").select(["id", "name", "champion_key"]).execute();
  if (pool.length === 0) {
    io.err("error: the champion pool is empty; run `npm run cli -- seed` first. Nothing was imported.");
    return 1;
  }
  let parsed: ReturnType<typeof parseOraclesElixir>;
  try {
    parsed = parseOraclesElixir(
      text,
      pool.map((row) => ({ id: Number(row.id), name: row.name, champion_key: row.champion_key })),
    );
  } catch (error) {
    if (error instanceof MatchFileError) {
      io.err(`error: ${error.message} Nothing was imported.`);
      return 1;
    }
    throw error;
  }

  const skippedGames = new Set(
    parsed.problems.flatMap((problem) => (problem.game_id ? [problem.game_id] : [])),
  );
  io.out(`${file}: ${parsed.rows} rows, ${parsed.game_count} games`);

  if (parsed.unknown_champions.size > 0) {
    const names = [...parsed.unknown_champions.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, count]) => `${name} (${count})`);
    io.err(
      `warning: ${names.length} champion name${names.length > 1 ? "s" : ""} not in the pool, stored without a champion and left out of statistics: ${names.join(", ")}`,
    );
  } else {
    io.out("every champion name matched the pool");
  }

  if (parsed.problems.length > 0) {
    io.err(`${parsed.problems.length} malformed row${parsed.problems.length > 1 ? "s" : ""}:`);
    for (const problem of parsed.problems.slice(0, MAX_LISTED)) {
      io.err(
        `  line ${problem.line}${problem.game_id ? ` (game ${problem.game_id})` : ""}: ${problem.message}`,
      );
    }
    if (parsed.problems.length > MAX_LISTED) io.err(`  … and ${parsed.problems.length - MAX_LISTED} more`);
    if (!skipMalformed) {
      io.err(
        "Nothing was imported. Fix the rows, or run again with --skip-malformed to leave those games out.",
      );
      return 1;
    }
  }
  if (parsed.games.length === 0) {
    io.err("error: no complete game in the file. Nothing was imported.");
    return 1;
  }

  const bar = io.progressStream
    ? new cliProgress.SingleBar(
        {
          format: "importing [{bar}] {percentage}% | {value}/{total} games",
          stream: io.progressStream,
          noTTYOutput: true,
          notTTYSchedule: 250,
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(parsed.games.length, 0);
  try {
    const summary = await storeGames(db, parsed.games, (done) => bar?.update(done));
    bar?.stop();
    const skipped =
      skipMalformed && skippedGames.size > 0 ? `; ${skippedGames.size} skipped (malformed)` : "";
    io.out(
      `${parsed.games.length} games imported: ${summary.added} new, ${summary.replaced} replaced${skipped}`,
    );
    return 0;
  } catch (error) {
    bar?.stop();
    io.err(
      `error: the import failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
