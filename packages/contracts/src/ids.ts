/**
 * An RFC 9562 uuid of any version, or the nil or max uuid: the rule of the schemas' `z.uuid()`
 * (ids.test.ts holds the two together), for code that checks an id without loading zod.
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Whether `value` can be a public id (a uuid) before the server is asked about it. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Largest id a 32-bit integer column holds (PostgreSQL `integer`/`serial`): bigger is a 400, not a 500. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * Whether `value`, read from an address, can be a row's numeric id: the canonical decimal of a
 * positive id no bigger than `MAX_DB_ID`, as every link the app makes writes it. Stricter than the
 * schemas' `dbIdParam()`, which coerces (" 12", "1e1"): no link holds those.
 */
export function isRowId(value: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_DB_ID;
}

/**
 * The numeric id a page's address holds, or 0 (no row's id) when it cannot be one: the page then
 * asks for nothing it could name and shows "not found".
 */
export function rowIdOf(value: string | undefined): number {
  return value !== undefined && isRowId(value) ? Number(value) : 0;
}
