import { z } from "zod";

/**
 * Scheduled data updates (`/api/data/…`, docs/decisions/021): each source's state and runs, the
 * "Update now" answer, and whether the data the recommendations rest on is stale.
 */

export const DATA_SOURCES = ["data_dragon", "match_data"] as const;
export type DataSourceName = (typeof DATA_SOURCES)[number];

/** Match data older than this many days is stale. */
export const MATCH_DATA_STALE_DAYS = 14;

const count = z.number().int().nonnegative();

export const dataUpdateRunSchema = z.object({
  id: z.string(),
  source: z.enum(DATA_SOURCES),
  trigger: z.enum(["schedule", "manual"]),
  status: z.enum(["running", "unchanged", "updated", "failed"]),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Items added (champions and portraits; games) and changed (champions; games re-imported). */
  added: count,
  changed: count,
  /** Items handled so far (while running). */
  progress: count,
  version: z.string().nullable(),
  /** What went wrong, in plain words (failed runs). */
  error: z.string().nullable(),
});
export type DataUpdateRun = z.infer<typeof dataUpdateRunSchema>;

export const dataSourceStatusSchema = z.object({
  source: z.enum(DATA_SOURCES),
  /** False when the source has no URL (match data without MATCH_DATA_URL). */
  configured: z.boolean(),
  /** The host the source downloads from (null when not configured). */
  host: z.string().nullable(),
  /** Data Dragon: the patch imported; match data: null. */
  version: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The last error's code (`data:updates.errors.<code>` in the web app; `last_error` is the English fallback). */
  last_error_code: z.string().nullable(),
  /** The values the code's text fills in (host, patch, status, count, limit). */
  last_error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** When the scheduler checks next (null when updates are off or never scheduled). */
  next_check_at: z.string().nullable(),
  /** The run in progress, if any. */
  running: dataUpdateRunSchema.nullable(),
  /** The latest runs, newest first. */
  runs: z.array(dataUpdateRunSchema),
});
export type DataSourceStatus = z.infer<typeof dataSourceStatusSchema>;

export const dataSourcesSchema = z.object({
  /** False with DATA_UPDATES=off: nothing is downloaded. */
  enabled: z.boolean(),
  /** Whether the caller may start an update (DATA_ADMINS). */
  can_update: z.boolean(),
  interval_minutes: count,
  sources: z.array(dataSourceStatusSchema),
});
export type DataSources = z.infer<typeof dataSourcesSchema>;

export const dataSourceParamsSchema = z.object({ source: z.enum(DATA_SOURCES) });

/** Whether the data behind the recommendations is stale, and why. */
export const dataFreshnessSchema = z.object({
  stale: z.boolean(),
  match_data: z.object({
    /** The newest imported game's date (YYYY-MM-DD), null without games. */
    last_game_date: z.string().nullable(),
    days_old: z.number().int().nullable(),
    stale: z.boolean(),
  }),
  patch: z.object({
    /** The champion pool's patch ("16.6"), null without champions. */
    champion_patch: z.string().nullable(),
    /** The newest patch among imported games ("15.01"), null without games. */
    newest_game_patch: z.string().nullable(),
    /** True when the champion pool is newer than every imported game's patch. */
    behind: z.boolean(),
  }),
});
export type DataFreshness = z.infer<typeof dataFreshnessSchema>;
