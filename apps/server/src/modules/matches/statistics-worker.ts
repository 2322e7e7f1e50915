/**
 * The statistics builder thread. It keeps a copy of the imported games and runs packages/draft
 * `buildStatistics` on request, so a rebuild over a full season (hundreds of milliseconds of CPU)
 * never runs on the thread that answers requests.
 *
 * With a database source (a SQLite file or a PostgreSQL URL) it reads the games itself, on its
 * own connection, in large pages: the thread that answers requests neither reads nor copies
 * them. Without one (an in-memory SQLite database) statistics.ts sends the games (`put`).
 */
import { parentPort } from "node:worker_threads";
import {
  buildStatistics,
  recommendIndex,
  recommendIndexBuffers,
  type StatisticsGame,
} from "@draftroom/draft";
import { createDatabase, type DatabaseHandle } from "../../db/index.ts";
import { loadGames } from "./games.ts";

export interface WorkerSource {
  databaseUrl: string | undefined;
  sqlitePath: string;
}

/** The data a build must rest on: the count and latest import time of `match_games`. */
export interface WorkerTarget {
  count: number;
  latest: string | null;
}

export type WorkerRequest =
  | { type: "source"; source: WorkerSource }
  | { type: "reset" }
  | { type: "put"; games: Array<StatisticsGame & { id: string }> }
  | {
      type: "build";
      id: number;
      extra: StatisticsGame[];
      /** Set when the worker reads the games itself: it first catches up to this data. */
      target?: WorkerTarget;
      patches?: string[];
    };

/** Pages on the worker's own connection can be large: nobody waits behind them. */
const WORKER_PAGE = 2000;

const games = new Map<string, StatisticsGame>();
let source: DatabaseHandle | null = null;
let sourceKey = "";
let loaded = "";
let latestImport: string | null = null;

function connect(from: WorkerSource): DatabaseHandle {
  const key = from.databaseUrl ?? from.sqlitePath;
  if (!source || sourceKey !== key) {
    source = createDatabase({ databaseUrl: from.databaseUrl, sqlitePath: from.sqlitePath, dbPoolMax: 1 });
    sourceKey = key;
    loaded = "";
  }
  return source;
}

/** Reads the games imported since the last catch-up (all of them when the count shows a removal). */
async function catchUp(from: WorkerSource, target: WorkerTarget): Promise<void> {
  const signature = `${target.count}:${target.latest ?? ""}`;
  if (loaded === signature) return;
  const db = connect(from).db;
  let full = loaded === "";
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (full) games.clear();
    for await (const page of loadGames(db, full ? null : latestImport, WORKER_PAGE)) {
      for (const game of page) games.set(game.id, game);
    }
    if (games.size === target.count || full) break;
    full = true;
  }
  loaded = signature;
  latestImport = target.latest;
}

/** Where the games are read from, once statistics.ts has said (`source`). */
let configured: WorkerSource | null = null;
let queue: Promise<void> = Promise.resolve();

async function handle(message: WorkerRequest): Promise<void> {
  if (message.type === "source") {
    configured = message.source;
  } else if (message.type === "reset") {
    games.clear();
    loaded = "";
  } else if (message.type === "put") {
    for (const game of message.games) games.set(game.id, game);
  } else {
    try {
      if (message.target && configured) await catchUp(configured, message.target);
      const all = message.extra.length > 0 ? [...games.values(), ...message.extra] : games.values();
      const statistics = buildStatistics(all, message.patches ? { patches: message.patches } : {});
      // The engine's index is built here too and its arrays moved (not copied) to the requests'
      // thread: the first recommendation on new statistics then costs no more than any other.
      const index = recommendIndex(statistics);
      parentPort?.postMessage({ id: message.id, statistics, index }, recommendIndexBuffers(index));
    } catch (error) {
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

// Messages run one at a time, in order (a build waits for the catch-up before it).
parentPort?.on("message", (message: WorkerRequest) => {
  queue = queue.then(() => handle(message));
});
