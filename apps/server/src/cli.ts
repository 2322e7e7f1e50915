import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import cliProgress from "cli-progress";
import { IMPORT_CHAMPION_IMAGES_USAGE, importChampionImages } from "./cli/import-champion-images.ts";
import { CliError, setPlan } from "./cli/set-plan.ts";
import { type Config, parseConfig } from "./config.ts";
import { createDatabase, type DatabaseHandle } from "./db/index.ts";
import { migrateDown, migrateToLatest } from "./db/migrate.ts";
import { ChampionFileError, parseDataDragon, upsertChampions } from "./db/seeds/champions.ts";
import { type SeedSummary, seedDatabase } from "./db/seeds/index.ts";
import { seedMatchSample } from "./db/seeds/matches.ts";
import { applyChampionImageSource } from "./modules/champions/image-source.ts";
import {
  IMPORT_MATCHES_USAGE,
  importMatchesCommand,
  MATCHES_SUMMARY_USAGE,
  matchesSummaryCommand,
} from "./modules/matches/cli.ts";

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                      apply pending database migrations
  migrate:down                 revert the most recent migration
  seed                         add the champion pool, leagues with teams, plan tiers and the
                               Oracle's Elixir sample of 52 games (idempotent)
  import-champions <file>      upsert champions from a Data Dragon champion.json
  ${IMPORT_CHAMPION_IMAGES_USAGE}
  set-plan <username> <tier>   move a user to a plan: community, plus or pro
  ${IMPORT_MATCHES_USAGE}
  ${MATCHES_SUMMARY_USAGE}

The database comes from DATABASE_URL (PostgreSQL) or SQLITE_PATH (default ./data/draftroom.db).`;

/** Inputs at least this long get a progress bar. */
const PROGRESS_THRESHOLD = 50;

export interface CliIo {
  env: Record<string, string | undefined>;
  /** Directory relative file arguments are resolved against. */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where the progress bar draws (stderr in a terminal). */
  progressStream: NodeJS.WritableStream;
}

let io: CliIo;

function line(text: string) {
  io.out(`${text}\n`);
}

function summaryLine(label: string, s: { added: number; updated: number; unchanged: number }) {
  return `${label.padEnd(10)} ${s.added} added, ${s.updated} updated, ${s.unchanged} unchanged`;
}

function printSeed(summary: SeedSummary) {
  line(summaryLine("champions", summary.champions));
  line(summaryLine("leagues", summary.leagues));
  line(summaryLine("teams", summary.teams));
  line(summaryLine("tiers", summary.tiers));
}

async function importChampions(database: DatabaseHandle, file: string | undefined) {
  if (!file)
    throw new CliError("import-champions needs a file: npm run cli -- import-champions <champion.json>");
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error);
    throw new CliError(`Cannot read ${path}: ${reason}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON (${(error as Error).message}). Nothing was imported.`);
  }
  const records = parseDataDragon(json);
  const bar =
    records.length >= PROGRESS_THRESHOLD
      ? new cliProgress.SingleBar(
          {
            format: "importing [{bar}] {percentage}% | {value}/{total} champions",
            stream: io.progressStream,
            noTTYOutput: true,
            notTTYSchedule: 250,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(records.length, 0);
  try {
    const summary = await upsertChampions(database.db, records, (done) => bar?.update(done));
    bar?.stop();
    line(`${records.length} champions in ${file} (Data Dragon ${records[0]?.version ?? "?"})`);
    line(`${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged`);
  } catch (error) {
    bar?.stop();
    throw error;
  }
}

async function importImages(database: DatabaseHandle, config: Config, input: string | undefined) {
  if (!input)
    throw new CliError(
      "import-champion-images needs a Data Dragon archive or folder: npm run cli -- import-champion-images <dragontail-<version>.tgz>",
    );
  const rows = await database.db.selectFrom("champions").select("champion_key").execute();
  const result = await importChampionImages(resolve(io.cwd, input), {
    dir: resolve(io.cwd, config.championImages.dir),
    knownKeys: rows.map((row) => row.champion_key),
    io: { out: line, progressStream: io.progressStream },
  });
  line(
    `${result.copied} champion icons (Data Dragon ${result.version ?? "version unknown"}) copied to ${result.dir}`,
  );
  if (result.missing.length > 0)
    line(
      `${result.missing.length} champions of the pool have no icon there (their monogram shows): ${result.missing.slice(0, 10).join(", ")}${result.missing.length > 10 ? ", …" : ""}`,
    );
  const source = config.championImages.source;
  if (source.kind === "local") {
    await applyChampionImageSource(database.db, source);
    line(`Served at ${source.path}/ (CHAMPION_IMAGE_BASE_URL).`);
  } else {
    line("To serve them from this server, set CHAMPION_IMAGE_BASE_URL=/champion-images and restart it.");
  }
}

/** Runs one CLI command; returns the process exit code. Output goes through `cliIo`. */
export async function runCli(argv: string[], cliIo: CliIo): Promise<number> {
  io = cliIo;
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    line(USAGE);
    return command ? 0 : 1;
  }
  const known = [
    "migrate",
    "migrate:down",
    "seed",
    "import-champions",
    "import-champion-images",
    "set-plan",
    "import-matches",
    "matches-summary",
  ];
  if (!known.includes(command)) {
    io.err(`Unknown command "${command}".\n\n${USAGE}\n`);
    return 1;
  }
  const parsed = parseConfig(io.env);
  if (!parsed.ok) {
    for (const problem of parsed.problems) io.err(`config error: ${problem}\n`);
    return 1;
  }
  const config = parsed.config;
  const database = createDatabase(config);
  const where = database.dialect === "postgres" ? "PostgreSQL" : `SQLite ${resolve(config.sqlitePath)}`;
  try {
    switch (command) {
      case "migrate": {
        const applied = await migrateToLatest(database.db);
        line(
          applied.length === 0
            ? `migrate: ${where} is up to date`
            : `migrate: applied ${applied.join(", ")} on ${where}`,
        );
        break;
      }
      case "migrate:down": {
        const reverted = await migrateDown(database.db);
        line(
          reverted.length === 0
            ? "migrate:down: nothing to revert"
            : `migrate:down: reverted ${reverted.join(", ")}`,
        );
        break;
      }
      case "seed": {
        line(`seed: ${where}`);
        printSeed(await seedDatabase(database.db));
        await applyChampionImageSource(database.db, config.championImages.source);
        line(summaryLine("matches", await seedMatchSample(database.db)));
        break;
      }
      case "import-champions":
        await importChampions(database, args[0]);
        await applyChampionImageSource(database.db, config.championImages.source);
        break;
      case "import-champion-images":
        await importImages(database, config, args[0]);
        break;
      case "import-matches":
        return await importMatchesCommand(database.db, args, {
          out: line,
          err: (text) => io.err(`${text}\n`),
          progressStream: io.progressStream,
        });
      case "matches-summary":
        return await matchesSummaryCommand(database.db, { out: line });
      case "set-plan": {
        const [username, tier] = args;
        if (!username || !tier)
          throw new CliError("set-plan needs a username and a tier: set-plan <username> <tier>");
        const result = await setPlan(database.db, username, tier);
        line(
          result.previous
            ? `${result.username}: ${result.previous} -> ${result.current}`
            : `${result.username}: now on ${result.current}`,
        );
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ChampionFileError) {
      io.err(`error: ${error.message}\nNothing was imported.\n`);
      return 1;
    }
    if (error instanceof CliError) {
      io.err(`error: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`error: ${command} failed: ${message}\n`);
    return 1;
  } finally {
    await database.destroy();
  }
}

const isEntryPoint = process.argv[1] !== undefined && /[\\/]cli\.(ts|js)$/.test(process.argv[1]);
if (isEntryPoint) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.env.DRAFTROOM_CLI_CWD ?? process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    progressStream: process.stderr,
  });
}
