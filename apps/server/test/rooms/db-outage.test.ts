import {
  healthSchema,
  healthUnavailableSchema,
  type RoomEvent,
  type RoomServerMessage,
  roomEventsSchema,
} from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { createTempDatabase, type TempDatabase } from "../helpers/database.ts";
import { postgresAvailable, testConfig } from "../helpers/dialects.ts";
import { type PgProxy, startPgProxy } from "../helpers/pg-proxy.ts";
import { bodiesOf, createRoom, linkToken, newSessionBody, RoomClient, registerUser } from "./support.ts";

/**
 * The database goes away mid-draft (decision 049), on PostgreSQL through a TCP proxy that cuts and
 * refuses connections (never by stopping the database other tests use): two servers ("processes":
 * each its own pool and listener) share one database through the proxy. A command during the
 * outage is refused with `database_unavailable` and applied once when sent again; a commit whose
 * answer is lost is applied once; `/api/health/` says what is wrong while it is; the listener
 * comes back and the other server's locks reach the sockets again; a deadline that passed during
 * the outage gets the outage's time back.
 */

interface Server {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly url: string;
}

async function startServer(
  databaseUrl: string,
  proxy: PgProxy,
  env: Record<string, string>,
): Promise<Server> {
  const config = testConfig({ DATABASE_URL: proxy.via(databaseUrl), ROOMS_SWEEP_MS: "200", ...env });
  const database = createDatabase(config);
  const app = await buildApp({ config, database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  return { app, database, url: `http://127.0.0.1:${address.port}` };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  await server.app.close();
  await server.database.destroy();
}

/** Polls until `check` holds (each try's failure is kept for the message), for up to `ms`. */
async function until<T>(what: string, attempt: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}${last ? ` (${String(last)})` : ""}`);
}

async function health(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/health/`);
  return { status: res.status, body: await res.json() };
}

const healthy = (url: string) =>
  until(`${url} is healthy`, async () => {
    const answer = await health(url);
    return answer.status === 200 ? healthSchema.parse(answer.body) : undefined;
  });

async function roomLog(url: string, token: string, roomId: string): Promise<RoomEvent[]> {
  const res = await fetch(`${url}/api/rooms/${roomId}/events/`, {
    headers: { authorization: `Token ${token}` },
  });
  if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
  return roomEventsSchema.parse(await res.json()).events;
}

/** A live room on `server` with both captains there, started; the blue captain's lock of step 0 done. */
async function startedRoom(server: Server, pool: readonly number[]) {
  const token = await registerUser(
    server.url,
    `outage${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  );
  const room = await createRoom(server.url, token, { session: await newSessionBody(server.url) });
  const blue = await RoomClient.join(server.url, room.id, { token: linkToken(room, "blue_captain") });
  const red = await RoomClient.join(server.url, room.id, { token: linkToken(room, "red_captain") });
  expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
  expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
  const locked = await blue.request({ type: "lock", step: 0, champion_id: pool[0]! });
  expect(locked).toMatchObject({ type: "ack" });
  return { token, room, blue, red, lockSeq: (locked as Extract<RoomServerMessage, { type: "ack" }>).seq! };
}

async function championIds(url: string): Promise<number[]> {
  const champions = (await (await fetch(`${url}/api/drafts/champions/`)).json()) as Array<{ id: number }>;
  return champions.map((champion) => champion.id);
}

const answerTo = (client: RoomClient, id: string, timeoutMs = 20_000) =>
  client.waitFor((m) => (m.type === "ack" || m.type === "reject") && m.id === id, timeoutMs);

/** Sends a message again with an id it already had, and waits for the new answer to it. */
function resend(client: RoomClient, message: Record<string, unknown>, id: string) {
  const before = client.messages.length;
  const answer = client.waitFor((m) => "id" in m && m.id === id && client.messages.indexOf(m) >= before);
  client.send({ ...message, id });
  return answer;
}

const lockSteps = (events: readonly RoomEvent[]) => bodiesOf(events, "lock").map((body) => body.step);

describe.skipIf(!postgresAvailable)("the database goes away mid-draft [postgres]", () => {
  let temp: TempDatabase | undefined;
  let proxy: PgProxy | undefined;
  let a: Server | undefined;
  let b: Server | undefined;
  let pool: number[] = [];

  beforeAll(async () => {
    temp = await createTempDatabase("postgres", "seeded");
    proxy = await startPgProxy();
    a = await startServer(temp.env.DATABASE_URL!, proxy, {});
    b = await startServer(temp.env.DATABASE_URL!, proxy, {});
    pool = await championIds(a.url);
  });

  afterAll(async () => {
    proxy?.restore();
    await stopServer(a);
    await stopServer(b);
    await proxy?.close();
    await temp?.drop();
  });

  it("refuses a command during the outage with database_unavailable, says so on /api/health/, and applies it once when sent again", {
    timeout: 60_000,
  }, async () => {
    const { token, room, blue, red } = await startedRoom(a!, pool);
    const spectator = await RoomClient.join(b!.url, room.id, { token: linkToken(room, "spectator") });

    proxy!.refuse();
    proxy!.cut();
    // While it is wrong, the health check says what is wrong, in the error shape.
    const down = await until("the health check fails", async () => {
      const answer = await health(a!.url);
      return answer.status === 503 ? healthUnavailableSchema.parse(answer.body) : undefined;
    });
    expect(down.code).toBe("database_unavailable");
    expect(down.checks).toEqual({ database: "unreachable", change_listener: "not_listening" });
    // A lock sent meanwhile is refused with the code, and a REST read too (never a 500).
    const refused = await red.request({ type: "lock", step: 1, champion_id: pool[1]! }, "lock-during-outage");
    expect(refused).toMatchObject({ type: "reject", code: "database_unavailable" });
    const rest = await fetch(`${a!.url}/api/rooms/${room.id}/events/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ code: "database_unavailable" });

    proxy!.restore();
    expect((await healthy(a!.url)).checks).toEqual({ database: "ok", change_listener: "ok" });
    expect((await healthy(b!.url)).checks).toEqual({ database: "ok", change_listener: "ok" });
    // The refused lock was not applied.
    expect(lockSteps(await roomLog(a!.url, token, room.id))).toEqual([0]);

    // Sent again with the same id: applied, once; sent again after a reconnection: acknowledged
    // with the same seq, not applied twice.
    const applied = await resend(red, { type: "lock", step: 1, champion_id: pool[1]! }, "lock-during-outage");
    expect(applied, JSON.stringify(applied)).toMatchObject({ type: "ack" });
    const seq = (applied as Extract<RoomServerMessage, { type: "ack" }>).seq;
    red.close();
    const again = await RoomClient.join(a!.url, room.id, { token: linkToken(room, "red_captain") });
    const replayed = await again.request(
      { type: "lock", step: 1, champion_id: pool[1]! },
      "lock-during-outage",
    );
    expect(replayed).toEqual({ type: "ack", id: "lock-during-outage", seq });
    // Another id for a step already taken is a rule refusal, as ever.
    expect(await again.request({ type: "lock", step: 1, champion_id: pool[2]! })).toMatchObject({
      type: "reject",
      code: "wrong_turn",
    });

    // The other server's listener came back: the lock made on this one reaches its spectator.
    await spectator.waitFor((m) => m.type === "event" && m.event.seq === seq, 10_000);
    const log = await roomLog(a!.url, token, room.id);
    expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
    expect(lockSteps(log)).toEqual([0, 1]);
    // Step 1 was on the clock when the database went: its time was given back, once.
    expect(bodiesOf(log, "outage")).toHaveLength(1);
    for (const client of [blue, again, spectator]) client.close();
  });

  it("applies a lock once when the database goes while it commits, and acknowledges it once", {
    timeout: 60_000,
  }, async () => {
    const { token, room, blue, red } = await startedRoom(a!, pool);
    // The red captain's lock reaches the database and commits; its answer is lost with every
    // connection, and the database refuses new ones for a moment.
    const trapped = proxy!.cutAfter("commit", 'insert into "room_events"');
    const id = "lock-while-committing";
    red.send({ type: "lock", step: 1, champion_id: pool[1]!, id });
    await trapped;
    proxy!.restore();
    const answer = await answerTo(red, id);
    const log = await until("the log is readable", () => roomLog(a!.url, token, room.id));
    if (answer.type === "ack") {
      // Applied: acknowledged once it was known, with the seq the lock has in the log.
      expect(lockSteps(log)).toEqual([0, 1]);
      expect(log.find((event) => event.seq === answer.seq)?.body).toMatchObject({ kind: "lock", step: 1 });
    } else {
      // Not applied (the database had not committed): refused with the code.
      expect(answer).toMatchObject({ type: "reject", code: "database_unavailable" });
      expect(lockSteps(log)).toEqual([0]);
    }
    // Either way, the same id again (as the client sends it after reconnecting) ends with the
    // lock applied exactly once.
    red.close();
    const again = await RoomClient.join(a!.url, room.id, { token: linkToken(room, "red_captain") });
    const resent = await again.request({ type: "lock", step: 1, champion_id: pool[1]! }, id);
    expect(resent, JSON.stringify(resent)).toMatchObject({ type: "ack" });
    if (answer.type === "ack") expect(resent).toEqual(answer);
    const after = await roomLog(a!.url, token, room.id);
    expect(lockSteps(after)).toEqual([0, 1]);
    expect(after.map((event) => event.seq)).toEqual(after.map((_, index) => index + 1));
    blue.close();
    again.close();
  });
});

describe.skipIf(!postgresAvailable)("a deadline that passes while the database is away [postgres]", () => {
  let temp: TempDatabase | undefined;
  let proxy: PgProxy | undefined;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    temp = await createTempDatabase("postgres", "seeded");
    proxy = await startPgProxy();
    // 1 s turns, no bank (tests only): a step times out 3 s after it starts (grace included).
    const env = { ROOMS_TURN_MS_OVERRIDE: "1000", ROOMS_BANK_MS_OVERRIDE: "0" };
    a = await startServer(temp.env.DATABASE_URL!, proxy, env);
    b = await startServer(temp.env.DATABASE_URL!, proxy, env);
  });

  afterAll(async () => {
    proxy?.restore();
    await stopServer(a);
    await stopServer(b);
    await proxy?.close();
    await temp?.drop();
  });

  it("gives the team on the clock the time the outage took: no automatic lock, its captain's lock is on time", {
    timeout: 60_000,
  }, async () => {
    const pool = await championIds(a!.url);
    const { token, room, blue, red, lockSeq } = await startedRoom(a!, pool);
    // The clock the lock of step 0 left (a catch-up's clock may carry an older row's).
    const turn = await red.waitFor((m) => m.type === "clock" && m.seq === lockSeq);
    const deadline = (turn as Extract<RoomServerMessage, { type: "clock" }>).clock.deadline_ms!;
    // Longer than what step 1 has left: its deadline passes while the database is away.
    await proxy!.outage(3500);
    const outage = await red.waitFor((m) => m.type === "event" && m.event.body.kind === "outage", 15_000);
    if (outage.type !== "event" || outage.event.body.kind !== "outage") throw new Error("no outage event");
    const held = outage.event.at - outage.event.body.from_ms;
    expect(held).toBeGreaterThanOrEqual(3000);
    // The clock after it: the old deadline moved on by the time the outage took.
    const clock = await red.waitFor((m) => m.type === "clock" && m.seq === outage.event.seq);
    const seen = JSON.stringify(red.messages.filter((m) => m.type === "clock" || m.type === "event"));
    expect((clock as Extract<RoomServerMessage, { type: "clock" }>).clock.deadline_ms, seen).toBe(
      deadline + held,
    );
    // The red captain locks in the time given back: on time, by hand.
    expect(await red.request({ type: "lock", step: 1, champion_id: pool[1]! })).toMatchObject({
      type: "ack",
    });
    const log = await roomLog(a!.url, token, room.id);
    const locks = bodiesOf(log, "lock");
    expect(locks.map((body) => [body.step, body.is_auto])).toEqual([
      [0, false],
      [1, false],
    ]);
    // Both servers held the clocks after the outage; the room's time was given back once.
    expect(bodiesOf(log, "outage")).toHaveLength(1);
    // Then the clock runs again: step 2 times out on its own.
    const expired = await blue.waitFor(
      (m) => m.type === "event" && m.event.body.kind === "lock" && m.event.body.step === 2,
      15_000,
    );
    expect(expired).toMatchObject({ event: { actor: null, body: { is_auto: true } } });
    blue.close();
    red.close();
  });
});
