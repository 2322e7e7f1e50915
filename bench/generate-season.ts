/**
 * Generates a season-sized Oracle's Elixir file from the shipped sample (52 games): each generated
 * game is a sample game with a new game id, a date spread over the year, a patch that follows the
 * date, and its champions renamed by a per-game permutation of the sample's champion names (so the
 * statistics vary like a season's). Rows stay in Oracle's Elixir's layout: 12 consecutive rows
 * per game, every column of the original.
 *
 *   npx tsx bench/generate-season.ts [games=10000] [out.csv]
 */
import { createWriteStream, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SAMPLE = join(ROOT, "apps/server/seed-data/oracles-elixir-2025-sample.csv");

const CHAMPION_COLUMNS = [
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
];

/** Writes `games` games to `out`; resolves with the file's size in bytes. */
export async function generateSeason(games: number, out: string): Promise<{ bytes: number; rows: number }> {
  // The sample has no quoted cells (checked below), so a plain split reads it exactly.
  const text = readFileSync(SAMPLE, "utf8");
  if (text.includes('"')) throw new Error("the sample has quoted cells; this generator splits on commas");
  const lines = text.split("\n").filter((line) => line !== "");
  const header = lines[0]!.split(",");
  const col = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`sample has no column ${name}`);
    return index;
  };
  const gameIdCol = col("gameid");
  const dateCol = col("date");
  const patchCol = col("patch");
  const leagueCol = col("league");
  const championCols = CHAMPION_COLUMNS.map(col);

  const sampleGames: string[][][] = [];
  const names = new Set<string>();
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    const last = sampleGames.at(-1);
    if (last && last[0]![gameIdCol] === cells[gameIdCol]) last.push(cells);
    else sampleGames.push([cells]);
    for (const index of championCols) if (cells[index]) names.add(cells[index]!);
  }
  const pool = [...names].sort();
  const leagues = [...new Set(sampleGames.map((rows) => rows[0]![leagueCol]!))];

  const stream = createWriteStream(out);
  let bytes = 0;
  let rows = 0;
  const write = (chunk: string) =>
    new Promise<void>((resolve) => {
      bytes += Buffer.byteLength(chunk);
      if (stream.write(chunk)) resolve();
      else stream.once("drain", resolve);
    });
  await write(`${lines[0]}\n`);
  const start = Date.UTC(2025, 0, 11);
  const yearMs = 330 * 24 * 3600 * 1000;
  for (let n = 0; n < games; n += 1) {
    const source = sampleGames[n % sampleGames.length]!;
    // A permutation of the pool per game keeps the game's champions distinct.
    const shift = Math.floor(n / sampleGames.length) % pool.length;
    const rename = (name: string) => {
      if (name === "") return name;
      const index = pool.indexOf(name);
      return pool[(index + shift) % pool.length]!;
    };
    const at = new Date(start + Math.floor((yearMs * n) / games));
    const date = at.toISOString().slice(0, 19).replace("T", " ");
    const patch = `15.${String(1 + Math.floor((23 * n) / games)).padStart(2, "0")}`;
    const league = leagues[n % leagues.length]!;
    let chunk = "";
    for (const cells of source) {
      const copy = [...cells];
      copy[gameIdCol] = `BENCH_${String(n).padStart(6, "0")}`;
      copy[dateCol] = date;
      copy[patchCol] = patch;
      copy[leagueCol] = league;
      for (const index of championCols) copy[index] = rename(copy[index] ?? "");
      chunk += `${copy.join(",")}\n`;
      rows += 1;
    }
    await write(chunk);
  }
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { bytes, rows };
}

const isEntryPoint = process.argv[1] !== undefined && /generate-season\.ts$/.test(process.argv[1]);
if (isEntryPoint) {
  const games = Number(process.argv[2] ?? 10_000);
  const out = process.argv[3] ?? join(tmpdir(), `oracles-elixir-season-${games}.csv`);
  const { bytes, rows } = await generateSeason(games, out);
  console.log(`${out}: ${games} games, ${rows} rows, ${(bytes / 1_048_576).toFixed(1)} MB`);
}
