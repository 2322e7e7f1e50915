import type { Champion } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { listChampions } from "./repository.ts";

/** The whole champion pool, for other modules (recommendations, statistics). */
export function championPool(db: Kysely<Database>): Promise<Champion[]> {
  return listChampions(db);
}
