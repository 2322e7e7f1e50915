/**
 * `npm run bench:scale`: a qualifier day on two server processes (issue 36). Two built servers
 * (apps/server/dist/main.js) share a fresh PostgreSQL database of the run's own; the clients are
 * raw `ws` sockets in BENCH_SCALE_CLIENT_PROCS forked processes (scale-clients.ts), so the load
 * generator does not share an event loop with a server or with the measurements.
 *
 * 1. Bare broadcast (the reference): 10,000 sockets on a bare `ws` server (rooms-bare.ts); a sender
 *    sends a lock event's text; the time from sending to the last of the 10,000, p99 over rounds
 *    (`bare_ws_10000_p99_ms`).
 * 2. 10,000 spectators of one broadcast room, split over both processes, half through the
 *    spectator link and half as the public view and overlay do (`hello {watch}`). They join before
 *    the rooms draft; their memory is part of `rss_mb_per_1000_sockets`.
 * 3. 1,000 rooms drafting at once: two captains, a coach (the blue team link) and two spectators
 *    each, every seat on either process as a load balancer would put it; captains hover a few
 *    times between locks (thinking BENCH_SCALE_THINK_MIN_MS..MAX_MS a step) and leave
 *    BENCH_SCALE_EXPIRIES steps of each draft to the clock (10 s turns, no bank).
 *    - `rooms_1000_lock_to_seats_p99_ms`: a captain's lock sent → the last of the room's five seats
 *      received it;
 *    - `rooms_1000_lost_or_duplicated`: over every seat, lock steps never received, received twice
 *      or out of order;
 *    - `rooms_1000_expiry_late_p99_ms`: an automatic lock's `at` minus its turn's deadline (both
 *      the database clock, from the `clock` messages);
 *    - beside them: whether each expiry locked the captain's last acknowledged hover.
 *    While the rooms draft, the broadcast room's captains lock BENCH_SCALE_BROADCAST_LOCKS times
 *    live, then as many again under a 2 s spectator delay: `spectators_10000_two_processes_p99_ms`
 *    is the time from a lock to the last of the 10,000 receiving it (minus the delay when
 *    delayed), p99 over those locks; the live and delayed halves are given apart too.
 * 4. `rss_mb_per_1000_sockets`: both servers' RSS growth from before any socket to every socket
 *    joined (the spectators and the rooms' seats), per 1,000 sockets.
 *
 * Knobs (scale down on a busy machine): BENCH_SCALE_ROOMS (1000), BENCH_SCALE_SPECTATORS (10000),
 * BENCH_SCALE_STEPS (20), BENCH_SCALE_EXPIRIES (2), BENCH_SCALE_HOVERS (2),
 * BENCH_SCALE_THINK_MIN_MS / _MAX_MS (2000 / 5000), BENCH_SCALE_BROADCAST_LOCKS (6),
 * BENCH_SCALE_CLIENT_PROCS (2), BENCH_SCALE_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=…").
 * Every run prints the machine's load average before and after. Last line: one JSON object with
 * exactly the six keys; everything else goes to stderr. A failure prints
 * `bench:scale FAILED: <why>` and a JSON line `{ok: false, …}`, and exits 1.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import {
  api,
  benchAccount,
  benchEnv,
  buildServerIfNeeded,
  cli,
  freshDatabase,
  machineLoad,
  ROOT,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  track,
} from "./lib/servers.ts";
import type { DraftOptions, RoomPlan } from "./scale-clients.ts";

const env = process.env;
const ROOMS = Number(env.BENCH_SCALE_ROOMS ?? 1000);
const SPECTATORS = Number(env.BENCH_SCALE_SPECTATORS ?? 10_000);
const STEPS = Math.min(DRAFT_SEQUENCE.length, Number(env.BENCH_SCALE_STEPS ?? 20));
const EXPIRIES = Number(env.BENCH_SCALE_EXPIRIES ?? 2);
const HOVERS = Number(env.BENCH_SCALE_HOVERS ?? 2);
const THINK_MIN_MS = Number(env.BENCH_SCALE_THINK_MIN_MS ?? 2000);
const THINK_MAX_MS = Number(env.BENCH_SCALE_THINK_MAX_MS ?? 5000);
const BROADCAST_LOCKS = Number(env.BENCH_SCALE_BROADCAST_LOCKS ?? 6);
const CLIENT_PROCS = Math.max(1, Number(env.BENCH_SCALE_CLIENT_PROCS ?? 2));
const SPECTATOR_DELAY_S = 2;
const RUN_LIMIT_MS = Number(env.BENCH_SCALE_LIMIT_MS ?? 1_500_000);

const progress = (text: string) => process.stderr.write(`bench:scale ${text}\n`);
const wallNow = () => performance.timeOrigin + performance.now();

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

// ---- the load-generating processes ------------------------------------------------------------

class ClientProcess {
  readonly child: ChildProcess;
  #seq = 0;
  readonly #waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  readonly ready: Promise<void>;
  onEvent: (message: Record<string, unknown>) => void = () => {};

  constructor() {
    this.child = track(
      fork(join(ROOT, "bench/scale-clients.ts"), [], {
        execArgv: ["--import", "tsx"],
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      this.child.once("exit", (code) => reject(new Error(`a client process exited (${code})`)));
      this.child.on("message", (message: Record<string, unknown>) => {
        if (message.started) return resolve();
        const seq = message.seq as number | undefined;
        if (seq !== undefined && this.#waiting.has(seq)) {
          this.#waiting.get(seq)!(message);
          this.#waiting.delete(seq);
        } else this.onEvent(message);
      });
    });
    this.ready.catch(() => {});
  }

  ask<T = Record<string, unknown>>(command: Record<string, unknown>): Promise<T> {
    const seq = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#waiting.set(seq, (reply) =>
        reply.error ? reject(new Error(String(reply.error))) : resolve(reply as T),
      );
      this.child.send({ ...command, seq });
    });
  }
}

/** Splits `items` into `parts` nearly equal slices. */
function split<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, part) => items.filter((_, i) => i % parts === part));
}

async function inPool<T>(count: number, concurrency: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

interface WatchReport {
  times: Record<number, number[]>;
  missing: Record<number, number>;
  duplicates: number;
  closed: number;
}

async function watchReports(clients: readonly ClientProcess[], steps: number[]): Promise<WatchReport> {
  const reports = await Promise.all(
    clients.map((client) => client.ask<WatchReport>({ cmd: "watch-report", steps })),
  );
  const merged: WatchReport = { times: {}, missing: {}, duplicates: 0, closed: 0 };
  for (const step of steps) {
    merged.times[step] = reports.flatMap((report) => report.times[step] ?? []);
    merged.missing[step] = reports.reduce((sum, report) => sum + (report.missing[step] ?? 0), 0);
  }
  for (const report of reports) {
    merged.duplicates += report.duplicates;
    merged.closed += report.closed;
  }
  return merged;
}

async function joinWatchers(
  clients: readonly ClientProcess[],
  targets: Array<{ url: string; hello: Record<string, unknown> | null }>,
): Promise<number> {
  const answers = await Promise.all(
    split(targets, clients.length).map((slice, i) =>
      clients[i]!.ask<{ joined: number; failed: number; reason: string }>({ cmd: "watch", targets: slice }),
    ),
  );
  const joined = answers.reduce((sum, answer) => sum + answer.joined, 0);
  const failed = answers.reduce((sum, answer) => sum + answer.failed, 0);
  if (failed > targets.length / 100)
    throw new Error(
      `${failed} of ${targets.length} watchers could not join: ${answers.find((a) => a.reason)?.reason}`,
    );
  return joined;
}

// ---- phases -------------------------------------------------------------------------------------

/** The reference: a bare `ws` broadcast to SPECTATORS sockets, lock-event text, per round the last. */
async function bareBroadcast(clients: readonly ClientProcess[], text: (step: number) => string) {
  const bare = track(
    spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench/rooms-bare.ts")], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("bare server did not start in 30 s")), 30_000);
      bare.stdout!.once("data", (data) => {
        clearTimeout(timer);
        resolve(String(data).trim());
      });
    });
    const url = `ws://127.0.0.1:${port}`;
    await joinWatchers(
      clients,
      Array.from({ length: SPECTATORS }, () => ({ url, hello: null })),
    );
    await clients[0]!.ask({ cmd: "bare-sender", url });
    await sleep(1000);
    const rounds = BROADCAST_LOCKS * 2;
    const sent: number[] = [];
    for (let round = 0; round < rounds; round++) {
      sent.push((await clients[0]!.ask<{ at: number }>({ cmd: "bare-send", text: text(round) })).at);
      await sleep(1500);
    }
    const steps = sent.map((_, round) => round);
    const report = await watchReports(clients, steps);
    const lastPerRound = steps.map((step) => Math.max(...report.times[step]!) - sent[step]!);
    const all = steps.flatMap((step) => report.times[step]!.map((at) => at - sent[step]!));
    await Promise.all(clients.map((client) => client.ask({ cmd: "watch-close" })));
    return {
      p99: percentile(lastPerRound, 99),
      deliveryP99: percentile(all, 99),
      missing: Object.values(report.missing).reduce((sum, n) => sum + n, 0),
    };
  } finally {
    bare.kill("SIGKILL");
  }
}

interface RoomResult {
  lockToSeats: number[];
  expiryLate: number[];
  hoverHonoured: number;
  hoverIgnored: number;
  lost: number;
  duplicated: number;
  disordered: number;
  acked: number;
  refused: number;
  refusals: string[];
}

async function main(): Promise<Record<string, unknown>> {
  const loadBefore = machineLoad();
  progress(`load before: ${JSON.stringify(loadBefore)}`);
  progress("building the server when needed");
  buildServerIfNeeded();
  const database = await freshDatabase("draftroom_bench_scale");
  // Stopped by hand or by a time limit: the run's database goes with it (the children are killed
  // on exit by lib/servers.ts).
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      progress(`stopped (${signal})`);
      void database.drop().finally(() => process.exit(1));
    });
  const clients = Array.from({ length: CLIENT_PROCS }, () => new ClientProcess());
  const servers: ServerProcess[] = [];
  try {
    const serverEnv = benchEnv({ DATABASE_URL: database.url });
    progress(`migrating and seeding ${database.name}`);
    cli(serverEnv, "dist", "migrate");
    cli(serverEnv, "dist", "seed");
    const nodeArgs = (env.BENCH_SCALE_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
    servers.push(
      ...(await Promise.all([startServer(serverEnv, { nodeArgs }), startServer(serverEnv, { nodeArgs })])),
    );
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const urls = [a.url, b.url];
    await Promise.all(clients.map((client) => client.ready));
    const account = await benchAccount(a.url, serverEnv, "dist");

    // ---- rooms (REST, both processes) ----
    progress(`creating ${ROOMS} rooms and the broadcast room`);
    const created = await inPool(ROOMS + 1, 16, (i) =>
      api<{ id: string; session_id: string; links: Array<{ kind: string; token: string }> }>(
        urls[i % 2]!,
        "/api/rooms/",
        account.token,
        { session: account.sessionBody, turn_seconds: 10, bank_seconds: 0 },
      ),
    );
    const [broadcast, ...roomRows] = created as [(typeof created)[number], ...typeof created];
    const tokenOf = (room: (typeof created)[number], kind: string) =>
      room.links.find((link) => link.kind === kind)!.token;
    const plans: RoomPlan[] = roomRows.map((room, i) => {
      // Each seat on either process, as a load balancer spreads sockets.
      const urlOf = (seat: number) => urls[(i + seat) % 2]!;
      const expire = new Set<number>();
      while (expire.size < Math.min(EXPIRIES, STEPS)) expire.add(Math.floor(Math.random() * STEPS));
      return {
        id: room.id,
        blue: tokenOf(room, "blue_captain"),
        red: tokenOf(room, "red_captain"),
        blueTeam: tokenOf(room, "blue_team"),
        spectator: tokenOf(room, "spectator"),
        urls: [urlOf(0), urlOf(1), urlOf(2), urlOf(3), urlOf(4)],
        expire: [...expire],
      };
    });

    // ---- the reference broadcast, before the servers carry any socket ----
    const sampleText = (step: number) =>
      JSON.stringify({
        type: "event",
        event: {
          seq: 100 + step,
          at: Date.now(),
          actor: "blue_captain",
          body: {
            kind: "lock",
            step,
            champion_id: account.pool[step],
            team: "A",
            is_auto: false,
            bank_after_ms: 0,
          },
        },
      });
    progress(`bare broadcast to ${SPECTATORS} sockets`);
    const bare = await bareBroadcast(clients, sampleText);
    progress(`bare: last of ${SPECTATORS} p99 ${bare.p99} ms (per delivery p99 ${bare.deliveryP99} ms)`);

    await sleep(1000);
    const rssBefore = servers.map((server) => rssMb(server.child.pid!));

    // ---- 10,000 spectators on the broadcast room ----
    progress(`${SPECTATORS} spectators join the broadcast room over both processes`);
    const spectatorToken = tokenOf(broadcast, "spectator");
    const joinStarted = Date.now();
    const joined = await joinWatchers(
      clients,
      Array.from({ length: SPECTATORS }, (_, i) => ({
        url: `${urls[i % 2]!.replace(/^http/, "ws")}/api/rooms/${broadcast.id}/ws`,
        // Half through the spectator link, half as the public view and the overlay join.
        hello: Math.floor(i / 2) % 2 === 0 ? { token: spectatorToken } : { watch: broadcast.session_id },
      })),
    );
    progress(`${joined} spectators joined in ${Math.round((Date.now() - joinStarted) / 1000)} s`);

    // ---- the rooms' seats ----
    progress(`${ROOMS} rooms: five seats each join`);
    const options: DraftOptions = {
      pool: account.pool,
      thinkMinMs: THINK_MIN_MS,
      thinkMaxMs: THINK_MAX_MS,
      hovers: HOVERS,
      steps: STEPS,
    };
    const readiness = clients.map(() => ({ seated: 0, failed: 0, reason: "" }));
    const results: Array<{ result: RoomResult; failed: number; reason: string }> = [];
    const finished = clients.map(
      (client, i) =>
        new Promise<void>((resolve) => {
          client.onEvent = (message) => {
            if (message.progress === "rooms") readiness[i] = message as never;
            if (message.done === "rooms") {
              results.push(message as never);
              resolve();
            }
          };
        }),
    );
    const slices = split(plans, clients.length);
    const seatingStarted = Date.now();
    await Promise.all(slices.map((slice, i) => clients[i]!.ask({ cmd: "rooms", rooms: slice, options })));
    const seatsDeadline = Date.now() + 600_000;
    let lastReport = Date.now();
    while (readiness.reduce((sum, r) => sum + r.seated + r.failed, 0) < ROOMS) {
      if (Date.now() > seatsDeadline) throw new Error("the rooms' seats did not all join in 10 min");
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        progress(`seated: ${JSON.stringify(readiness)}`);
      }
      await sleep(500);
    }
    const seatFailures = readiness.reduce((sum, r) => sum + r.failed, 0);
    progress(
      `${ROOMS - seatFailures} rooms seated in ${((Date.now() - seatingStarted) / 1000).toFixed(1)} s`,
    );
    if (seatFailures > ROOMS / 100)
      throw new Error(`${seatFailures} rooms could not seat: ${readiness.find((r) => r.reason)?.reason}`);
    await sleep(2000);
    const rssAfter = servers.map((server) => rssMb(server.child.pid!));
    const sockets = joined + (ROOMS - seatFailures) * 5;
    const rssPer1000 = ((rssAfter[0]! + rssAfter[1]! - rssBefore[0]! - rssBefore[1]!) / sockets) * 1000;
    progress(
      `${sockets} sockets: RSS ${rssBefore.map((v) => v.toFixed(0)).join("+")} → ${rssAfter.map((v) => v.toFixed(0)).join("+")} MB (${rssPer1000.toFixed(1)} MB per 1,000)`,
    );

    // The broadcast room's captains, a socket each on both processes, seated before the day's
    // rooms start (as they would be): a join in the middle of a thousand rooms' first commands
    // waited past the 10 s hello timer on two cores.
    const captains = await Promise.all(
      [
        { url: a.url, token: tokenOf(broadcast, "blue_captain") },
        { url: b.url, token: tokenOf(broadcast, "red_captain") },
      ].map(({ url, token }) =>
        Captain.join(`${url.replace(/^http/, "ws")}/api/rooms/${broadcast.id}/ws`, token),
      ),
    );

    // ---- drafting, and the broadcast room's locks meanwhile ----
    progress(`drafting ${ROOMS} rooms (${STEPS} steps, ${EXPIRIES} left to the clock each)`);
    const draftStarted = Date.now();
    await Promise.all(clients.map((client) => client.ask({ cmd: "rooms-start" })));
    const loadSamples: number[] = [];
    const rssPeak = [...rssAfter];
    const sampler = setInterval(() => {
      loadSamples.push(machineLoad().load_1m);
      servers.forEach((server, i) => {
        rssPeak[i] = Math.max(rssPeak[i]!, rssMb(server.child.pid!));
      });
    }, 2000);
    const [blue, red] = captains as [Captain, Captain];
    await blue.ask({ type: "ready", ready: true });
    await red.ask({ type: "ready", ready: true });
    // Let the rooms get going before the broadcast's first lock.
    await sleep(THINK_MAX_MS);
    const lockSent: number[] = [];
    const broadcastSteps = Math.min(DRAFT_SEQUENCE.length, BROADCAST_LOCKS * 2);
    for (let step = 0; step < broadcastSteps; step++) {
      if (step === BROADCAST_LOCKS) {
        await fetch(`${a.url}/api/rooms/${broadcast.id}/delay/`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Token ${account.token}` },
          body: JSON.stringify({ delay_seconds: SPECTATOR_DELAY_S }),
        }).then(async (res) => {
          if (!res.ok) throw new Error(`delay: ${res.status} ${await res.text()}`);
        });
        await sleep(500);
      }
      const captain = DRAFT_SEQUENCE[step]!.side === "BLUE" ? blue : red;
      lockSent.push(wallNow());
      const ack = await captain.ask({ type: "lock", step, champion_id: account.pool[step]! });
      if (ack.type !== "ack") throw new Error(`broadcast lock ${step} refused: ${JSON.stringify(ack)}`);
      await sleep(step >= BROADCAST_LOCKS ? SPECTATOR_DELAY_S * 1000 + 1500 : 1500);
    }
    await sleep(SPECTATOR_DELAY_S * 1000 + 1000);
    const steps = Array.from({ length: broadcastSteps }, (_, step) => step);
    const watched = await watchReports(clients, steps);
    const lastPerLock = steps.map((step) => {
      const delay = step >= BROADCAST_LOCKS ? SPECTATOR_DELAY_S * 1000 : 0;
      return Math.max(...watched.times[step]!) - lockSent[step]! - delay;
    });
    const spectatorMissing = Object.values(watched.missing).reduce((sum, n) => sum + n, 0);
    progress(
      `broadcast room: last of ${joined} per lock (ms): ${lastPerLock.map((v) => Math.round(v)).join(" ")}`,
    );
    for (const captain of captains) captain.close();

    await Promise.all(finished);
    clearInterval(sampler);
    const draftSeconds = Math.round((Date.now() - draftStarted) / 1000);
    const total: RoomResult = {
      lockToSeats: results.flatMap((r) => r.result.lockToSeats),
      expiryLate: results.flatMap((r) => r.result.expiryLate),
      hoverHonoured: results.reduce((sum, r) => sum + r.result.hoverHonoured, 0),
      hoverIgnored: results.reduce((sum, r) => sum + r.result.hoverIgnored, 0),
      lost: results.reduce((sum, r) => sum + r.result.lost, 0),
      duplicated: results.reduce((sum, r) => sum + r.result.duplicated, 0),
      disordered: results.reduce((sum, r) => sum + r.result.disordered, 0),
      acked: results.reduce((sum, r) => sum + r.result.acked, 0),
      refused: results.reduce((sum, r) => sum + r.result.refused, 0),
      refusals: results.flatMap((r) => r.result.refusals).slice(0, 5),
    };
    const roomFailures = results.reduce((sum, r) => sum + r.failed, 0);
    const loadAfter = machineLoad();
    const beside = {
      rooms: ROOMS,
      rooms_failed: roomFailures,
      rooms_failed_reason: results.find((r) => r.reason)?.reason ?? null,
      steps: STEPS,
      draft_seconds: draftSeconds,
      locks_measured: total.lockToSeats.length,
      lock_to_seats_p50_ms: percentile(total.lockToSeats, 50),
      lost: total.lost,
      duplicated: total.duplicated,
      disordered: total.disordered,
      expiries: total.expiryLate.length,
      expiry_late_p50_ms: percentile(total.expiryLate, 50),
      expiry_locked_last_hover: total.hoverHonoured,
      expiry_locked_other: total.hoverIgnored,
      commands_acked: total.acked,
      commands_refused: total.refused,
      refusals: total.refusals,
      spectators: joined,
      spectators_live_p99_ms: percentile(lastPerLock.slice(0, BROADCAST_LOCKS), 99),
      spectators_delayed_late_p99_ms: percentile(lastPerLock.slice(BROADCAST_LOCKS), 99),
      spectators_missing: spectatorMissing,
      spectators_duplicates: watched.duplicates,
      bare_delivery_p99_ms: bare.deliveryP99,
      bare_missing: bare.missing,
      sockets,
      rss_mb_before: rssBefore.map((v) => Math.round(v)),
      rss_mb_joined: rssAfter.map((v) => Math.round(v)),
      rss_mb_peak: rssPeak.map((v) => Math.round(v)),
      client_procs: CLIENT_PROCS,
      load_before: loadBefore,
      load_during_max_1m: Math.max(...loadSamples, 0),
      load_after: loadAfter,
    };
    progress(`beside: ${JSON.stringify(beside)}`);
    if (roomFailures > ROOMS / 100)
      throw new Error(`${roomFailures} rooms failed: ${beside.rooms_failed_reason}`);
    return {
      rooms_1000_lock_to_seats_p99_ms: percentile(total.lockToSeats, 99),
      rooms_1000_lost_or_duplicated:
        total.lost + total.duplicated + total.disordered + roomFailures * STEPS * 5,
      rooms_1000_expiry_late_p99_ms: percentile(total.expiryLate, 99),
      spectators_10000_two_processes_p99_ms: percentile(lastPerLock, 99),
      rss_mb_per_1000_sockets: Math.round(rssPer1000 * 10) / 10,
      bare_ws_10000_p99_ms: bare.p99,
    };
  } finally {
    for (const client of clients) if (client.child.exitCode === null) client.child.kill("SIGKILL");
    await Promise.all(servers.map((server) => stopServer(server.child, "SIGINT")));
    await database.drop();
  }
}

/** A captain of the broadcast room, driven from here (its locks' send times are the reference). */
class Captain {
  #ids = 0;
  readonly #waiting = new Map<string, (message: Record<string, unknown>) => void>();
  private constructor(private readonly ws: import("ws").WebSocket) {
    ws.on("message", (raw) => {
      const text = String(raw);
      if (!text.startsWith('{"type":"ack"') && !text.startsWith('{"type":"reject"')) return;
      const message = JSON.parse(text) as Record<string, unknown>;
      this.#waiting.get(String(message.id))?.(message);
    });
  }

  static async join(url: string, token: string): Promise<Captain> {
    const { WebSocket } = await import("ws");
    const { ROOM_PROTOCOL_VERSION } = await import("@draftroom/contracts");
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once("error", reject);
      ws.once("open", () =>
        ws.send(JSON.stringify({ type: "hello", id: "h", proto: ROOM_PROTOCOL_VERSION, token })),
      );
      ws.on("message", (raw) => {
        if (String(raw).startsWith('{"type":"welcome"')) resolve();
      });
      ws.once("close", (code) => reject(new Error(`captain closed ${code}`)));
    });
    return new Captain(ws);
  }

  ask(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = `k${++this.#ids}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${String(message.type)}`)), 20_000);
      this.#waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.#waiting.delete(id);
        resolve(reply);
      });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

const limit = setTimeout(() => {
  progress(`FAILED: the run took longer than ${RUN_LIMIT_MS / 1000} s`);
  console.log(JSON.stringify({ ok: false, reason: "timeout" }));
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

try {
  const figures = await main();
  progress(`load after: ${JSON.stringify(machineLoad())}`);
  console.log(JSON.stringify(figures));
  process.exit(0);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  progress(`FAILED: ${reason}`);
  console.log(JSON.stringify({ ok: false, reason }));
  process.exit(1);
}
