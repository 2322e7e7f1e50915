import type { Champion } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
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
