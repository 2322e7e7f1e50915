import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import type { DialectName } from "./schema.ts";

/**
 * The one place where SQLite and PostgreSQL answers are made identical. Repositories read rows
 * through these helpers and write with plain JS values:
 * - booleans: write true/false (the SQLite plugin binds 1/0); read with `toBool`;
 * - timestamps: write `nowIso()` / ISO strings; read with `toIso` (PG gives Date, SQLite text);
 * - JSON: write `toJson(value)`; read with `fromJson` (PG jsonb gives objects, SQLite text);
 * - counts and numerics: read with `toCount` / `toNumber` (PG int8 and numeric are strings).
 */

// biome-ignore lint/suspicious/noExplicitAny: helpers accept any database or transaction type.
type AnyDb = Kysely<any> | Transaction<any>;

/** The dialect behind a Kysely instance or transaction. */
export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export function toBool(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number" || typeof value === "bigint") return Number(value) !== 0;
  if (typeof value === "string") return value === "1" || value === "t" || value === "true";
  return false;
}

/** Current time as an ISO-8601 string with milliseconds and Z, the only format we write. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A timestamp column as an ISO-8601 string (UTC, milliseconds, Z). */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") {
    // SQLite's CURRENT_TIMESTAMP form "YYYY-MM-DD HH:MM:SS" is UTC without a zone marker.
    const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value)
      ? `${value.replace(" ", "T")}Z`
      : value;
    const date = new Date(normalised);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  if (typeof value === "number") return new Date(value).toISOString();
  throw new TypeError(`Not a timestamp: ${String(value)}`);
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** Serialises a value for a JSON column (jsonb on PostgreSQL, text on SQLite). */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Reads a JSON column: PostgreSQL already parsed it, SQLite returns text. */
export function fromJson<T>(value: unknown): T {
  if (typeof value === "string") return JSON.parse(value) as T;
  return value as T;
}

/** A count(*) or bigint as a JS number. */
export function toCount(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

/** A numeric/decimal column as a JS number (PG numeric comes back as a string). */
export function toNumber(value: unknown): number {
  return Number(value);
}

export function toNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** True when a write failed on a UNIQUE or PRIMARY KEY constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** True when a write referenced a missing row (FOREIGN KEY), on either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/**
 * Name of the violated constraint when the driver reports it (PostgreSQL: constraint name;
 * SQLite: the "table.column" list of the message), so a repository can tell which unique key clashed.
 */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as DriverError | null;
  if (typeof e?.constraint === "string") return e.constraint;
  if (typeof e?.message === "string") {
    const match = /constraint failed: (.+)$/.exec(e.message);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Deep equality of two JSON values, ignoring key order (PostgreSQL jsonb reorders keys). */
export function jsonEquals(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(fromJson(a))) === JSON.stringify(canonical(fromJson(b)));
}
