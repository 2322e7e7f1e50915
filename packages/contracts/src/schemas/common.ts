import { z } from "zod";

/** ISO-8601 timestamp string as every API answer carries it. */
export const timestampSchema = z.string();

/** Largest id an `integer` column holds on PostgreSQL; a bigger id is a 400, never a database error. */
export const MAX_ROW_ID = 2_147_483_647;

export const idSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

/** `{count, next, previous, results}` with pages of PAGE_SIZE (1-based `?page=`). */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Text without U+0000, which PostgreSQL text columns cannot store: such input is a 400, not a 500. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting U+0000 is the purpose of this pattern
export const NO_NUL_CHARACTER = /^[^\u0000]*$/;

/** Trimmed, required text with a validation key as its message. */
export function requiredText(key: string, max = 200) {
  return z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: "tooLong" })
    .regex(NO_NUL_CHARACTER, { error: "invalidValue" });
}
