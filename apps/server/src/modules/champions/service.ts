import type { Champion } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ChampionRecord, upsertChampions } from "../../db/seeds/champions.ts";
import { jsonEquals } from "../../db/values.ts";
import { findChampionsByIds, listChampions } from "./repository.ts";

/** What other modules may ask of the champion pool (they never read the champions table). */

type Db = Kysely<Database> | Transaction<Database>;

/** The whole pool, alphabetical by name. */
export function championPool(db: Db): Promise<Champion[]> {
  return listChampions(db);
}

/** The champions with these ids, in no particular order; unknown ids are left out. */
export function championsByIds(db: Db, ids: readonly number[]): Promise<Champion[]> {
  return findChampionsByIds(db, ids);
}

export {
  fetchPortraits,
  missingPortraits,
  onPortraitsChanged,
  type PortraitFetchResult,
} from "./portrait-files.ts";

/**
 * Imports a Data Dragon champion file's champions (parsed by `parseDataDragon`) in one
 * transaction: new ones added, the rest brought to the file's version. `changed` counts the
 * champions whose name, title, role or tags differ (not only the version).
 */
export async function importChampionRecords(
  db: Kysely<Database>,
  records: readonly ChampionRecord[],
): Promise<{ added: string[]; changed: string[] }> {
  const before = new Map(
    (
      await db.selectFrom("champions").select(["champion_key", "name", "title", "role", "tags"]).execute()
    ).map((row) => [row.champion_key, row]),
  );
  await upsertChampions(db, records);
  const added: string[] = [];
  const changed: string[] = [];
  for (const record of records) {
    const row = before.get(record.champion_key);
    if (!row) added.push(record.champion_key);
    else if (
      row.name !== record.name ||
      row.title !== record.title ||
      row.role !== record.role ||
      !jsonEquals(row.tags, record.tags)
    )
      changed.push(record.champion_key);
  }
  return { added, changed };
}

/** The version of the champion pool (the newest Data Dragon version among its champions). */
export async function championPoolVersion(db: Db): Promise<string | null> {
  const rows = await db.selectFrom("champions").select("version").distinct().execute();
  const versions = rows.map((row) => row.version).filter((version): version is string => Boolean(version));
  versions.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
  return versions[0] ?? null;
}
