/**
 * `npm run bench:image`: draft images (PNG cards) through the real route, in process: the app on a
 * fresh SQLite file (migrated and seeded), a user with DRAFTS complete drafts, each drafted with
 * different champions so every first request renders (no two cards share a cache key).
 *
 * - render: the first request of each draft, size and theme (`GET …/image.png`, database read,
 *   layout, rasterising, PNG encoding): what a changed draft costs;
 * - cached: the same requests again, answered from the image cache (the database read remains).
 *
 * - burst (first, before anything is cached): 48 concurrent uncached PUBLIC renders over a real
 *   loopback listener (DRAFTS × 4 sizes/themes in Spanish) while `/api/health/` is asked every
 *   25 ms: `health_p99_ms_during_renders` (target < 100 ms) and `render_peak_rss_mb`, the growth
 *   of the process's resident memory over the burst (target < 200 MB). The default limits apply
 *   (render queue, per-address limit): the answers are counted by status.
 *
 * The last line is one JSON object: `{"render_p50_ms":…,"render_p99_ms":…,"cached_p50_ms":…,…}`
 * with the social (1200×630) and stream (1920×1080) medians, the process CPU time per render
 * (all threads) and the load average beside them.
 * Target: render ≤ 300 ms per image. Env: BENCH_DRAFTS (default 12).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { buildApp } from "../apps/server/src/app.ts";
import { parseConfig } from "../apps/server/src/config.ts";
import { createDatabase } from "../apps/server/src/db/index.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { seedDatabase } from "../apps/server/src/db/seeds/index.ts";

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 12);
const SIZES = ["social", "stream"] as const;
const THEMES = ["dark", "light"] as const;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-image-"));
const parsed = parseConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_UPDATES: "off",
  SQLITE_PATH: join(dir, "bench.db"),
  WEB_DIST: join(dir, "no-web"),
  RATE_LIMIT_ENABLED: "false",
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
      username: "benchimage",
      email: "bench-image@example.com",
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Bench",
      last_name: "Image",
    },
  });
  const headers = { authorization: `Token ${(register.json() as { token: string }).token}` };
  // The Community plan allows a few saved drafts: the bench user gets the top plan.
  const { setPlan } = await import("../apps/server/src/cli/set-plan.ts");
  await setPlan(database.db, "benchimage", "pro");
  const leagues = (await app.inject({ method: "GET", url: "/api/drafts/leagues/" })).json() as {
    id: number;
  }[];
  const league = leagues[0]!;
  const teams = (
    await app.inject({ method: "GET", url: `/api/drafts/leagues/${league.id}/teams/` })
  ).json() as {
    id: number;
  }[];
  const pool = (
    (await app.inject({ method: "GET", url: "/api/drafts/champions/" })).json() as { id: number }[]
  ).map((champion) => champion.id);

  const sessions: string[] = [];
  for (let n = 0; n < DRAFTS; n += 1) {
    const created = await app.inject({
      method: "POST",
      url: "/api/drafts/sessions/",
      headers,
      payload: {
        title: `Bench draft ${n + 1}`,
        league_id: league.id,
        blue_team_id: teams[0]!.id,
        red_team_id: teams[1]!.id,
      },
    });
    if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
    const id = (created.json() as { id: string }).id;
    for (const [index, step] of DRAFT_SEQUENCE.entries()) {
      const res = await app.inject({
        method: "POST",
        url: `/api/drafts/sessions/${id}/actions/`,
        headers,
        payload: {
          phase_number: index,
          action_type: step.type,
          team_side: step.side,
          champion_id: pool[(n * 7 + index) % pool.length],
        },
      });
      if (res.statusCode !== 201) throw new Error(`action: ${res.statusCode} ${res.body}`);
    }
    sessions.push(id);
  }

  // The burst: every draft in 4 variants, all at once, none cached, no account.
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  const origin = `http://127.0.0.1:${address.port}`;
  // Let the render threads finish their warm-up before the baseline is read.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const healthTimes: number[] = [];
  let bursting = true;
  const healthLoop = (async () => {
    while (bursting) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/health/`);
      await res.arrayBuffer();
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const statuses = new Map<number, number>();
  const burstStarted = performance.now();
  await Promise.all(
    sessions.flatMap((id) =>
      SIZES.flatMap((size) =>
        THEMES.map(async (theme) => {
          const res = await fetch(
            `${origin}/api/drafts/sessions/${id}/public/image.png?size=${size}&theme=${theme}&lang=es`,
          );
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      ),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  bursting = false;
  await healthLoop;
  clearInterval(sampler);
  const burst = {
    health_p99_ms_during_renders: round(percentile(healthTimes, 99)),
    health_p50_ms_during_renders: round(percentile(healthTimes, 50)),
    render_peak_rss_mb: round((rssPeak - rssBefore) / 1024 / 1024),
    burst_requests: sessions.length * SIZES.length * THEMES.length,
    burst_statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
    burst_ms: Math.round(burstMs),
  };
  console.log(`burst: ${JSON.stringify(burst)} (${healthTimes.length} health checks)`);

  // CPU time of the whole process (every thread) per request: it hardly moves with the machine's
  // load, where the wall time does.
  const cpu: number[] = [];
  const timed = async (url: string) => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const res = await app.inject({ method: "GET", url, headers });
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (res.statusCode !== 200 || res.rawPayload.subarray(1, 4).toString() !== "PNG") {
      throw new Error(`${url}: ${res.statusCode}`);
    }
    return elapsed;
  };

  // Warm-up: the fonts are parsed and the layout engine compiled on the first render.
  await timed(`/api/drafts/sessions/${sessions[0]}/image.png?lang=es`);

  cpu.length = 0;
  const render: Record<(typeof SIZES)[number], number[]> = { social: [], stream: [] };
  for (const id of sessions) {
    for (const size of SIZES) {
      for (const theme of THEMES)
        render[size].push(await timed(`/api/drafts/sessions/${id}/image.png?size=${size}&theme=${theme}`));
    }
  }
  const renderCpu = cpu.splice(0);
  const cached: number[] = [];
  for (const id of sessions) {
    for (const size of SIZES) {
      for (const theme of THEMES)
        cached.push(await timed(`/api/drafts/sessions/${id}/image.png?size=${size}&theme=${theme}`));
    }
  }
  const all = [...render.social, ...render.stream];
  console.log(
    `${all.length} renders, ${cached.length} cached answers, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    JSON.stringify({
      render_p50_ms: round(percentile(all, 50)),
      render_p99_ms: round(percentile(all, 99)),
      cached_p50_ms: round(percentile(cached, 50)),
      social_p50_ms: round(percentile(render.social, 50)),
      stream_p50_ms: round(percentile(render.stream, 50)),
      render_cpu_p50_ms: round(percentile(renderCpu, 50)),
      renders: all.length,
      ...burst,
      load_average: round(loadavg()[0]!),
    }),
  );
} finally {
  await app.close();
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
}
