import type { Generated } from "kysely";

/** Tables of the scheduled data updates (migration `…_data_updates_sources`). */

export interface DataSourcesTable {
  /** `data_dragon` or `match_data`. */
  source: string;
  /** Validators of the last download that was imported (or found unchanged). */
  etag: string | null;
  last_modified: string | null;
  /** Data Dragon: the patch imported ("16.6.1"); match data: null. */
  version: string | null;
  last_checked_at: string | null;
  last_success_at: string | null;
  /** The last run's error in plain words (null after a good run). */
  last_error: string | null;
  /** The last error's code and its params as JSON (the web app translates them; null after a good run). */
  last_error_code: string | null;
  last_error_params: string | null;
  next_check_at: string | null;
}

export interface DataUpdateRunsTable {
  id: string;
  source: string;
  trigger: "schedule" | "manual";
  status: "running" | "unchanged" | "updated" | "failed";
  started_at: string;
  finished_at: string | null;
  added: Generated<number>;
  changed: Generated<number>;
  /** Items handled so far (games read, champions and portraits written), for the progress bar. */
  progress: Generated<number>;
  version: string | null;
  error: string | null;
}

export interface DataUpdatesTables {
  data_sources: DataSourcesTable;
  data_update_runs: DataUpdateRunsTable;
}
