import {
  ROOM_PROTOCOL_VERSION,
  type Room,
  type RoomEvent,
  type RoomServerMessage,
  roomServerMessageSchema,
} from "@draftroom/contracts";
import {
  DRAFT_SEQUENCE,
  DRAFT_STEP_COUNT,
  isRoomEvent,
  type RoomEventKind,
  type RoomLogBody,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import { WebSocket } from "ws";
import type { Database } from "../../src/db/schema.ts";
import { databaseNowMs } from "../../src/modules/rooms/repository.ts";

export { startServer, waitExit } from "../helpers/server-process.ts";

/** Helpers of the live-room integration tests: a protocol client over a real WebSocket. */

let ids = 0;
export const nextId = () => `m${++ids}`;

type Welcome = Extract<RoomServerMessage, { type: "welcome" }>;

export class RoomClient {
  readonly messages: RoomServerMessage[] = [];
  readonly events: RoomEvent[] = [];
  welcome: Welcome | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #waiters: Array<{
    test: (m: RoomServerMessage) => boolean;
    resolve: (m: RoomServerMessage) => void;
  }> = [];
  /** Messages the server sent that are not valid protocol messages (must stay empty). */
  readonly invalid: unknown[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
    ws.on("message", (raw) => {
      const data = JSON.parse(String(raw));
      const parsed = roomServerMessageSchema.safeParse(data);
      if (!parsed.success) {
        this.invalid.push(data);
        return;
      }
      const message = parsed.data;
      this.messages.push(message);
      if (message.type === "event" && !this.events.some((e) => e.seq === message.event.seq)) {
        this.events.push(message.event);
      }
      for (let i = this.#waiters.length - 1; i >= 0; i--) {
        const waiter = this.#waiters[i]!;
        if (waiter.test(message)) {
          this.#waiters.splice(i, 1);
          waiter.resolve(message);
        }
      }
    });
  }

  static async connect(baseUrl: string, roomId: string): Promise<RoomClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/rooms/${roomId}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new RoomClient(ws);
  }

  /** Connects and says hello with a link token (or `{auth}`); resolves with the welcome. */
  static async join(
    baseUrl: string,
    roomId: string,
    credentials: { token: string; name?: string; auth?: string } | { auth: string } | { watch: string },
  ): Promise<RoomClient> {
    const client = await RoomClient.connect(baseUrl, roomId);
    const reply = await client.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, ...credentials });
    if (reply.type !== "welcome") throw new Error(`no welcome: ${JSON.stringify(reply)}`);
    client.welcome = reply;
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  waitFor(test: (m: RoomServerMessage) => boolean, timeoutMs = 5000): Promise<RoomServerMessage> {
    const found = this.messages.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a message")), timeoutMs);
      this.#waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Sends a message with a fresh id and waits for the answer to that id. */
  async request(message: Record<string, unknown>, id = nextId()): Promise<RoomServerMessage> {
    const answer = this.waitFor((m) => "id" in m && m.id === id);
    this.send({ ...message, id });
    return answer;
  }

  waitForSeq(seq: number, timeoutMs = 5000): Promise<RoomServerMessage> {
    return this.waitFor((m) => m.type === "event" && m.event.seq >= seq, timeoutMs);
  }

  lastSeq(): number {
    return Math.max(this.welcome?.snapshot.seq ?? 0, ...this.events.map((e) => e.seq));
  }

  close(): void {
    this.ws.close();
  }
}

/** What a socket that follows the protocol as the web client does has applied, and when. */
export interface FollowedFeed {
  /** The last seq applied (an event's, or a snapshot's). */
  seq: number;
  /** Each lock applied, by step: when (local clock), which event, or null when a snapshot held it. */
  readonly locks: Map<number, { localMs: number; event: RoomEvent | null }>;
  /** Events that came after a gap (`prev` beyond the last seq applied): not applied, resync asked. */
  gaps: number;
  /** Events applied, in the order applied (a snapshot's events are not listed). */
  readonly applied: RoomEvent[];
  /** Resolves once `test` holds after a message was handled (rejects after `timeoutMs`). */
  until(test: (feed: FollowedFeed) => boolean, timeoutMs?: number): Promise<void>;
}

/**
 * Follows a socket's feed as the web client does (`room-state.ts`): an event at or below the last
 * seq applied is history; one after a gap (its `prev`, or `seq - 1` without one, beyond the last
 * seq applied) is not applied and asks for a resync; a snapshot replaces everything.
 */
export function followFeed(client: RoomClient): FollowedFeed {
  const waiters = new Set<() => void>();
  const feed: FollowedFeed = {
    seq: 0,
    locks: new Map(),
    gaps: 0,
    applied: [],
    until(test, timeoutMs = 5000) {
      if (test(feed)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!test(feed)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the feed did not get there in ${timeoutMs} ms (seq ${feed.seq})`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
  const fromSnapshot = (snapshot: Extract<RoomServerMessage, { type: "snapshot" }>["snapshot"]) => {
    feed.seq = snapshot.seq;
    for (const action of snapshot.actions) {
      if (!feed.locks.has(action.phase_number))
        feed.locks.set(action.phase_number, { localMs: Date.now(), event: null });
    }
  };
  const apply = (message: RoomServerMessage) => {
    if (message.type === "snapshot") fromSnapshot(message.snapshot);
    if (message.type !== "event") return;
    const { event } = message;
    if (event.seq <= feed.seq) return;
    if ((message.prev ?? event.seq - 1) > feed.seq) {
      feed.gaps += 1;
      client.send({ type: "resync", id: nextId(), last_seq: feed.seq });
      return;
    }
    feed.seq = event.seq;
    feed.applied.push(event);
    if (event.body.kind === "lock") feed.locks.set(event.body.step, { localMs: Date.now(), event });
  };
  if (client.welcome) fromSnapshot(client.welcome.snapshot);
  client.ws.on("message", (raw) => {
    apply(JSON.parse(String(raw)) as RoomServerMessage);
    for (const check of [...waiters]) check();
  });
  return feed;
}

/** The bodies of a log's events of one kind, typed by that kind (the wire event is `{seq, at, actor, body}`). */
export function bodiesOf<K extends RoomEventKind>(
  events: readonly RoomEvent[],
  kind: K,
): Extract<RoomLogBody, { kind: K }>[] {
  return events.filter((event) => isRoomEvent(event, kind)).map((event) => event.body);
}

export type LockBody = Extract<RoomLogBody, { kind: "lock" }>;

/** The lock event of `step` in a server message, or undefined (for `waitFor`). */
export function lockAt(message: RoomServerMessage, step: number): LockBody | undefined {
  if (message.type !== "event") return undefined;
  const { body } = message.event;
  return body.kind === "lock" && body.step === step ? body : undefined;
}

export async function createRoom(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<Room> {
  const res = await fetch(`${baseUrl}/api/rooms/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Token ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`room create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Room;
}

/**
 * Plays a whole draft in the tournament order: each step's captain locks `champions[step]`, and
 * every lock is acknowledged.
 */
export async function lockEveryStep(
  captains: { blue: RoomClient; red: RoomClient },
  champions: readonly number[],
): Promise<void> {
  for (let step = 0; step < DRAFT_STEP_COUNT; step++) {
    const captain = DRAFT_SEQUENCE[step]!.side === "BLUE" ? captains.blue : captains.red;
    const answer = await captain.request({ type: "lock", step, champion_id: champions[step]! });
    expect(answer, `step ${step}`).toMatchObject({ type: "ack" });
  }
}

export function linkToken(room: Room, kind: Room["links"][number]["kind"]): string {
  const link = room.links.find((candidate) => candidate.kind === kind);
  if (!link?.token) throw new Error(`no ${kind} link`);
  return link.token;
}

// ---- server processes (started by ../helpers/server-process.ts) -----------------------------------

export async function registerUser(url: string, username: string): Promise<string> {
  const password = "rooms-password";
  const res = await fetch(`${url}/api/auth/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      password_confirm: password,
      first_name: "Room",
      last_name: "Test",
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** A body for POST /api/rooms/ that also creates the session. */
export async function newSessionBody(url: string): Promise<Record<string, unknown>> {
  const leagues = (await (await fetch(`${url}/api/drafts/leagues/`)).json()) as Array<{
    id: number;
    name: string;
  }>;
  const league = leagues.find((l) => l.name === "LEC") ?? leagues[0]!;
  const teams = (await (await fetch(`${url}/api/drafts/leagues/${league.id}/teams/`)).json()) as Array<{
    id: number;
  }>;
  return { title: "Live scrim", league_id: league.id, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database clock minus this process's clock, from the quickest of a few round trips (its
 * error is at most half of it): receipt time + offset is the server's clock at receipt.
 */
export async function clockOffset(db: Kysely<Database>): Promise<number> {
  let best = { offset: 0, rtt: Number.POSITIVE_INFINITY };
  for (let sample = 0; sample < 5; sample++) {
    const before = Date.now();
    const dbNow = await databaseNowMs(db);
    const after = Date.now();
    if (after - before < best.rtt) best = { offset: dbNow - (before + after) / 2, rtt: after - before };
  }
  return best.offset;
}
