import { type Kysely, sql } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn, randomUuid } from "../public-id-column.ts";
import { dialectOf } from "../values.ts";

/**
 * Room links get a random public id (decision record 041): a link's `id` in a room's answer,
 * `/api/rooms/:id/links/:link_id/` (and the quick rooms' routes) and the `link_id` of the log's
 * seat and delay events were the sequential row id. Existing links are backfilled and the stored
 * events rewritten to name them by it; room members, practice bots and the log's `actor_link_id`
 * keep the row id. An event whose link is gone gets a random id that names no link.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/** Seat events always name a link; delay events only when set for one (null: the public view). */
const NAMING_A_LINK = sql`(kind = 'seat' or (kind = 'delay' and ${sql.ref("data")} ->> 'link_id' is not null))`;

async function linksByPublicId(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`update room_events set data = jsonb_set(data, '{link_id}', to_jsonb(coalesce(
        (select l.public_id from room_links l
          where l.id = coalesce((room_events.data ->> 'link_id')::integer, room_events.actor_link_id)),
        ${randomUuid(db)})))
      where ${NAMING_A_LINK}`.execute(db);
    return;
  }
  await sql`update room_events set data = json_set(data, '$.link_id', coalesce(
      (select l.public_id from room_links l
        where l.id = coalesce(json_extract(room_events.data, '$.link_id'), room_events.actor_link_id)),
      ${randomUuid(db)}))
    where ${NAMING_A_LINK}`.execute(db);
}

async function linksByRowId(db: Db): Promise<void> {
  const rowId = sql`coalesce((select l.id from room_links l where l.public_id = room_events.data ->> 'link_id'),
    room_events.actor_link_id, 0)`;
  if (dialectOf(db) === "postgres") {
    await sql`update room_events set data = jsonb_set(data, '{link_id}', to_jsonb(${rowId}))
      where ${NAMING_A_LINK}`.execute(db);
    return;
  }
  await sql`update room_events set data = json_set(data, '$.link_id', ${rowId})
    where ${NAMING_A_LINK}`.execute(db);
}

export async function up(db: Db): Promise<void> {
  await addPublicIdColumn(db, "room_links");
  await linksByPublicId(db);
}

export async function down(db: Db): Promise<void> {
  await linksByRowId(db);
  await dropPublicIdColumn(db, "room_links");
}
