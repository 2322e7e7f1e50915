import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type StatisticsResult, statisticsFor } from "./statistics.ts";

export type { StatisticsResult } from "./statistics.ts";

/**
 * The statistics recommendations and the statistics page rest on: imported professional games
 * plus the user's finished drafts with a result (or only the imported games of `patches`).
 * Other modules call this, never the statistics cache directly.
 */
export function recommendationStatistics(
  db: Kysely<Database>,
  userId: number,
  options: { patches?: readonly string[] } = {},
): Promise<StatisticsResult> {
  return statisticsFor(db, userId, options);
}
