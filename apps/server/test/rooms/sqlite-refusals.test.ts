import { execFileSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RoomEvent, type RoomServerMessage, roomEventsSchema, roomSchema } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import BetterSqlite3 from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { seedDatabase } from "../../src/db/seeds/index.ts";
import { createTempDatabase, type TempDatabase } from "../helpers/database.ts";
import { testConfig } from "../helpers/dialects.ts";
import { bodiesOf, createRoom, linkToken, newSessionBody, RoomClient, registerUser } from "./support.ts";

/**
 * SQLite that cannot take a write (decision 049): its file locked by another connection past the
 * busy timeout, or its disk full (a tiny tmpfs when this machine lets the test mount one, else the
 * file's page limit, `PRAGMA max_page_count`). The write is refused with a clear 503 /
 * `database_unavailable`, nothing of it is kept, and the room goes on afterwards with its log, its
 * actions and its folded state in agreement.
 */

interface Server {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly url: string;
  readonly file: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A seeded SQLite file (copied to `dir` when given) and a listening app on it. */
async function startServer(dir?: string): Promise<Server> {
  const temp: TempDatabase = await createTempDatabase("sqlite", "seeded");
  cleanups.push(() => temp.drop());
  let file = temp.env.SQLITE_PATH!;
  if (!temp.fromTemplate) {
    const seeding = createDatabase(testConfig({ SQLITE_PATH: file }));
    await migrateToLatest(seeding.db);
    await seedDatabase(seeding.db);
    await seeding.destroy();
  }
  if (dir) {
    copyFileSync(file, join(dir, "test.db"));
    file = join(dir, "test.db");
  }
  const config = testConfig({ SQLITE_PATH: file, SQLITE_BUSY_TIMEOUT_MS: "200" });
  const database = createDatabase(config);
  const app = await buildApp({ config, database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  cleanups.push(async () => {
    await app.close();
    await database.destroy();
  });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no TCP address");
  return { app, database, url: `http://127.0.0.1:${address.port}`, file };
}

async function championIds(url: string): Promise<number[]> {
  const champions = (await (await fetch(`${url}/api/drafts/champions/`)).json()) as Array<{ id: number }>;
  return champions.map((champion) => champion.id);
}

async function roomLog(url: string, token: string, roomId: string): Promise<RoomEvent[]> {
  const res = await fetch(`${url}/api/rooms/${roomId}/events/`, {
    headers: { authorization: `Token ${token}` },
  });
  expect(res.status).toBe(200);
  return roomEventsSchema.parse(await res.json()).events;
}

/** A live room, both captains in, started. */
async function startedRoom(server: Server) {
  const token = await registerUser(server.url, `sqlite${Date.now().toString(36)}`);
  const room = await createRoom(server.url, token, { session: await newSessionBody(server.url) });
  const blue = await RoomClient.join(server.url, room.id, { token: linkToken(room, "blue_captain") });
  const red = await RoomClient.join(server.url, room.id, { token: linkToken(room, "red_captain") });
  cleanups.push(() => {
    blue.close();
    red.close();
  });
  expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
  expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
  const captainFor = (step: number) => (DRAFT_SEQUENCE[step]!.side === "BLUE" ? blue : red);
  return { token, room, blue, red, captainFor };
}

/** Sends a message again with an id it already had, and waits for the new answer to it. */
function resend(client: RoomClient, message: Record<string, unknown>, id: string) {
  const before = client.messages.length;
  const answer = client.waitFor((m) => "id" in m && m.id === id && client.messages.indexOf(m) >= before);
  client.send({ ...message, id });
  return answer;
}

/**
 * The room is whole: its log has no gap, a lock per step taken, each exactly once; the draft's
 * actions (what every other feature reads) hold the same champions; a new socket's snapshot (the
 * server's fold) agrees; the file passes SQLite's integrity check.
 */
async function expectWholeRoom(server: Server, token: string, roomId: string, champions: readonly number[]) {
  const log = await roomLog(server.url, token, roomId);
  expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
  const locks = bodiesOf(log, "lock");
  expect(locks.map((body) => body.step)).toEqual(champions.map((_, step) => step));
  expect(locks.map((body) => body.champion_id)).toEqual(champions);
  const room = roomSchema.parse(
    await (
      await fetch(`${server.url}/api/rooms/${roomId}/`, { headers: { authorization: `Token ${token}` } })
    ).json(),
  );
  const actions = (await (
    await fetch(`${server.url}/api/drafts/sessions/${room.session_id}/actions/`, {
      headers: { authorization: `Token ${token}` },
    })
  ).json()) as Array<{ phase_number: number; champion_id: number | null }>;
  expect(actions.map((action) => action.champion_id)).toEqual(champions);
  const watcher = await RoomClient.join(server.url, roomId, { auth: token });
  expect(watcher.welcome!.snapshot.actions.map((action) => action.champion_id)).toEqual(champions);
  expect(watcher.welcome!.snapshot.clock.step).toBe(champions.length);
  watcher.close();
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.database.db);
  expect(rows).toEqual([{ integrity_check: "ok" }]);
}

/** Fills a tmpfs mounted for the test, or failing that the file's page limit. */
type FullDisk = { kind: "tmpfs" | "page limit"; release(): Promise<void> };

/** A tiny tmpfs for the database when this machine lets the test mount one (root), else undefined. */
function mountTmpfs(bytes: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), "draftroom-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${Math.ceil(bytes / 1024)}k`, "tmpfs", dir], {
      stdio: "ignore",
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  cleanups.push(() => {
    execFileSync("umount", [dir], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

async function fillDisk(server: Server, tmpfs: string | undefined): Promise<FullDisk> {
  const db = server.database.db;
  if (tmpfs) {
    // Empty the write-ahead log, then take every byte left: the next write has nowhere to go.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const filler = join(tmpfs, "filler");
    const fd = openSync(filler, "w");
    const block = Buffer.alloc(4096);
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    } finally {
      closeSync(fd);
    }
    return { kind: "tmpfs", release: async () => unlinkSync(filler) };
  }
  // No tmpfs: the file may not grow by a page, and its free pages are taken by a filler table.
  await sql`create table if not exists outage_filler (data blob)`.execute(db);
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
  for (;;) {
    try {
      await sql`insert into outage_filler (data) values (zeroblob(1000))`.execute(db);
    } catch {
      break;
    }
  }
  return {
    kind: "page limit",
    release: async () => {
      await sql`drop table outage_filler`.execute(db);
      await sql`pragma max_page_count = 1073741823`.execute(db);
    },
  };
}

describe("a SQLite file that cannot take a write [sqlite]", () => {
  it("a file locked past the busy timeout: the write is refused with 503 database_unavailable, reads go on, and the room goes on once it is free", {
    timeout: 60_000,
  }, async () => {
    const server = await startServer();
    const pool = await championIds(server.url);
    const { token, room, blue, red } = await startedRoom(server);
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
      type: "ack",
    });

    // Another program holds the file's write lock longer than the server waits (200 ms here).
    const holder = new BetterSqlite3(server.file);
    holder.pragma("busy_timeout = 0");
    holder.exec("begin immediate");
    try {
      const refused = await red.request(
        { type: "lock", step: 1, champion_id: pool[1]! },
        "lock-while-locked",
      );
      expect(refused).toMatchObject({ type: "reject", code: "database_unavailable" });
      expect((refused as Extract<RoomServerMessage, { type: "reject" }>).detail).toMatch(/locked/);
      // A REST write too, in the error shape; a read is not held up.
      const created = await fetch(`${server.url}/api/rooms/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Token ${token}` },
        body: JSON.stringify({ session: await newSessionBody(server.url) }),
      });
      expect(created.status).toBe(503);
      expect(await created.json()).toMatchObject({ code: "database_unavailable" });
      expect(bodiesOf(await roomLog(server.url, token, room.id), "lock").map((body) => body.step)).toEqual([
        0,
      ]);
    } finally {
      holder.exec("rollback");
      holder.close();
    }

    // Free again: the same id is applied, once; the room goes on.
    expect(
      await resend(red, { type: "lock", step: 1, champion_id: pool[1]! }, "lock-while-locked"),
    ).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "lock", step: 2, champion_id: pool[2]! })).toMatchObject({
      type: "reject",
      code: "not_your_turn",
    });
    expect(await blue.request({ type: "lock", step: 2, champion_id: pool[2]! })).toMatchObject({
      type: "ack",
    });
    await expectWholeRoom(server, token, room.id, pool.slice(0, 3));
  });

  it("a full disk: the write is refused with 503 database_unavailable, nothing of it is kept, and the room goes on once there is room", {
    timeout: 60_000,
  }, async () => {
    const template = await createTempDatabase("sqlite", "seeded");
    const bytes = template.fromTemplate ? statSync(template.env.SQLITE_PATH!).size : 0;
    await template.drop();
    const tmpfs = bytes > 0 ? mountTmpfs(bytes + 4 * 1024 * 1024) : undefined;
    const server = await startServer(tmpfs);
    const pool = await championIds(server.url);
    const { token, room, captainFor } = await startedRoom(server);
    expect(await captainFor(0).request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
      type: "ack",
    });

    const full = await fillDisk(server, tmpfs);
    // Locks go on until one needs room the disk does not have (the first, on a full tmpfs).
    let step = 1;
    let refused: RoomServerMessage | undefined;
    for (; step < 20 && !refused; step += 1) {
      const answer = await captainFor(step).request(
        { type: "lock", step, champion_id: pool[step]! },
        `full-${step}`,
      );
      if (answer.type === "reject") refused = answer;
      else expect(answer).toMatchObject({ type: "ack" });
    }
    step -= 1;
    if (full.kind === "tmpfs") expect(step).toBe(1);
    expect(refused, `no write was refused (${full.kind})`).toMatchObject({
      type: "reject",
      code: "database_unavailable",
      detail: expect.stringMatching(/disk is full/),
    });
    if (full.kind === "tmpfs") {
      // Any write at all is refused the same way over REST (a page limit only refuses the writes
      // that need a new page, which a small one may not).
      const registered = await fetch(`${server.url}/api/auth/register/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `full${Date.now().toString(36)}`,
          email: `full${Date.now().toString(36)}@example.com`,
          password: "rooms-password",
          password_confirm: "rooms-password",
          first_name: "Full",
          last_name: "Disk",
        }),
      });
      expect(registered.status).toBe(503);
      expect(await registered.json()).toMatchObject({ code: "database_unavailable" });
    }
    expect(bodiesOf(await roomLog(server.url, token, room.id), "lock")).toHaveLength(step);

    await full.release();
    const again = await resend(
      captainFor(step),
      { type: "lock", step, champion_id: pool[step]! },
      `full-${step}`,
    );
    expect(again).toMatchObject({ type: "ack" });
    const next = step + 1;
    expect(
      await captainFor(next).request({ type: "lock", step: next, champion_id: pool[next]! }),
    ).toMatchObject({
      type: "ack",
    });
    await expectWholeRoom(server, token, room.id, pool.slice(0, next + 1));
  });
});
