import { randomInt } from "node:crypto";

/**
 * Random integer ids for the rows whose ids the API shows and which anyone can create: accounts,
 * custom leagues and custom teams (decision record 041, fourth round). A sequential id told every
 * caller how many such rows the platform holds; a random one tells nothing, while the column stays
 * the integer every foreign key, contract and URL already uses.
 *
 * The range starts above any id a sequence hands out here (seeded and imported catalogue rows keep
 * their sequence) and ends below PostgreSQL's `integer` limit with room for SQLite's
 * AUTOINCREMENT, which continues after the largest id for rows inserted without one.
 */
export const RANDOM_ROW_ID_MIN = 2 ** 24;
export const RANDOM_ROW_ID_MAX = 2 ** 30;

/** Tries before giving up: each clash has a chance of (rows / 2^30), so a fifth try never comes. */
const ATTEMPTS = 5;

export function randomRowId(): number {
  return randomInt(RANDOM_ROW_ID_MIN, RANDOM_ROW_ID_MAX);
}

/**
 * Inserts a row under a random id. `insert` writes the row with the id it is given and
 * `ON CONFLICT (id) DO NOTHING`, returning the row, or undefined when the id was taken: a clash
 * then costs one more try and never aborts the caller's transaction (PostgreSQL would on an error).
 * Every other unique key still throws as before.
 *
 * @example
 * const row = await insertUnderRandomId((id) =>
 *   db.insertInto("teams").values({ id, ...values }).onConflict((oc) => oc.column("id").doNothing())
 *     .returning(["id"]).executeTakeFirst(),
 * );
 */
export async function insertUnderRandomId<Row>(
  insert: (id: number) => Promise<Row | undefined>,
): Promise<Row> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await insert(randomRowId());
    if (row !== undefined) return row;
  }
  throw new Error(`no free random row id in ${ATTEMPTS} tries`);
}
