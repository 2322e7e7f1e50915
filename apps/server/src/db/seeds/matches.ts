import { createReadStream, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import { importMatchStream, loadPool } from "../../modules/matches/import.ts";
import type { Database } from "../schema.ts";
import type { UpsertSummary } from "./champions.ts";

const SAMPLE = "oracles-elixir-2025-sample.csv";

/** The shipped sample, found from the source tree (src/db/seeds) or from the bundle (dist). */
export function matchSamplePath(): string {
  const candidates = [
    new URL(`../../../seed-data/${SAMPLE}`, import.meta.url),
    new URL(`../seed-data/${SAMPLE}`, import.meta.url),
  ].map((url) => fileURLToPath(url));
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`The match sample ${SAMPLE} is missing from apps/server/seed-data.`);
  return found;
}

/**
 * Imports the shipped Oracle's Elixir sample (52 professional games, early 2025) so a fresh
 * install recommends from data. Games already stored are kept as they are (a season imported
 * later that holds the same game ids wins), so running it again changes nothing. Needs the
 * champion pool (seed it first).
 */
export async function seedMatchSample(db: Kysely<Database>): Promise<UpsertSummary> {
  const pool = await loadPool(db);
  const result = await importMatchStream(db, createReadStream(matchSamplePath()), pool, {
    keepExisting: true,
  });
  if (result.status !== "imported") {
    const first = result.problems[0];
    throw new Error(
      `The match sample could not be imported${first ? `: line ${first.line}: ${first.message}` : ""}.`,
    );
  }
  return { added: result.added, updated: 0, unchanged: result.kept };
}
