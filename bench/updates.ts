/**
 * `npm run bench:updates`: scheduled data updates against a local fixture server on loopback
 * (nothing leaves the machine), through the real routes of an in-process app on a fresh SQLite
 * file (migrated and seeded):
 *
 * - patch_update_seconds: a new Data Dragon patch (versions list → champion file with one new
 *   champion → every missing portrait, 173 of them, written to a temporary CHAMPION_IMAGE_DIR);
 * - match_update_seconds: a 10,000-game Oracle's Elixir CSV (bench/generate-season.ts), served
 *   over loopback and streamed into the importer.
 *
 * Targets: patch ≤ 5 s, match data ≤ 15 s. The last line is one JSON object.
 * Env: BENCH_GAMES (default 10000).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../apps/server/src/app.ts";
import { parseConfig } from "../apps/server/src/config.ts";
import { createDatabase } from "../apps/server/src/db/index.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { seedDatabase } from "../apps/server/src/db/seeds/index.ts";
import { startDataSourceFixture } from "../apps/server/test/helpers/data-source-fixture.ts";
import { generateSeason } from "./generate-season.ts";

const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-updates-"));
const csvPath = join(dir, "season.csv");
const { bytes } = await generateSeason(GAMES, csvPath);

const fixture = await startDataSourceFixture();
const seed = JSON.parse(
  readFileSync(new URL("../apps/server/seed-data/ddragon-champion-16.6.1.json", import.meta.url), "utf8"),
) as { data: Record<string, object> };
const data: Record<string, object> = {};
for (const [key, value] of Object.entries(seed.data)) data[key] = { ...value, version: "16.7.1" };
data.Zyntra = {
  id: "Zyntra",
  key: "9901",
  name: "Zyntra",
  title: "",
  tags: ["Mage"],
  image: { full: "Zyntra.png" },
};
fixture.versions = ["16.7.1", "16.6.1"];
fixture.champions.set("16.7.1", { type: "champion", version: "16.7.1", data });
fixture.csv = readFileSync(csvPath, "utf8");

const parsed = parseConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SQLITE_PATH: join(dir, "bench.db"),
  WEB_DIST: join(dir, "no-web"),
  RATE_LIMIT_ENABLED: "false",
  RENDER_WARMUP: "false",
  ...fixture.env,
  DATA_UPDATE_TICK_MS: "3600000",
  DATA_ADMINS: "benchupdates",
  CHAMPION_IMAGE_DIR: join(dir, "portraits"),
  MATCH_UPLOAD_LIMIT_BYTES: String(Math.max(bytes * 2, 134_217_728)),
});
if (!parsed.ok) throw new Error(parsed.problems.join("; "));
const database = createDatabase(parsed.config);
await migrateToLatest(database.db);
await seedDatabase(database.db);
const app = await buildApp({ config: parsed.config, database });
await app.ready();

try {
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: {
      username: "benchupdates",
      email: "bench-updates@example.com",
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Bench",
      last_name: "Updates",
    },
  });
  const headers = { authorization: `Token ${(register.json() as { token: string }).token}` };
  type Run = { status: string; added: number; changed: number; error: string | null };
  const timed = async (source: "data_dragon" | "match_data") => {
    const started = performance.now();
    const res = await app.inject({ method: "POST", url: `/api/data/sources/${source}/update/`, headers });
    if (res.statusCode !== 202) throw new Error(`${source}: ${res.statusCode} ${res.body}`);
    for (;;) {
      const status = (await app.inject({ method: "GET", url: "/api/data/sources/", headers })).json() as {
        sources: { source: string; running: unknown; runs: Run[] }[];
      };
      const entry = status.sources.find((candidate) => candidate.source === source)!;
      if (entry.running === null) {
        const seconds = (performance.now() - started) / 1000;
        const run = entry.runs[0]!;
        if (run.status !== "updated") throw new Error(`${source}: ${run.status} ${run.error ?? ""}`);
        console.log(`${source}: ${seconds.toFixed(2)} s, ${run.added} added, ${run.changed} changed`);
        return seconds;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const patch = await timed("data_dragon");
  const matches = await timed("match_data");
  console.log(
    JSON.stringify({
      patch_update_seconds: Math.round(patch * 100) / 100,
      match_update_seconds: Math.round(matches * 100) / 100,
      games: GAMES,
      csv_mb: Math.round((bytes / 1024 / 1024) * 10) / 10,
      load_average: Math.round(loadavg()[0]! * 10) / 10,
    }),
  );
} finally {
  await app.close();
  await database.destroy();
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
}
