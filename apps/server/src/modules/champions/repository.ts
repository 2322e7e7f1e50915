import type { Champion, ChampionRole } from "@draftroom/contracts";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { ChampionsTable } from "../../db/foundation-tables.ts";
import type { Database } from "../../db/schema.ts";
import { fromJson } from "../../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

export function toChampion(row: Selectable<ChampionsTable>): Champion {
  return {
    id: Number(row.id),
    name: row.name,
    champion_key: row.champion_key,
    role: row.role as ChampionRole,
    tags: fromJson<string[]>(row.tags),
    icon_url: row.icon_url,
    splash_url: row.splash_url,
  };
}

/** The whole champion pool, alphabetical by name. */
export async function listChampions(db: Db): Promise<Champion[]> {
  const rows = await db.selectFrom("champions").selectAll().orderBy("name").orderBy("id").execute();
  return rows.map(toChampion);
}

export async function findChampionsByIds(db: Db, ids: readonly number[]): Promise<Champion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("champions")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
  return rows.map(toChampion);
}
