/**
 * `npm run bench:db-restart`: PostgreSQL goes away mid-draft and comes back (issue 36, decision
 * 049). Two server processes (the built apps/server/dist/main.js) share a fresh PostgreSQL
 * database through a TCP proxy (apps/server/test/helpers/pg-proxy.ts, the one the outage tests
 * use); BENCH_ROOMS rooms draft at once, each room's blue captain on one process and its red
 * captain on the other. A few steps in, the proxy cuts every connection and refuses new ones for
 * BENCH_OUTAGE_MS (a restart of the database as the servers see it), then accepts again.
 *
 * The captains behave like the web client: a command refused with `database_unavailable` is sent
 * again with the same id after 200 ms; one left unanswered by a dropped socket is sent again with
 * the same id after reconnecting. Every acknowledged lock is remembered with its seq.
 *
 * Measured:
 * - `pg_restart_recovery_s`: from the database accepting connections again to every room having
 *   taken a command (its first lock acknowledged after that instant), the slowest room;
 * - `pg_restart_lost_acked_locks`: acknowledged locks missing from the room's log at the end;
 * - `pg_restart_duplicated_steps`: steps locked more than once in a room's log (or in its
 *   draft's actions) at the end.
 * Beside them: the outage, the rooms, the commands refused during it, the clocks held (outage
 * events), what `/api/health/` answered during and after it.
 *
 * Targets: recovery below 5 s, no lost acknowledged lock, no duplicated step. Ports: free ones,
 * or BENCH_PORT_BASE (the two servers on it and the next, the proxy on the one after). Last line:
 * one JSON object; a failure prints `bench:db-restart FAILED: <why>`, `{ok:false}` and exits 1.
 */
import { ROOM_PROTOCOL_VERSION } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { WebSocket } from "ws";
import { startPgProxy } from "../apps/server/test/helpers/pg-proxy.ts";
import {
  admin,
  api,
  benchEnv,
  buildServerIfNeeded,
  cli,
  freePort,
  freshDatabase,
  machineLoad,
  PG_ADMIN_URL,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from "./lib/servers.ts";

const ROOMS = Number(process.env.BENCH_ROOMS ?? 20);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 3000);
/** A captain's pause before each lock: the rooms are still drafting when the database goes. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250);
/** Steps every room has locked before the outage starts. */
const STEPS_BEFORE_OUTAGE = 4;
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
/** The whole run's limit: a stuck phase fails it instead of hanging. */
const RUN_LIMIT_MS = 180_000;
const RESEND_MS = 200;
const ANSWER_TIMEOUT_MS = 5000;

const progress = (text: string) => process.stderr.write(`bench:db-restart ${text}\n`);

const portFor = (offset: number) =>
  PORT_BASE === undefined ? freePort() : Promise.resolve(PORT_BASE + offset);

// ---- captains ----------------------------------------------------------------------------------

type Message = Record<string, unknown> & { type: string };

/**
 * A captain's socket, as the web client behaves: it reconnects by itself, and sends a command with
 * one id until the server acknowledges it (again after `database_unavailable`, again after a
 * dropped socket).
 */
class Captain {
  #ws: WebSocket | undefined;
  #connecting: Promise<WebSocket> | undefined;
  readonly #waiting = new Map<string, (message: Message | null) => void>();
  /** Commands refused with `database_unavailable` (then sent again). */
  refusedUnavailable = 0;
  /** Sockets opened again after one was lost or a hello was refused. */
  reconnects = 0;

  constructor(
    private readonly url: string,
    private readonly roomId: string,
    private readonly token: string,
  ) {}

  #socket(): Promise<WebSocket> {
    if (this.#ws?.readyState === WebSocket.OPEN) return Promise.resolve(this.#ws);
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<WebSocket> {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) {
        this.reconnects += 1;
        await sleep(RESEND_MS);
      }
      const ws = new WebSocket(`${this.url.replace(/^http/, "ws")}/api/rooms/${this.roomId}/ws`);
      const welcomed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ANSWER_TIMEOUT_MS);
        ws.on("error", () => resolve(false));
        ws.on("close", () => {
          clearTimeout(timer);
          resolve(false);
          // Unanswered commands are sent again on the next socket.
          for (const answer of [...this.#waiting.values()]) answer(null);
        });
        ws.on("open", () =>
          ws.send(
            JSON.stringify({ type: "hello", id: "hello", proto: ROOM_PROTOCOL_VERSION, token: this.token }),
          ),
        );
        ws.on("message", (raw) => {
          const text = String(raw);
          // Events, clocks and presence are not what a captain waits for here.
          if (!/^\{"type":"(welcome|ack|reject)"/.test(text)) return;
          const message = JSON.parse(text) as Message;
          if (message.type === "welcome") {
            clearTimeout(timer);
            resolve(true);
          } else this.#waiting.get(String(message.id))?.(message);
        });
      });
      if (welcomed) {
        this.#ws = ws;
        return ws;
      }
      ws.terminate();
    }
  }

  /** Sends `message` with the id `id` until it is acknowledged: the ack's seq and receipt time. */
  async command(message: Record<string, unknown>, id: string): Promise<{ seq: number | null; at: number }> {
    for (;;) {
      const ws = await this.#socket();
      const answer = new Promise<Message | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
        this.#waiting.set(id, (reply) => {
          clearTimeout(timer);
          this.#waiting.delete(id);
          resolve(reply);
        });
      });
      ws.send(JSON.stringify({ ...message, id }));
      const reply = await answer;
      if (reply?.type === "ack")
        return { seq: reply.seq === null ? null : Number(reply.seq), at: Date.now() };
      if (reply?.type === "reject" && reply.code === "database_unavailable") {
        this.refusedUnavailable += 1;
        await sleep(RESEND_MS);
        continue;
      }
      if (reply?.type === "reject")
        throw new Error(`${String(message.type)} ${id} refused: ${String(reply.code)}`);
      // No answer (the socket went, or the answer was lost): a new socket, the same id.
      if (this.#ws === ws) this.#ws = undefined;
      ws.terminate();
    }
  }

  close(): void {
    this.#ws?.close();
  }
}

interface RoomRun {
  readonly id: string;
  readonly sessionId: string;
  /** Locks acknowledged to a captain: the step, the seq the ack gave, when it came. */
  readonly acked: Array<{ step: number; seq: number; at: number }>;
  /** Blue's captain (on one process) and red's (on the other). */
  readonly captains: readonly [Captain, Captain];
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Drafts a room to its end; at STEPS_BEFORE_OUTAGE it waits for `go` (every room mid-draft). */
async function draft(room: RoomRun, pool: readonly number[], go: Promise<void>): Promise<void> {
  for (let step = 0; step < DRAFT_SEQUENCE.length; step += 1) {
    if (step === STEPS_BEFORE_OUTAGE) await go;
    await sleep(THINK_MS * (0.5 + Math.random()));
    const captain = room.captains[DRAFT_SEQUENCE[step]!.side === "BLUE" ? 0 : 1];
    const ack = await captain.command({ type: "lock", step, champion_id: pool[step]! }, `lock-${step}`);
    if (ack.seq === null) throw new Error(`lock ${step} acknowledged without a seq`);
    room.acked.push({ step, seq: ack.seq, at: ack.at });
  }
}

async function health(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/api/health/`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

// ---- the run -----------------------------------------------------------------------------------

async function main(): Promise<Record<string, unknown>> {
  progress(`load before: ${JSON.stringify(machineLoad())}`);
  progress("building the server when needed");
  buildServerIfNeeded();

  const database = await freshDatabase("draftroom_bench_dbrestart");
  const target = new URL(PG_ADMIN_URL);
  const proxy = await startPgProxy(
    { host: target.hostname, port: Number(target.port || 5432) },
    await portFor(2),
  );
  const servers: ServerProcess[] = [];
  const captains: Captain[] = [];
  try {
    const direct = database.url;
    const baseEnv = benchEnv();
    progress(`migrating and seeding ${database.name}`);
    cli({ ...baseEnv, DATABASE_URL: direct }, "dist", "migrate");
    cli({ ...baseEnv, DATABASE_URL: direct }, "dist", "seed");
    const env = { ...baseEnv, DATABASE_URL: proxy.via(direct) };
    const [a, b] = await Promise.all([
      startServer(env, { port: await portFor(0) }),
      startServer(env, { port: await portFor(1) }),
    ]);
    servers.push(a, b);

    const username = `bench${Date.now().toString(36)}`;
    const { token } = await api<{ token: string }>(a.url, "/api/auth/register/", null, {
      username,
      email: `${username}@example.com`,
      password: "bench-password",
      password_confirm: "bench-password",
      first_name: "Bench",
      last_name: "Outage",
    });
    cli({ ...baseEnv, DATABASE_URL: direct }, "dist", "set-plan", username, "pro");
    const leagues = await api<Array<{ id: number }>>(a.url, "/api/drafts/leagues/", null);
    const teams = await api<Array<{ id: number }>>(
      a.url,
      `/api/drafts/leagues/${leagues[0]!.id}/teams/`,
      null,
    );
    const pool = (await api<Array<{ id: number }>>(a.url, "/api/drafts/champions/", null)).map((c) => c.id);
    const session = {
      title: "Outage",
      league_id: leagues[0]!.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    };

    progress(`opening ${ROOMS} rooms (blue captains on one process, red captains on the other)`);
    const rooms: RoomRun[] = [];
    for (let index = 0; index < ROOMS; index += 1) {
      const room = await api<{
        id: string;
        session_id: string;
        links: Array<{ kind: string; token?: string }>;
      }>(a.url, "/api/rooms/", token, { session });
      const link = (kind: string) => room.links.find((candidate) => candidate.kind === kind)!.token!;
      const pair = [
        new Captain(a.url, room.id, link("blue_captain")),
        new Captain(b.url, room.id, link("red_captain")),
      ] as const;
      captains.push(...pair);
      rooms.push({ id: room.id, sessionId: room.session_id, acked: [], captains: pair });
    }
    await Promise.all(
      rooms.flatMap((room) =>
        room.captains.map((captain) => captain.command({ type: "ready", ready: true }, "ready")),
      ),
    );

    progress(`drafting; the database goes away for ${OUTAGE_MS} ms at step ${STEPS_BEFORE_OUTAGE}`);
    const go = deferred();
    const drafting = Promise.all(rooms.map((room) => draft(room, pool, go.promise)));
    drafting.catch(() => {});
    await until("every room reached the outage's step", () =>
      rooms.every((room) => room.acked.length >= STEPS_BEFORE_OUTAGE),
    );
    go.resolve();
    // The rooms' next locks are in flight when the database goes.
    await sleep(THINK_MS);
    proxy.refuse();
    proxy.cut();
    const outageStart = Date.now();
    let healthDuring: Record<string, unknown> | null = null;
    await until("the health check says the database is gone", async () => {
      const answer = await health(a.url);
      if (answer.status === 503) healthDuring = { status: 503, ...answer.body };
      return answer.status === 503;
    });
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStart)));
    proxy.restore();
    const restoredAt = Date.now();
    progress("the database accepts connections again");
    await drafting;
    await until("both servers are healthy", async () =>
      (await Promise.all([health(a.url), health(b.url)])).every((answer) => answer.status === 200),
    );
    const healthAfter = await health(a.url);

    // Recovery: each room's first lock acknowledged after the database came back.
    const recoveries = rooms.map((room) => {
      const first = room.acked.find((ack) => ack.at >= restoredAt);
      if (!first) throw new Error(`room ${room.id} took no command after the outage`);
      return first.at - restoredAt;
    });

    // The log and the actions as the database has them.
    const ids = rooms.map((room) => room.id);
    const { events, duplicatedActions } = await admin(async (client) => {
      const logged = await client.query<{ room_id: string; seq: string; kind: string; step: number | null }>(
        "select room_id, seq, kind, step from room_events where room_id = any($1) order by room_id, seq",
        [ids],
      );
      const duplicates = await client.query<{ extra: string }>(
        `select coalesce(sum(n - 1), 0) as extra from (
           select count(*) as n from draft_actions where session_id = any($1)
           group by session_id, phase_number having count(*) > 1) as d`,
        [rooms.map((room) => room.sessionId)],
      );
      return { events: logged.rows, duplicatedActions: Number(duplicates.rows[0]?.extra ?? 0) };
    }, direct);
    let lost = 0;
    let duplicated = duplicatedActions;
    let held = 0;
    for (const room of rooms) {
      const log = events.filter((event) => event.room_id === room.id);
      const locks = log.filter((event) => event.kind === "lock");
      held += log.filter((event) => event.kind === "outage").length;
      for (const ack of room.acked) {
        // The ack names the command's last event: the lock, or the draft's end right after it.
        const last = log.find((event) => Number(event.seq) === ack.seq);
        const lockSeq = last?.kind === "complete" ? ack.seq - 1 : ack.seq;
        if (!locks.some((event) => Number(event.seq) === lockSeq && event.step === ack.step)) lost += 1;
      }
      const steps = locks.map((event) => event.step);
      duplicated += steps.length - new Set(steps).size;
      if (new Set(steps).size !== DRAFT_SEQUENCE.length)
        throw new Error(`room ${room.id} did not finish its draft`);
    }

    const figures = {
      pg_restart_recovery_s: Math.round(Math.max(...recoveries) / 10) / 100,
      pg_restart_lost_acked_locks: lost,
      pg_restart_duplicated_steps: duplicated,
      recovery_p50_s:
        Math.round(recoveries.sort((x, y) => x - y)[Math.floor(recoveries.length / 2)]! / 10) / 100,
      rooms: ROOMS,
      outage_ms: restoredAt - outageStart,
      acked_locks: rooms.reduce((sum, room) => sum + room.acked.length, 0),
      refused_database_unavailable: captains.reduce((sum, captain) => sum + captain.refusedUnavailable, 0),
      reconnects: captains.reduce((sum, captain) => sum + captain.reconnects, 0),
      clocks_held: held,
      health_during: healthDuring,
      health_after_status: healthAfter.status,
      load_after: machineLoad(),
    };
    progress(
      `recovery ${figures.pg_restart_recovery_s} s, lost acked locks ${lost}, duplicated steps ${duplicated} (targets: < 5 s, 0, 0)`,
    );
    return figures;
  } finally {
    for (const captain of captains) captain.close();
    for (const server of servers) await stopServer(server.child);
    await proxy.close();
    await database.drop();
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
  console.log(JSON.stringify({ ok: true, ...figures }));
  process.exit(0);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  progress(`FAILED: ${reason}`);
  console.log(JSON.stringify({ ok: false, reason }));
  process.exit(1);
}
