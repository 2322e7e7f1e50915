/**
 * One load-generating process of `bench:scale` (scale.ts forks a few, so the thousands of client
 * sockets never share an event loop with the servers or with the measuring parent). Driven over
 * the fork's IPC channel; every time it records is wall-clock milliseconds
 * (`performance.timeOrigin + performance.now()`), which the parent and its siblings share.
 *
 * Clients are raw `ws` sockets that parse as little as they can: a watcher only looks for lock
 * events (a regex on the text), a room's seat parses its own room's events and clocks.
 */
import { performance } from "node:perf_hooks";
import { ROOM_PROTOCOL_VERSION } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { WebSocket } from "ws";

const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const send = (message: unknown) => process.send?.(message);

const OPEN_TIMEOUT_MS = Number(process.env.BENCH_OPEN_TIMEOUT_MS ?? 30_000);
const REPLY_TIMEOUT_MS = 15_000;
const JOIN_CONCURRENCY = Number(process.env.BENCH_JOIN_CONCURRENCY ?? 40);
const LOCK_STEP = /"kind":"lock"[^}]*?"step":(\d+)/;

// ---- sockets ------------------------------------------------------------------------------------

/** A socket that has been welcomed (a room) or opened (the bare server). */
interface Socket {
  readonly ws: WebSocket;
  onText: (text: string, at: number) => void;
  closed: boolean;
}

function openSocket(url: string, hello: Record<string, unknown> | null): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const socket: Socket = { ws, onText: () => {}, closed: false };
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("no welcome in time"));
    }, OPEN_TIMEOUT_MS);
    ws.on("error", () => {});
    ws.on("close", (code) => {
      socket.closed = true;
      clearTimeout(timer);
      reject(new Error(`closed ${code} before welcome`));
    });
    ws.on("open", () => {
      if (!hello) {
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      ws.send(JSON.stringify({ type: "hello", id: "hello", proto: ROOM_PROTOCOL_VERSION, ...hello }));
    });
    ws.on("message", (raw) => {
      const at = wallNow();
      const text = String(raw);
      if (hello && text.startsWith('{"type":"welcome"')) {
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      socket.onText(text, at);
    });
  });
}

async function withRetries<T>(make: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await make();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(300 * attempt);
    }
  }
}

async function inPool<T>(
  count: number,
  make: (i: number) => Promise<T>,
): Promise<{ ok: T[]; failed: number; reason: string }> {
  const ok: T[] = [];
  let failed = 0;
  let reason = "";
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        ok.push(await make(i));
      } catch (error) {
        failed += 1;
        if (!reason) reason = error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(JOIN_CONCURRENCY, count) }, worker));
  return { ok, failed, reason };
}

// ---- watchers: many sockets that only note when each lock arrived -------------------------------

interface WatchTarget {
  readonly url: string;
  /** Null: the bare server (no hello). */
  readonly hello: Record<string, unknown> | null;
}

/** Each watcher's receipt time per step (first receipt), and its extra copies. */
const watchers: Array<{ socket: Socket; got: Map<number, number>; duplicates: number }> = [];

async function joinWatchers(targets: readonly WatchTarget[]) {
  const { ok, failed, reason } = await inPool(targets.length, (i) =>
    withRetries(() => openSocket(targets[i]!.url, targets[i]!.hello)),
  );
  for (const socket of ok) {
    const watcher = { socket, got: new Map<number, number>(), duplicates: 0 };
    socket.onText = (text, at) => {
      const match = LOCK_STEP.exec(text);
      if (!match) return;
      const step = Number(match[1]);
      if (watcher.got.has(step)) watcher.duplicates += 1;
      else watcher.got.set(step, at);
    };
    watchers.push(watcher);
  }
  return { joined: ok.length, failed, reason };
}

/** For each step asked: every watcher's receipt time (missing ones counted). */
function watcherReport(steps: readonly number[]) {
  const times: Record<number, number[]> = {};
  const missing: Record<number, number> = {};
  let duplicates = 0;
  for (const step of steps) {
    times[step] = [];
    missing[step] = 0;
  }
  for (const watcher of watchers) {
    duplicates += watcher.duplicates;
    for (const step of steps) {
      const at = watcher.got.get(step);
      if (at === undefined) missing[step]! += 1;
      else times[step]!.push(at);
    }
  }
  return { times, missing, duplicates, closed: watchers.filter((w) => w.socket.closed).length };
}

function closeWatchers() {
  for (const watcher of watchers) watcher.socket.ws.terminate();
  watchers.length = 0;
}

/** The bare server's sender: one socket that sends the given texts. */
let bareSender: Socket | undefined;

// ---- rooms: five seats each, drafting -----------------------------------------------------------

export interface RoomPlan {
  readonly id: string;
  readonly blue: string;
  readonly red: string;
  readonly blueTeam: string;
  readonly spectator: string;
  /** The server of each seat: blue captain, red captain, coach, spectator 1, spectator 2. */
  readonly urls: readonly [string, string, string, string, string];
  /** Steps the captains leave to the clock (their last hover is what it should lock). */
  readonly expire: readonly number[];
}

export interface DraftOptions {
  readonly pool: readonly number[];
  readonly thinkMinMs: number;
  readonly thinkMaxMs: number;
  readonly hovers: number;
  readonly steps: number;
}

/** What one seat saw of its room: lock steps in order of receipt (with their seq). */
interface Seat {
  readonly socket: Socket;
  readonly locks: Array<{ step: number; seq: number; at: number }>;
}

interface RoomResult {
  /** Each lock by a captain: the send time → the last of the five seats' receipt. */
  lockToSeats: number[];
  /** Expiries: the automatic lock's `at` minus the deadline of its turn (database clock). */
  expiryLate: number[];
  /** Automatic locks that took the champion last hovered (and acknowledged) / that did not. */
  hoverHonoured: number;
  hoverIgnored: number;
  /** Per seat: steps missing, received twice, out of order. */
  lost: number;
  duplicated: number;
  disordered: number;
  acked: number;
  refused: number;
  refusals: string[];
}

function seatOf(
  socket: Socket,
  onLock?: (step: number, seq: number, at: number, text: string) => void,
): Seat {
  const seat: Seat = { socket, locks: [] };
  socket.onText = (text, at) => {
    const match = LOCK_STEP.exec(text);
    if (!match || !text.startsWith('{"type":"event"')) return;
    const step = Number(match[1]);
    const seq = Number(/"seq":(\d+)/.exec(text)?.[1] ?? -1);
    seat.locks.push({ step, seq, at });
    onLock?.(step, seq, at, text);
  };
  return seat;
}

/** A request on a seat's socket: the `ack`/`reject` with its id. */
function request(
  socket: Socket,
  message: Record<string, unknown>,
  id: string,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const previous = socket.onText;
    const timer = setTimeout(() => {
      socket.onText = previous;
      reject(new Error(`no answer to ${String(message.type)} in ${REPLY_TIMEOUT_MS} ms`));
    }, REPLY_TIMEOUT_MS);
    const marker = `"id":"${id}"`;
    socket.onText = (text, at) => {
      previous(text, at);
      if (
        (text.startsWith('{"type":"ack"') || text.startsWith('{"type":"reject"')) &&
        text.includes(marker)
      ) {
        clearTimeout(timer);
        socket.onText = previous;
        resolve(JSON.parse(text) as Record<string, unknown>);
      }
    };
    socket.ws.send(JSON.stringify({ ...message, id }));
  });
}

async function draftRoom(
  plan: RoomPlan,
  options: DraftOptions,
  result: RoomResult,
  start: Promise<void>,
  onReady: () => void,
) {
  const hellos = [
    { token: plan.blue },
    { token: plan.red },
    { token: plan.blueTeam, name: "Coach" },
    { token: plan.spectator },
    { token: plan.spectator },
  ];
  const debug = process.env.BENCH_SCALE_DEBUG
    ? (text: string) => process.stderr.write(`room ${plan.id}: ${text}\n`)
    : () => {};
  debug("seating");
  const sockets = await Promise.all(
    hellos.map((hello, i) =>
      withRetries(() => openSocket(`${plan.urls[i]!.replace(/^http/, "ws")}/api/rooms/${plan.id}/ws`, hello)),
    ),
  );
  // The deadline of the turn on the clock, as the first spectator's clock messages say.
  let deadlineMs: number | null = null;
  const autoLocks = new Map<number, { at: number; champion: number }>();
  const seats = sockets.map((socket, i) =>
    seatOf(socket, (step, _seq, _at, text) => {
      if (i !== 3 || !text.includes('"is_auto":true')) return;
      const event = JSON.parse(text) as { event: { at: number; body: { champion_id: number | null } } };
      autoLocks.set(step, {
        at: event.event.at - (deadlineMs ?? Number.NaN),
        champion: event.event.body.champion_id ?? -1,
      });
    }),
  );
  const watcher = seats[3]!;
  const seatHandler = watcher.socket.onText;
  watcher.socket.onText = (text, at) => {
    if (text.startsWith('{"type":"clock"')) {
      const match = /"deadline_ms":(\d+|null)/.exec(text);
      deadlineMs = match && match[1] !== "null" ? Number(match[1]) : null;
      return;
    }
    seatHandler(text, at);
  };
  const [blue, red] = [sockets[0]!, sockets[1]!];
  let ids = 0;
  const ask = async (socket: Socket, message: Record<string, unknown>) => {
    const answer = await request(socket, message, `c${++ids}`);
    if (answer.type === "ack") result.acked += 1;
    else {
      result.refused += 1;
      if (result.refusals.length < 5) result.refusals.push(`${String(message.type)}: ${String(answer.code)}`);
    }
    return answer;
  };
  debug("seated");
  onReady();
  await start;
  // Both captains ready starts the clock: the rooms start spread over a think time, not at once.
  await sleep(Math.random() * options.thinkMaxMs);
  await ask(blue, { type: "ready", ready: true });
  await ask(red, { type: "ready", ready: true });
  const waitAll = (step: number, limitMs: number) =>
    new Promise<boolean>((resolve) => {
      const deadline = Date.now() + limitMs;
      const check = () => {
        if (seats.every((seat) => seat.locks.some((lock) => lock.step === step))) return resolve(true);
        if (Date.now() > deadline) return resolve(false);
        setTimeout(check, 5);
      };
      check();
    });
  for (let step = 0; step < options.steps; step++) {
    const captain = DRAFT_SEQUENCE[step]!.side === "BLUE" ? blue : red;
    const think = options.thinkMinMs + Math.random() * (options.thinkMaxMs - options.thinkMinMs);
    // Hovers between locks, spread over the thinking time; the last one is what an expiry locks.
    let hovered: number | null = null;
    for (let h = 0; h < options.hovers; h++) {
      await sleep(think / (options.hovers + 1));
      hovered = options.pool[(step * 7 + h * 3 + 40) % options.pool.length]!;
      await ask(captain, { type: "hover", step, champion_id: hovered });
    }
    await sleep(think / (options.hovers + 1));
    if (plan.expire.includes(step)) {
      // Left to the clock: every seat sees the automatic lock.
      const arrived = await waitAll(step, 40_000);
      const auto = autoLocks.get(step);
      if (arrived && auto) {
        result.expiryLate.push(auto.at);
        if (hovered !== null && auto.champion === hovered) result.hoverHonoured += 1;
        else result.hoverIgnored += 1;
      }
      continue;
    }
    const champion = options.pool[step]!;
    const sent = wallNow();
    await ask(captain, { type: "lock", step, champion_id: champion });
    if (await waitAll(step, 20_000)) {
      const last = Math.max(...seats.map((seat) => seat.locks.find((lock) => lock.step === step)!.at));
      result.lockToSeats.push(last - sent);
    }
  }
  await sleep(500);
  for (const seat of seats) {
    const steps = seat.locks.map((lock) => lock.step);
    const unique = new Set(steps);
    result.duplicated += steps.length - unique.size;
    for (let step = 0; step < options.steps; step++) if (!unique.has(step)) result.lost += 1;
    for (let i = 1; i < seat.locks.length; i++)
      if (seat.locks[i]!.seq <= seat.locks[i - 1]!.seq || seat.locks[i]!.step < seat.locks[i - 1]!.step)
        result.disordered += 1;
  }
  for (const socket of sockets) socket.ws.close();
}

// ---- the IPC commands -------------------------------------------------------------------------

type Command =
  | { cmd: "watch"; targets: WatchTarget[] }
  | { cmd: "watch-report"; steps: number[] }
  | { cmd: "watch-close" }
  | { cmd: "bare-sender"; url: string }
  | { cmd: "bare-send"; text: string }
  | { cmd: "rooms"; rooms: RoomPlan[]; options: DraftOptions }
  | { cmd: "rooms-start" }
  | { cmd: "exit" };

let releaseRooms = () => {};
const roomsStart = new Promise<void>((resolve) => {
  releaseRooms = resolve;
});

process.on("message", (command: Command & { seq: number }) => {
  const reply = (body: Record<string, unknown>) => send({ seq: command.seq, ...body });
  void (async () => {
    try {
      switch (command.cmd) {
        case "watch":
          reply(await joinWatchers(command.targets));
          break;
        case "watch-report":
          reply(watcherReport(command.steps));
          break;
        case "watch-close":
          closeWatchers();
          reply({});
          break;
        case "bare-sender":
          bareSender = await openSocket(command.url, null);
          reply({});
          break;
        case "bare-send": {
          const at = wallNow();
          bareSender!.ws.send(command.text);
          reply({ at });
          break;
        }
        case "rooms": {
          const result: RoomResult = {
            lockToSeats: [],
            expiryLate: [],
            hoverHonoured: 0,
            hoverIgnored: 0,
            lost: 0,
            duplicated: 0,
            disordered: 0,
            acked: 0,
            refused: 0,
            refusals: [],
          };
          let ready = 0;
          let failed = 0;
          let reason = "";
          const runs = command.rooms.map((plan) =>
            draftRoom(plan, command.options, result, roomsStart, () => {
              ready += 1;
            }).catch((error: unknown) => {
              failed += 1;
              if (!reason) reason = error instanceof Error ? error.message : String(error);
            }),
          );
          // Tells the parent how many rooms here have their seats and both captains ready.
          const readiness = setInterval(
            () => send({ progress: "rooms", seated: ready, failed, reason }),
            1000,
          );
          reply({ accepted: runs.length });
          await Promise.all(runs);
          clearInterval(readiness);
          send({ done: "rooms", result, failed, reason });
          break;
        }
        case "rooms-start":
          releaseRooms();
          reply({});
          break;
        case "exit":
          closeWatchers();
          process.exit(0);
      }
    } catch (error) {
      reply({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
send({ started: true });
