/**
 * The statistics builder thread. It holds a copy of the imported games (sent in pages by
 * statistics.ts) and runs packages/draft `buildStatistics` on request, so a rebuild over a full
 * season (hundreds of milliseconds of CPU) never runs on the thread that answers requests.
 */
import { parentPort } from "node:worker_threads";
import { buildStatistics, type StatisticsGame } from "@draftroom/draft";

export type WorkerRequest =
  | { type: "reset" }
  | { type: "put"; games: Array<StatisticsGame & { id: string }> }
  | { type: "build"; id: number; extra: StatisticsGame[] };

const games = new Map<string, StatisticsGame>();

parentPort?.on("message", (message: WorkerRequest) => {
  if (message.type === "reset") {
    games.clear();
  } else if (message.type === "put") {
    for (const game of message.games) games.set(game.id, game);
  } else {
    try {
      const statistics = buildStatistics(
        message.extra.length > 0 ? [...games.values(), ...message.extra] : games.values(),
      );
      parentPort?.postMessage({ id: message.id, statistics });
    } catch (error) {
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
});
