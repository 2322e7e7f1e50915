import { actionListSchema, type DraftAction } from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { PostgresChangeFeed } from "../../src/db/change-feed.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { describeEachDialect, testConfig } from "../helpers/dialects.ts";
import { type Caller, championIds, createSession, newUser, playSteps, stepBody } from "./support.ts";

/**
 * The in-process cache of `GET …/actions/` (modules/drafts/actions-cache.ts) with TWO app
 * instances on one database, as two server processes behind a load balancer would be: `ctx.app`
 * ("A") writes, `other` ("B", its own connection or pool) reads. A write answered by A must show
 * in B: on SQLite at once (PRAGMA data_version), on PostgreSQL as soon as B has the NOTIFY of the
 * commit (a few milliseconds; `eventually` waits for it). Writes show in the writing instance
 * itself at once on both.
 */
describeEachDialect("actions cache across app instances", (ctx) => {
  let other: FastifyInstance;
  let otherDatabase: DatabaseHandle;
  let pool: number[] = [];
  let user: Caller;

  beforeAll(async () => {
    otherDatabase = createDatabase(testConfig(ctx.env));
    other = await buildApp({ config: testConfig(ctx.env), database: otherDatabase });
    await other.ready();
    if (ctx.dialect === "postgres") {
      await Promise.all([
        (ctx.database.changes() as PostgresChangeFeed).started(),
        (otherDatabase.changes() as PostgresChangeFeed).started(),
      ]);
    }
    pool = await championIds(ctx.app);
    user = await newUser(ctx.app, "pro");
  });

  afterAll(async () => {
    await other?.close();
    await otherDatabase?.destroy();
  });

  const read = async (app: FastifyInstance, caller: Caller, id: string) => {
    const res = await app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${id}/actions/`,
      headers: caller.headers,
    });
    return {
      status: res.statusCode,
      actions: res.statusCode === 200 ? actionListSchema.parse(res.json()) : [],
    };
  };

  /** Reads through B until `check` passes: at once on SQLite, within 2 s on PostgreSQL. */
  const eventually = async (
    id: string,
    check: (result: { status: number; actions: DraftAction[] }) => boolean,
  ) => {
    const deadline = Date.now() + (ctx.dialect === "sqlite" ? 0 : 2000);
    for (;;) {
      const result = await read(other, user, id);
      if (check(result)) return result;
      if (Date.now() >= deadline) throw new Error(`B still answers ${JSON.stringify(result)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  /**
   * Reads through B until an answer comes from B's cache (on PostgreSQL the NOTIFY of an earlier
   * write may still arrive and void the first answer stored), and checks it equals the database's.
   */
  const cachedIn = async (app: FastifyInstance, id: string) => {
    const url = `/api/drafts/sessions/${id}/actions/`;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const first = await app.inject({ method: "GET", url, headers: user.headers });
      const hits = app.actionsCache.hits;
      const second = await app.inject({ method: "GET", url, headers: user.headers });
      if (app.actionsCache.hits === hits + 1) {
        expect(second.statusCode).toBe(200);
        expect(second.body).toBe(first.body);
        expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
        return { status: second.statusCode, actions: actionListSchema.parse(second.json()) };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("never answered from the cache");
  };
  const cachedInOther = (id: string) => cachedIn(other, id);

  it("serves repeated reads from memory, only to the owner, with the same JSON", async () => {
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 3);
    const url = `/api/drafts/sessions/${session.id}/actions/`;
    expect((await cachedIn(ctx.app, session.id)).actions).toHaveLength(3);
    const cached = await ctx.app.inject({ method: "GET", url, headers: user.headers });
    expect(cached.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(cached.headers["content-security-policy"]).toContain("default-src 'self'");

    const stranger = await newUser(ctx.app);
    const res = await ctx.app.inject({ method: "GET", url, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("shows the writer's own writes at once (add, swap, truncate, delete)", async () => {
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 2);
    expect((await cachedIn(ctx.app, session.id)).actions).toHaveLength(2);

    await playSteps(ctx.app, user, session.id, pool, 4, 2);
    const four = await read(ctx.app, user, session.id);
    expect(four.actions.map((action) => action.phase_number)).toEqual([0, 1, 2, 3]);

    await cachedIn(ctx.app, session.id);
    const swap = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${four.actions[1]!.id}/`,
      headers: user.headers,
      payload: { champion_id: pool[30] },
    });
    expect(swap.statusCode).toBe(200);
    expect((await read(ctx.app, user, session.id)).actions[1]!.champion_id).toBe(pool[30]);

    await cachedIn(ctx.app, session.id);
    const cut = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/actions/${four.actions[2]!.id}/`,
      headers: user.headers,
    });
    expect(cut.statusCode).toBe(200);
    expect((await read(ctx.app, user, session.id)).actions).toHaveLength(2);

    await cachedIn(ctx.app, session.id);
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect((await read(ctx.app, user, session.id)).status).toBe(404);
  });

  it("a rejected write leaves the cached answer right", async () => {
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 1);
    const before = await cachedIn(ctx.app, session.id);
    const wrong = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${session.id}/actions/`,
      headers: user.headers,
      payload: stepBody(5, pool[5]!),
    });
    expect(wrong.statusCode).toBe(409);
    expect(await read(ctx.app, user, session.id)).toEqual(before);
  });

  it("shows another instance's writes (add, swap, truncate, delete)", async () => {
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 2);
    expect((await cachedInOther(session.id)).actions).toHaveLength(2);

    await playSteps(ctx.app, user, session.id, pool, 4, 2);
    const four = await eventually(session.id, (result) => result.actions.length === 4);
    await cachedInOther(session.id);

    await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${four.actions[0]!.id}/`,
      headers: user.headers,
      payload: { champion_id: pool[40] },
    });
    await eventually(session.id, (result) => result.actions[0]?.champion_id === pool[40]);
    await cachedInOther(session.id);

    await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/actions/${four.actions[1]!.id}/`,
      headers: user.headers,
    });
    await eventually(session.id, (result) => result.actions.length === 1);
    await cachedInOther(session.id);

    await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
    });
    await eventually(session.id, (result) => result.status === 404);
  });

  it("shows changes made outside any server (a champion renamed by SQL)", async () => {
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 1);
    const cached = await cachedInOther(session.id);
    const championId = cached.actions[0]!.champion_id!;
    const name = cached.actions[0]!.champion!.name;
    await sql`update champions set name = ${`${name} (renamed)`} where id = ${championId}`.execute(ctx.db);
    try {
      await eventually(session.id, (result) => result.actions[0]?.champion?.name === `${name} (renamed)`);
    } finally {
      await sql`update champions set name = ${name} where id = ${championId}`.execute(ctx.db);
    }
    await eventually(session.id, (result) => result.actions[0]?.champion?.name === name);
  });

  // PostgreSQL only (SQLite has no listening connection): defined for that dialect alone, so the
  // SQLite run does not report a skipped test.
  if (ctx.dialect === "postgres")
    it("bypasses the cache while the listening connection is lost, and uses it again once back", async () => {
      const session = await createSession(ctx.app, user);
      await playSteps(ctx.app, user, session.id, pool, 1);
      await cachedInOther(session.id);
      const feed = otherDatabase.changes() as PostgresChangeFeed;
      expect(feed.ready).toBe(true);

      // Cut every listening connection of this database (B's and A's).
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`.execute(ctx.db);
      const deadline = Date.now() + 2000;
      while (feed.ready && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(feed.ready).toBe(false);

      // While B cannot hear about changes it asks the database every time.
      await playSteps(ctx.app, user, session.id, pool, 2, 1);
      const hits = other.actionsCache.hits;
      expect((await read(other, user, session.id)).actions).toHaveLength(2);
      expect((await read(other, user, session.id)).actions).toHaveLength(2);
      expect(other.actionsCache.hits).toBe(hits);

      // It reconnects by itself (after about a second) and caches again.
      const back = Date.now() + 5000;
      while (!feed.ready && Date.now() < back) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(feed.ready).toBe(true);
      expect((await cachedInOther(session.id)).actions).toHaveLength(2);
      await playSteps(ctx.app, user, session.id, pool, 3, 2);
      await eventually(session.id, (result) => result.actions.length === 3);
    });
});
