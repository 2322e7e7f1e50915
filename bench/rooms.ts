/**
 * `npm run bench:rooms`: live rooms under load, against the server (apps/server/src/main.ts under
 * tsx) in its own process on a fresh SQLite file, clients in this process, all on this machine.
 *
 * - fan-out: N spectator sockets join one room; a captain locks; the time from sending the lock
 *   to each spectator's receipt of the lock event (measured here, one clock), p99 over LOCKS
 *   locks. Beside it, in the same run, a bare `ws` server (rooms-bare.ts, its own process)
 *   broadcasting the same message text to the same number of sockets, timed the same way.
 *   N = 1,000 and 5,000.
 * - lock round trip: a captain's lock until its `ack`, p50 (rooms without spectators).
 * - expiry lateness: 200 rooms running at once with 1 s turns and no bank (the server's
 *   test-only ROOMS_TURN_MS_OVERRIDE, so NODE_ENV=test); every step expires; lateness is each
 *   automatic lock's `at` minus its `deadline_ms` (both the database clock), p99.
 * - memory per idle spectator: the server's RSS before and after the 5,000 sockets joined.
 *
 * Last line, one JSON object: fanout_1000_p99_ms, bare_1000_p99_ms, fanout_5000_p99_ms,
 * bare_5000_p99_ms, lock_rtt_p50_ms, expiry_late_p99_ms, idle_spectator_kb (and the ratios).
 * Targets: fanout p99 <= 2x bare and < 100 ms at 1,000; lock rtt p50 < 15 ms; lateness p99 < 250 ms.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { WebSocket } from "ws";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const LOCKS = Number(process.env.BENCH_LOCKS ?? 10);
const EXPIRY_ROOMS = Number(process.env.BENCH_EXPIRY_ROOMS ?? 200);
const EXPIRY_STEPS = Number(process.env.BENCH_EXPIRY_STEPS ?? 3);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const progress = (text: string) => process.stderr.write(`bench:rooms ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

// ---- server processes -------------------------------------------------------------------------

async function startRoomServer(
  dir: string,
  shortTurns: boolean,
): Promise<{
  child: ChildProcess;
  url: string;
  token: string;
  sessionBody: Record<string, unknown>;
  pool: number[];
}> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    SQLITE_PATH: join(dir, "bench.db"),
    LOG_LEVEL: "error",
    RATE_LIMIT_ENABLED: "false",
    WEB_DIST: join(dir, "no-web"),
    DATABASE_URL: "",
    ...(shortTurns ? { ROOMS_TURN_MS_OVERRIDE: "1000", ROOMS_BANK_MS_OVERRIDE: "0" } : {}),
  };
  const cli = join(ROOT, "apps/server/src/cli.ts");
  execSync(`node --import tsx ${cli} migrate && node --import tsx ${cli} seed`, {
    cwd: join(ROOT, "apps/server"),
    env,
    stdio: "ignore",
  });
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "apps/server/src/main.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, url, ...(await prepare(url, env)) };
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error("room server did not start");
}

/** A Pro user (plan limits cap saved drafts), a session body and the champion pool. */
async function prepare(url: string, env: Record<string, string | undefined>) {
  const user = `bench${Date.now().toString(36)}`;
  const registered = await api(url, null, "/api/auth/register/", {
    username: user,
    email: `${user}@example.com`,
    password: "bench-password",
    password_confirm: "bench-password",
    first_name: "Bench",
    last_name: "Rooms",
  });
  execSync(`node --import tsx ${join(ROOT, "apps/server/src/cli.ts")} set-plan ${user} pro`, {
    cwd: join(ROOT, "apps/server"),
    env,
    stdio: "ignore",
  });
  const leagues = (await api(url, null, "/api/drafts/leagues/")) as unknown as Array<{ id: number }>;
  const teams = (await api(url, null, `/api/drafts/leagues/${leagues[0]!.id}/teams/`)) as unknown as Array<{
    id: number;
  }>;
  const sessionBody = {
    title: "Bench",
    league_id: leagues[0]!.id,
    blue_team_id: teams[0]!.id,
    red_team_id: teams[1]!.id,
  };
  const champions = (await api(url, null, "/api/drafts/champions/")) as unknown as Array<{ id: number }>;
  return { token: registered.token as string, sessionBody, pool: champions.map((c) => c.id) };
}

async function startBareServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench/rooms-bare.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve) => {
    child.stdout!.once("data", (data) => resolve(String(data).trim()));
  });
  return { child, url: `ws://127.0.0.1:${port}` };
}

// ---- clients ----------------------------------------------------------------------------------

interface Client {
  ws: WebSocket;
  /** Called with each parsed message and its receipt time. */
  onMessage: (message: Record<string, unknown>, at: number) => void;
}

function open(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const client: Client = { ws, onMessage: () => {} };
    ws.on("message", (raw) => {
      const at = performance.now();
      client.onMessage(JSON.parse(String(raw)) as Record<string, unknown>, at);
    });
    ws.once("open", () => resolve(client));
    ws.once("error", reject);
  });
}

let ids = 0;
function request(client: Client, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = `b${++ids}`;
  return new Promise((resolve) => {
    const previous = client.onMessage;
    client.onMessage = (reply, at) => {
      previous(reply, at);
      if (reply.id === id) {
        client.onMessage = previous;
        resolve(reply);
      }
    };
    client.ws.send(JSON.stringify({ ...message, id }));
  });
}

async function joinRoom(url: string, roomId: string, hello: Record<string, unknown>): Promise<Client> {
  const client = await open(`${url.replace(/^http/, "ws")}/api/rooms/${roomId}/ws`);
  const welcome = await request(client, { type: "hello", proto: 1, ...hello });
  if (welcome.type !== "welcome") throw new Error(`join refused: ${JSON.stringify(welcome)}`);
  return client;
}

async function inBatches<T>(count: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += batch) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => make(i + j)))),
    );
  }
  return out;
}

async function api(url: string, token: string | null, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

interface RoomLinks {
  id: string;
  links: Array<{ kind: string; token: string }>;
}

async function newRoom(url: string, token: string, sessionBody: Record<string, unknown>): Promise<RoomLinks> {
  return (await api(url, token, "/api/rooms/", {
    session: sessionBody,
    turn_seconds: 300,
    bank_seconds: 0,
  })) as never;
}

const tokenOf = (room: RoomLinks, kind: string) => room.links.find((link) => link.kind === kind)!.token;

// ---- measurements -------------------------------------------------------------------------------

/** Each lock: send time → receipt of that lock at every spectator. */
async function measureRoomFanout(
  captains: { blue: Client; red: Client },
  spectators: Client[],
  firstStep: number,
  locks: number,
  pool: number[],
): Promise<{ latencies: number[]; sample: string }> {
  const latencies: number[] = [];
  let sample = "";
  for (let k = 0; k < locks; k++) {
    const step = firstStep + k;
    const captain = DRAFT_SEQUENCE[step]!.side === "BLUE" ? captains.blue : captains.red;
    let pending = spectators.length;
    const done = new Promise<void>((resolve) => {
      let sent = 0;
      for (const spectator of spectators) {
        spectator.onMessage = (message, at) => {
          const event = message.event as { kind?: string; step?: number } | undefined;
          if (message.type === "event" && event?.kind === "lock" && event.step === step) {
            latencies.push(at - start);
            if (!sample) sample = JSON.stringify(message);
            sent += 1;
            pending -= 1;
            if (pending === 0) resolve();
          }
        };
      }
      void sent;
    });
    const start = performance.now();
    const ack = await request(captain, { type: "lock", step, champion_id: pool[step]! });
    if (ack.type !== "ack") throw new Error(`lock refused: ${JSON.stringify(ack)}`);
    await done;
    await sleep(100);
  }
  return { latencies, sample };
}

async function measureBare(count: number, text: string, rounds: number): Promise<number[]> {
  const bare = await startBareServer();
  try {
    const sender = await open(bare.url);
    const receivers = await inBatches(count, 200, () => open(bare.url));
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      let pending = receivers.length;
      const done = new Promise<void>((resolve) => {
        for (const receiver of receivers) {
          receiver.onMessage = (_message, at) => {
            latencies.push(at - start);
            pending -= 1;
            if (pending === 0) resolve();
          };
        }
      });
      const start = performance.now();
      sender.ws.send(text);
      await done;
      await sleep(100);
    }
    for (const client of [sender, ...receivers]) client.ws.terminate();
    return latencies;
  } finally {
    bare.child.kill("SIGTERM");
  }
}

async function main() {
  const limit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
  if (Number.isFinite(limit) && limit < 12_000) {
    process.stderr.write(
      `ulimit -n is ${limit}: 5,000 sockets per side need more; run "ulimit -n 20000" first\n`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-rooms-"));
  const figures: Record<string, number> = {};
  const server = await startRoomServer(join(dir, "a"), false);
  try {
    const { url, token, sessionBody, pool } = server;
    // ---- fan-out at 1,000 and 5,000 ----
    const room = await newRoom(url, token, sessionBody);
    const captains = {
      blue: await joinRoom(url, room.id, { token: tokenOf(room, "blue_captain") }),
      red: await joinRoom(url, room.id, { token: tokenOf(room, "red_captain") }),
    };
    await request(captains.blue, { type: "ready", ready: true });
    await request(captains.red, { type: "ready", ready: true });
    await sleep(500);
    progress("captains ready; 1,000 spectators joining");
    const rssBefore = rssKb(server.child.pid!);
    const spectators = await inBatches(1000, 100, () =>
      joinRoom(url, room.id, { token: tokenOf(room, "spectator") }),
    );
    await sleep(1000);
    progress("fan-out at 1,000");
    const at1000 = await measureRoomFanout(captains, spectators, 0, LOCKS, pool);
    progress("bare broadcast at 1,000");
    const bare1000 = await measureBare(1000, at1000.sample, LOCKS);
    figures.fanout_1000_p99_ms = percentile(at1000.latencies, 99);
    figures.bare_1000_p99_ms = percentile(bare1000, 99);
    figures.fanout_1000_p50_ms = percentile(at1000.latencies, 50);

    spectators.push(
      ...(await inBatches(4000, 100, () => joinRoom(url, room.id, { token: tokenOf(room, "spectator") }))),
    );
    await sleep(2000);
    progress("5,000 spectators joined");
    const rssAfter = rssKb(server.child.pid!);
    figures.idle_spectator_kb = Math.round(((rssAfter - rssBefore) / spectators.length) * 10) / 10;
    const locks5000 = Math.min(LOCKS, 20 - LOCKS);
    const at5000 = await measureRoomFanout(captains, spectators, LOCKS, locks5000, pool);
    figures.fanout_5000_p99_ms = percentile(at5000.latencies, 99);
    const bare5000 = await measureBare(5000, at5000.sample, locks5000);
    figures.bare_5000_p99_ms = percentile(bare5000, 99);
    for (const client of [...spectators, captains.blue, captains.red]) client.ws.terminate();
    await sleep(1000);

    // ---- lock round trip (no spectators) ----
    progress("lock round trips");
    const rtts: number[] = [];
    for (let r = 0; r < 5; r++) {
      const small = await newRoom(url, token, sessionBody);
      const seat = {
        blue: await joinRoom(url, small.id, { token: tokenOf(small, "blue_captain") }),
        red: await joinRoom(url, small.id, { token: tokenOf(small, "red_captain") }),
      };
      await request(seat.blue, { type: "ready", ready: true });
      await request(seat.red, { type: "ready", ready: true });
      for (let step = 0; step < 20; step++) {
        const captain = DRAFT_SEQUENCE[step]!.side === "BLUE" ? seat.blue : seat.red;
        const start = performance.now();
        const ack = await request(captain, { type: "lock", step, champion_id: pool[step]! });
        rtts.push(performance.now() - start);
        if (ack.type !== "ack") throw new Error(`lock refused: ${JSON.stringify(ack)}`);
      }
      seat.blue.ws.terminate();
      seat.red.ws.terminate();
    }
    figures.lock_rtt_p50_ms = percentile(rtts, 50);
    figures.lock_rtt_p99_ms = percentile(rtts, 99);
  } finally {
    server.child.kill("SIGTERM");
  }

  // ---- expiry lateness: 200 rooms at once, 1 s turns, no bank (a second server: test-only turns) ----
  const timed = await startRoomServer(join(dir, "b"), true);
  try {
    const { url, token, sessionBody } = timed;
    progress(`expiry over ${EXPIRY_ROOMS} rooms`);
    const expiryRooms = await inBatches(EXPIRY_ROOMS, 20, async () => {
      const r = await api(url, token, "/api/rooms/", {
        session: sessionBody,
        turn_seconds: 10,
        bank_seconds: 0,
      });
      return r as unknown as RoomLinks;
    });
    const watchers = await inBatches(expiryRooms.length, 50, (i) =>
      joinRoom(url, expiryRooms[i]!.id, { token: tokenOf(expiryRooms[i]!, "spectator") }),
    );
    const lateness: number[] = [];
    let pendingSteps = expiryRooms.length * EXPIRY_STEPS;
    const allExpired = new Promise<void>((resolve) => {
      for (const watcher of watchers) {
        watcher.onMessage = (message) => {
          const event = message.event as {
            kind?: string;
            is_auto?: boolean;
            at: number;
            deadline_ms: number;
            step: number;
          };
          if (
            message.type !== "event" ||
            event.kind !== "lock" ||
            !event.is_auto ||
            event.step >= EXPIRY_STEPS
          )
            return;
          lateness.push(event.at - event.deadline_ms);
          pendingSteps -= 1;
          if (pendingSteps === 0) resolve();
        };
      }
    });
    await inBatches(expiryRooms.length, 50, async (i) => {
      const organiser = await joinRoom(url, expiryRooms[i]!.id, { auth: token });
      await request(organiser, { type: "start" });
      organiser.ws.terminate();
    });
    await Promise.race([allExpired, sleep(EXPIRY_STEPS * 3000 + 60_000)]);
    figures.expiry_samples = lateness.length;
    figures.expiry_late_p50_ms = percentile(lateness, 50);
    figures.expiry_late_p99_ms = percentile(lateness, 99);
    for (const watcher of watchers) watcher.ws.terminate();

    figures.fanout_1000_ratio_to_bare =
      Math.round((figures.fanout_1000_p99_ms / figures.bare_1000_p99_ms) * 100) / 100;
    figures.fanout_5000_ratio_to_bare =
      Math.round((figures.fanout_5000_p99_ms / figures.bare_5000_p99_ms) * 100) / 100;
  } finally {
    timed.child.kill("SIGTERM");
    await sleep(300);
    rmSync(dir, { recursive: true, force: true });
  }
  const order = [
    "fanout_1000_p99_ms",
    "bare_1000_p99_ms",
    "fanout_1000_ratio_to_bare",
    "fanout_1000_p50_ms",
    "fanout_5000_p99_ms",
    "bare_5000_p99_ms",
    "fanout_5000_ratio_to_bare",
    "lock_rtt_p50_ms",
    "lock_rtt_p99_ms",
    "expiry_late_p50_ms",
    "expiry_late_p99_ms",
    "expiry_samples",
    "idle_spectator_kb",
  ];
  for (const key of order) process.stderr.write(`${key.padEnd(28)} ${figures[key]}\n`);
  process.stdout.write(`${JSON.stringify(Object.fromEntries(order.map((key) => [key, figures[key]])))}\n`);
}

await main();
process.exit(0);
