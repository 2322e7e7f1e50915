import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  adoptRecommendIndex,
  buildFormat,
  buildStatistics,
  type DraftActionInput,
  DraftHistoryError,
  type DraftStatistics,
  draftToStatisticsGame,
  fromActions,
  type RecommendIndex,
  type Side,
  type StatisticsGame,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { toCount, toIsoOrNull } from "../../db/values.ts";
import { loadGames, type MatchStatisticsGame, PAGE } from "./games.ts";
import type { WorkerRequest, WorkerSource, WorkerTarget } from "./statistics-worker.ts";

/**
 * Statistics for recommendations: imported professional games plus the caller's own finished
 * drafts with a result, turned into numbers by packages/draft `buildStatistics`.
 *
 * Kept per database handle and per process, and never rebuilt on a request's time once there is
 * data: a cheap signature query (count and latest import) per request tells when the games
 * changed; the changed games are then read in small pages (only those imported since the last
 * read, unless the count shows a removal) and, past INLINE_GAMES, the statistics are rebuilt on a
 * worker thread. Until the rebuild finishes, requests get the previous statistics (`stale`). With
 * few games (the shipped sample, tests) the rebuild takes a few milliseconds and is awaited, so
 * the answer is always current there. The same statistics object is returned while nothing
 * changes, so the engine's index of it (cached per object) is reused too.
 */

export type { MatchStatisticsGame } from "./games.ts";

export interface StatisticsSources {
  matches: number;
  drafts: number;
}

export interface StatisticsResult {
  statistics: DraftStatistics | null;
  sources: StatisticsSources;
}

export interface MatchStatistics {
  /** Null when no game is imported. */
  statistics: DraftStatistics | null;
  /**
   * The imported games the statistics were built from (same order as handed to buildStatistics)
   * when they were built on this thread. Empty when the statistics thread read the games itself
   * on its own connection (large data: this thread never holds them); `loadMatchGames` reads them.
   */
  games: readonly MatchStatisticsGame[];
  /** How many imported games the statistics rest on (whether or not `games` holds them). */
  count: number;
  /** True while a rebuild for newer data runs in the background. */
  stale: boolean;
}

/** Up to this many games, statistics are rebuilt on the request's thread (a few ms) and awaited. */
let INLINE_GAMES = 1500;

/** Moves the inline/worker boundary (tests use it to run the worker path on a small file). */
export function setInlineGamesLimit(games: number): void {
  INLINE_GAMES = games;
}
/** How long a request waits for a user's statistics being rebuilt before it takes what exists. */
const USER_WAIT_MS = 40;
const USER_CACHE_LIMIT = 500;

interface Store {
  games: Map<string, MatchStatisticsGame>;
  /** Signature of the data in `games`. */
  loaded: string;
  latestImport: string | null;
  snapshot: {
    signature: string;
    games: readonly MatchStatisticsGame[];
    count: number;
    statistics: DraftStatistics | null;
  } | null;
  refresh: Promise<void> | null;
  /** Signature the running refresh works toward. */
  target: string;
  builder: Builder | null;
  /** Where a worker reads the games itself (null: an in-memory database, the games are sent). */
  source: WorkerSource | null;
  users: Map<number, { signature: string; result: StatisticsResult }>;
  userBuilds: Map<number, { signature: string; promise: Promise<StatisticsResult> }>;
}

const stores = new WeakMap<object, Store>();

function storeOf(db: Kysely<Database>): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      games: new Map(),
      loaded: "",
      latestImport: null,
      snapshot: null,
      refresh: null,
      target: "",
      builder: null,
      source: null,
      users: new Map(),
      userBuilds: new Map(),
    };
    stores.set(db, store);
  }
  return store;
}

async function matchSignature(
  db: Kysely<Database>,
): Promise<{ signature: string; count: number; latest: string | null }> {
  const row = await db
    .selectFrom("match_games")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("imported_at").as("latest")])
    .executeTakeFirst();
  const count = toCount(row?.count);
  const latest = toIsoOrNull(row?.latest);
  return { signature: `${count}:${latest ?? ""}`, count, latest };
}

/** Lets queued request queries run between the loader's own (timers run after pending I/O). */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Tells where the database lives, so a builder thread can open its own connection and read the
 * games there (the app's routes call it at start). An in-memory SQLite database cannot be shared:
 * the games are then sent to the thread.
 */
export function setMatchStatisticsSource(db: Kysely<Database>, source: WorkerSource): void {
  storeOf(db).source = source.databaseUrl || source.sqlitePath !== ":memory:" ? source : null;
}

/** Every imported game as the engine reads it (loaded whole; tools and tests). */
export async function loadMatchGames(db: Kysely<Database>): Promise<MatchStatisticsGame[]> {
  const all: MatchStatisticsGame[] = [];
  for await (const page of loadGames(db, null)) all.push(...page);
  return all;
}

// ---------------------------------------------------------------------------------------------
// Builders: inline for small data, a worker thread for large data.

interface Builder {
  /** True when the thread reads the games from the database itself. */
  readonly ownSource: boolean;
  reset(): void;
  put(games: readonly MatchStatisticsGame[]): void;
  build(
    extra: readonly StatisticsGame[],
    options?: { target?: WorkerTarget; patches?: string[] },
  ): Promise<DraftStatistics>;
  close(): Promise<void>;
}

function startWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    // From source (tsx, vitest): the worker loads its TypeScript through tsx's loader.
    // tsx's ESM entry (the package's "import" condition), whichever way this module was loaded.
    const tsxApi = pathToFileURL(
      createRequire(here)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    ).href;
    const script = new URL("./statistics-worker.ts", here).href;
    return new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(script)}); });`,
      { eval: true },
    );
  }
  // The bundle (apps/server/dist) ships the worker beside main.js.
  return new Worker(new URL("./statistics-worker.js", here));
}

function workerBuilder(source: WorkerSource | null): Builder {
  const worker = startWorker();
  worker.unref();
  let next = 1;
  let failed: Error | null = null;
  const pending = new Map<number, { resolve: (s: DraftStatistics) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    failed = error;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  worker.on(
    "message",
    (message: { id: number; statistics?: DraftStatistics; index?: RecommendIndex; error?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.statistics && message.index) adoptRecommendIndex(message.statistics, message.index);
      if (message.statistics) entry.resolve(message.statistics);
      else entry.reject(new Error(message.error ?? "statistics worker failed"));
    },
  );
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`statistics worker exited with code ${code}`)));
  const send = (message: WorkerRequest) => {
    if (!failed) worker.postMessage(message);
  };
  if (source) send({ type: "source", source });
  return {
    ownSource: source !== null,
    reset: () => send({ type: "reset" }),
    put: (games) => send({ type: "put", games: [...games] }),
    build(extra, options = {}) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ type: "build", id, extra: [...extra], ...options });
      });
    },
    close: async () => {
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

/**
 * Builds on the worker; if the worker cannot run, falls back to this thread (and says so once).
 * A worker with its own connection catches up to the data the snapshot describes (`store.loaded`)
 * before building; otherwise a fresh worker is sent every game, in short pages.
 */
async function buildLarge(
  db: Kysely<Database>,
  store: Store,
  extra: readonly StatisticsGame[],
  patches?: string[],
): Promise<DraftStatistics> {
  if (!store.builder) {
    store.builder = workerBuilder(store.source);
    if (!store.builder.ownSource) {
      const all = [...store.games.values()];
      for (let start = 0; start < all.length; start += PAGE) {
        store.builder.put(all.slice(start, start + PAGE));
        await breathe();
      }
    }
  }
  const [count, latest] = store.loaded.split(/:(.*)/s);
  const target = store.builder.ownSource ? { count: Number(count), latest: latest || null } : undefined;
  try {
    return await store.builder.build(extra, {
      ...(target ? { target } : {}),
      ...(patches ? { patches } : {}),
    });
  } catch (error) {
    process.emitWarning(
      `statistics worker unavailable (${error instanceof Error ? error.message : String(error)}); building on the main thread`,
    );
    const ownSource = store.builder.ownSource;
    await store.builder.close().catch(() => {});
    store.builder = null;
    // A thread that read the games itself leaves none here: read them (once) on this thread.
    if (ownSource && store.games.size === 0) {
      for await (const page of loadGames(db, null)) for (const game of page) store.games.set(game.id, game);
    }
    return buildStatistics([...store.games.values(), ...extra], patches ? { patches } : {});
  }
}

// ---------------------------------------------------------------------------------------------

async function refreshMatches(
  db: Kysely<Database>,
  store: Store,
  target: { count: number; latest: string | null },
) {
  if (target.count > INLINE_GAMES && store.source) {
    // Large data: the statistics thread reads the games on its own connection and builds; this
    // thread (the one answering requests) reads nothing and keeps no copy.
    store.games.clear();
    store.latestImport = target.latest;
    store.loaded = `${target.count}:${target.latest ?? ""}`;
    const statistics = await buildLarge(db, store, []);
    store.snapshot = { signature: store.loaded, games: [], count: target.count, statistics };
    return;
  }
  // Small data (or an in-memory database the thread cannot open): read here, in short pages.
  let since = store.loaded === "" || store.games.size === 0 ? null : store.latestImport;
  let full = since === null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (full) {
      store.games.clear();
      if (!store.builder?.ownSource) store.builder?.reset();
      since = null;
    }
    for await (const page of loadGames(db, since)) {
      for (const game of page) store.games.set(game.id, game);
      if (!store.builder?.ownSource) store.builder?.put(page);
    }
    // A count that differs means games were removed (or a read raced an import): read everything.
    if (store.games.size === target.count || full) break;
    full = true;
  }
  store.latestImport = target.latest;
  store.loaded = `${target.count}:${target.latest ?? ""}`;
  const games = [...store.games.values()];
  let statistics: DraftStatistics | null = null;
  if (games.length > INLINE_GAMES) statistics = await buildLarge(db, store, []);
  else if (games.length > 0) statistics = buildStatistics(games);
  store.snapshot = { signature: store.loaded, games, count: games.length, statistics };
}

/**
 * Statistics of the imported games, for other modules (recommendations, the data summary).
 * Never waits for a rebuild over a large data set when earlier statistics exist: it then returns
 * those with `stale: true` while the rebuild runs in the background.
 *
 * @example
 * const { statistics, games } = await getMatchStatistics(app.db);
 */
export async function getMatchStatistics(db: Kysely<Database>): Promise<MatchStatistics> {
  const store = storeOf(db);
  const current = await matchSignature(db);
  const snapshot = store.snapshot;
  if (snapshot && snapshot.signature === current.signature) {
    return { statistics: snapshot.statistics, games: snapshot.games, count: snapshot.count, stale: false };
  }
  if (!store.refresh || store.target !== current.signature) {
    const previous = store.refresh ?? Promise.resolve();
    store.target = current.signature;
    const run: Promise<void> = previous
      .catch(() => {})
      .then(() => refreshMatches(db, store, current))
      .finally(() => {
        if (store.refresh === run) store.refresh = null;
      });
    store.refresh = run;
    run.catch((error) => process.emitWarning(`match statistics refresh failed: ${String(error)}`));
  }
  const large = current.count > INLINE_GAMES || (snapshot?.count ?? 0) > INLINE_GAMES;
  if (snapshot && large)
    return { statistics: snapshot.statistics, games: snapshot.games, count: snapshot.count, stale: true };
  await store.refresh;
  const fresh = store.snapshot!;
  return {
    statistics: fresh.statistics,
    games: fresh.games,
    count: fresh.count,
    stale: fresh.signature !== current.signature,
  };
}

/** Starts building the statistics without waiting (server start, after an import in this process). */
export function warmMatchStatistics(db: Kysely<Database>): void {
  getMatchStatistics(db).catch((error) =>
    process.emitWarning(`match statistics warm-up failed: ${String(error)}`),
  );
}

/** Stops the builder thread of a database handle (tests, shutdown). */
export async function closeMatchStatistics(db: Kysely<Database>): Promise<void> {
  const store = stores.get(db);
  if (!store) return;
  await store.refresh?.catch(() => {});
  await store.builder?.close();
  store.builder = null;
}

// ---------------------------------------------------------------------------------------------
// The caller's own finished drafts.

/** The user's complete drafts with a winner, as games (packages/draft `draftToStatisticsGame`). */
async function userDraftGames(db: Kysely<Database>, userId: number): Promise<StatisticsGame[]> {
  const rows = await db
    .selectFrom("draft_sessions as s")
    .innerJoin("draft_actions as a", "a.session_id", "s.id")
    .leftJoin("teams as blue", "blue.id", "s.blue_team_id")
    .leftJoin("teams as red", "red.id", "s.red_team_id")
    .select([
      "s.id",
      "s.winner",
      "s.format",
      "a.champion_id",
      "a.phase_number",
      "a.action_type",
      "a.team_side",
      "blue.name as blue_team",
      "red.name as red_team",
    ])
    .where("s.user_id", "=", userId)
    .where("s.status", "=", "complete")
    .where("s.winner", "is not", null)
    .orderBy("s.id")
    .orderBy("a.phase_number")
    .execute();
  const sessions = new Map<
    string,
    { winner: Side; format: unknown; teams: Record<Side, string | null>; actions: DraftActionInput[] }
  >();
  for (const row of rows) {
    let session = sessions.get(row.id);
    if (!session) {
      session = {
        winner: row.winner as Side,
        format: row.format,
        teams: { BLUE: row.blue_team ?? null, RED: row.red_team ?? null },
        actions: [],
      };
      sessions.set(row.id, session);
    }
    session.actions.push({
      phase_number: Number(row.phase_number),
      action_type: row.action_type,
      team_side: row.team_side,
      champion_id: row.champion_id === null ? null : Number(row.champion_id),
    });
  }
  const games: StatisticsGame[] = [];
  for (const session of sessions.values()) {
    try {
      // Each draft replays in the format it was drafted with (older sessions keep the spec order).
      const format = buildFormat(storedFormat(session.format));
      games.push(
        draftToStatisticsGame(fromActions(session.actions, { format }), session.winner, session.teams),
      );
    } catch (error) {
      // A history the engine rejects cannot become statistics; it is left out.
      if (!(error instanceof DraftHistoryError)) throw error;
    }
  }
  return games;
}

async function userSignature(
  db: Kysely<Database>,
  userId: number,
): Promise<{ signature: string; count: number }> {
  const row = await db
    .selectFrom("draft_sessions")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("updated_at").as("latest")])
    .where("user_id", "=", userId)
    .where("status", "=", "complete")
    .where("winner", "is not", null)
    .executeTakeFirst();
  const count = toCount(row?.count);
  return { signature: `${count}:${toIsoOrNull(row?.latest) ?? ""}`, count };
}

const withinMs = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      setTimeout(() => resolve(undefined), ms).unref();
    }),
  ]);

/**
 * Imported games plus the user's finished drafts with a result. Over a large data set, a user
 * whose drafts changed gets the rebuild if it finishes within USER_WAIT_MS, else their previous
 * statistics (or the imported games' alone) while it finishes in the background.
 */
/** Statistics restricted to some patches; small cache, keyed by source signature and patches. */
const patchCaches = new WeakMap<object, Map<string, StatisticsResult>>();
const PATCH_CACHE_LIMIT = 50;

async function patchStatistics(db: Kysely<Database>, patches: readonly string[]): Promise<StatisticsResult> {
  // Only imported games carry a patch: the user's own drafts are left out of a patch filter.
  const matches = await getMatchStatistics(db);
  let cache = patchCaches.get(db);
  if (!cache) {
    cache = new Map();
    patchCaches.set(db, cache);
  }
  const key = `${storeOf(db).snapshot?.signature ?? ""}|${patches.join(",")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const statistics =
    matches.count > INLINE_GAMES
      ? await buildLarge(db, storeOf(db), [], [...patches])
      : buildStatistics(matches.games, { patches });
  const result: StatisticsResult = {
    statistics: statistics.games > 0 ? statistics : null,
    sources: { matches: statistics.games, drafts: 0 },
  };
  cache.set(key, result);
  if (cache.size > PATCH_CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return result;
}

export async function statisticsFor(
  db: Kysely<Database>,
  userId: number,
  options: { patches?: readonly string[] } = {},
): Promise<StatisticsResult> {
  const patches = [...new Set(options.patches ?? [])].sort();
  if (patches.length > 0) return patchStatistics(db, patches);
  const [matches, user] = await Promise.all([getMatchStatistics(db), userSignature(db, userId)]);
  const store = storeOf(db);
  const matchCount = matches.count;
  const matchOnly: StatisticsResult = {
    statistics: matchCount > 0 ? matches.statistics : null,
    sources: { matches: matchCount, drafts: 0 },
  };
  if (user.count === 0) return matchOnly;
  const signature = `${store.snapshot?.signature ?? ""}|${user.signature}`;
  const cached = store.users.get(userId);
  if (cached && cached.signature === signature) {
    // Refresh the entry's position in the insertion order (least recently used goes first).
    store.users.delete(userId);
    store.users.set(userId, cached);
    return cached.result;
  }
  let build = store.userBuilds.get(userId);
  if (!build || build.signature !== signature) {
    const promise = (async (): Promise<StatisticsResult> => {
      const drafts = await userDraftGames(db, userId);
      const statistics =
        matches.count > INLINE_GAMES
          ? await buildLarge(db, store, drafts)
          : buildStatistics([...matches.games, ...drafts]);
      const result = { statistics, sources: { matches: matchCount, drafts: drafts.length } };
      store.users.delete(userId);
      store.users.set(userId, { signature, result });
      if (store.users.size > USER_CACHE_LIMIT) {
        const oldest = store.users.keys().next().value;
        if (oldest !== undefined) store.users.delete(oldest);
      }
      return result;
    })().finally(() => {
      if (store.userBuilds.get(userId)?.promise === promise) store.userBuilds.delete(userId);
    });
    promise.catch((error) => process.emitWarning(`user statistics build failed: ${String(error)}`));
    build = { signature, promise };
    store.userBuilds.set(userId, build);
  }
  if (matches.count <= INLINE_GAMES) return build.promise;
  const done = await withinMs(
    build.promise.catch(() => undefined),
    USER_WAIT_MS,
  );
  return done ?? cached?.result ?? matchOnly;
}
