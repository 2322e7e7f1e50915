import {
  DATA_SOURCES,
  type DataFreshness,
  type DataSourceName,
  type DataSources,
  MATCH_DATA_STALE_DAYS,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { championPoolVersion } from "../champions/service.ts";
import { matchSummary } from "../matches/service.ts";
import { sourceUrl } from "./sources.ts";
import { toRun } from "./updater.ts";

/** The data page's view of the sources, and whether the data is stale. */

const RUNS_SHOWN = 5;

/**
 * Every source's state and latest runs. `isRunning` says whether this process is still finishing
 * a source's run (its last run then shows as running until the lock is released).
 */
export async function dataSources(
  db: Kysely<Database>,
  config: Config,
  canUpdate: boolean,
  isRunning: (source: DataSourceName) => boolean = () => false,
  progressOf: (source: DataSourceName) => number | undefined = () => undefined,
): Promise<DataSources> {
  // Runs first, then the sources, one after the other: a run and its source change in one
  // transaction, so a source read after a finished run always has that run's outcome. Read side
  // by side (two connections), a source read just before the commit showed the previous run's
  // error beside the new run's success.
  const runs = await db
    .selectFrom("data_update_runs")
    .selectAll()
    .orderBy("started_at", "desc")
    .limit(100)
    .execute();
  const states = await db.selectFrom("data_sources").selectAll().execute();
  return {
    enabled: config.dataUpdates.enabled,
    can_update: canUpdate,
    interval_minutes: Math.round(config.dataUpdates.intervalMs / 60_000),
    sources: DATA_SOURCES.map((source) => {
      const state = states.find((row) => row.source === source);
      const url = sourceUrl(config, source);
      const own = runs.filter((run) => run.source === source).map(toRun);
      const found =
        own.find((run) => run.status === "running") ?? (isRunning(source) ? (own[0] ?? null) : null);
      const local = progressOf(source);
      const running = found && local !== undefined ? { ...found, progress: local } : found;
      return {
        source,
        configured: url !== null,
        host: url ? new URL(url).host : null,
        version: state?.version ?? null,
        last_checked_at: state?.last_checked_at ?? null,
        last_success_at: state?.last_success_at ?? null,
        last_error: state?.last_error ?? null,
        last_error_code: state?.last_error ? (state.last_error_code ?? "unexpected") : null,
        last_error_params: state?.last_error ? errorParams(state.last_error_params) : null,
        next_check_at: config.dataUpdates.enabled && url ? (state?.next_check_at ?? null) : null,
        running,
        runs: own.slice(0, RUNS_SHOWN),
      };
    }),
  };
}

/** The stored JSON params of an error code (an unreadable value reads as none). */
function errorParams(stored: string | null): Record<string, string | number> {
  if (!stored) return {};
  try {
    const value = JSON.parse(stored) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, string | number>)
      : {};
  } catch {
    return {};
  }
}

/** "16.6.1" → [16, 6]; "15.01" → [15, 1]. */
function patchParts(version: string): [number, number] {
  const [major = "0", minor = "0"] = version.split(".");
  return [Number(major) || 0, Number(minor) || 0];
}

/**
 * Whether a patch is older than another by its first two numbers.
 *
 * @example
 * patchBefore("15.01", "16.6.1"); // true
 * patchBefore("16.06", "16.6.1"); // false
 */
export function patchBefore(a: string, b: string): boolean {
  const [am, an] = patchParts(a);
  const [bm, bn] = patchParts(b);
  return am < bm || (am === bm && an < bn);
}

export async function dataFreshness(db: Kysely<Database>, now = new Date()): Promise<DataFreshness> {
  const [summary, version] = await Promise.all([matchSummary(db), championPoolVersion(db)]);
  const lastGame = summary.last_date ? summary.last_date.slice(0, 10) : null;
  const daysOld = lastGame
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(`${lastGame}T00:00:00Z`)) / 86_400_000))
    : null;
  const newestPatch =
    [...summary.patches]
      .map((entry) => entry.patch)
      .filter((patch) => patch !== "")
      .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0] ?? null;
  const championPatch = version ? version.split(".").slice(0, 2).join(".") : null;
  const behind = Boolean(newestPatch && version && patchBefore(newestPatch, version));
  const old = daysOld === null || daysOld > MATCH_DATA_STALE_DAYS;
  return {
    stale: old || behind,
    match_data: { last_game_date: lastGame, days_old: daysOld, stale: old },
    patch: { champion_patch: championPatch, newest_game_patch: newestPatch, behind },
  };
}

export type { DataSourceName };
