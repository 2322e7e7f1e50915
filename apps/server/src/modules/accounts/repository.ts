import {
  type CustomHues,
  DEFAULT_HUES,
  DEFAULT_LANGUAGE,
  DEFAULT_THEME_MODE,
  LANGUAGES,
  type Language,
  THEME_MODES,
  type ThemeMode,
  type User,
} from "@draftroom/contracts";
import type { Kysely, Selectable } from "kysely";
import { insertUnderRandomId } from "../../db/random-row-id.ts";
import type { Database } from "../../db/schema.ts";
import { fromJson, isUniqueViolation, nowIso, toIso, toJson, violatedConstraint } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import type { UsersTable } from "./tables.ts";

export type UserRow = Selectable<UsersTable>;

function readHues(value: unknown): CustomHues {
  const stored = (
    value && typeof value === "object" ? value : fromJson<unknown>(value)
  ) as Partial<CustomHues>;
  const hues = { ...DEFAULT_HUES };
  for (const key of Object.keys(hues) as (keyof CustomHues)[]) {
    const hue = stored?.[key];
    if (typeof hue === "number" && Number.isInteger(hue) && hue >= 0 && hue <= 360) hues[key] = hue;
  }
  return hues;
}

/** A users row as the API shows it (`userSchema`). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    preferences: {
      theme: (THEME_MODES as readonly string[]).includes(row.theme)
        ? (row.theme as ThemeMode)
        : DEFAULT_THEME_MODE,
      language: (LANGUAGES as readonly string[]).includes(row.language)
        ? (row.language as Language)
        : DEFAULT_LANGUAGE,
      custom_hues: readHues(row.custom_hues),
    },
    date_joined: toIso(row.created_at),
  };
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
}

/** 409 with the clashing field when a unique key (username or email) is taken. */
export function takenError(field: "username" | "email"): AppError {
  return field === "username"
    ? new AppError(409, "username_taken", "A user with that username already exists.", {
        username: "A user with that username already exists.",
      })
    : new AppError(409, "email_taken", "A user with that email address already exists.", {
        email: "A user with that email address already exists.",
      });
}

function uniqueViolationField(error: unknown): "username" | "email" | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = violatedConstraint(error) ?? "";
  return constraint.includes("email") ? "email" : "username";
}

export interface NewUser {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** The defaults when left out. */
  language?: Language;
  theme?: ThemeMode;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  const now = nowIso();
  try {
    // A random id: a sequential one told every member how many accounts exist (decision 041).
    return await insertUnderRandomId((id) =>
      db
        .insertInto("users")
        .values({
          ...user,
          id,
          username_lower: user.username.toLowerCase(),
          email_lower: user.email.toLowerCase(),
          theme: user.theme ?? DEFAULT_THEME_MODE,
          language: user.language ?? DEFAULT_LANGUAGE,
          custom_hues: toJson(DEFAULT_HUES),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .returningAll()
        .executeTakeFirst(),
    );
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw takenError(field);
    throw error;
  }
}

export interface UserChanges {
  first_name?: string;
  last_name?: string;
  email?: string;
  password_hash?: string;
  theme?: ThemeMode;
  language?: Language;
  custom_hues?: CustomHues;
}

export async function updateUser(db: Kysely<Database>, id: number, changes: UserChanges): Promise<UserRow> {
  const { email, custom_hues, ...rest } = changes;
  try {
    const row = await db
      .updateTable("users")
      .set({
        ...rest,
        ...(email === undefined ? {} : { email, email_lower: email.toLowerCase() }),
        ...(custom_hues === undefined ? {} : { custom_hues: toJson(custom_hues) }),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError(404, "not_found", "User not found.");
    return row;
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw takenError(field);
    throw error;
  }
}

export function emailTakenByOther(db: Kysely<Database>, email: string, exceptUserId?: number) {
  let query = db.selectFrom("users").select("id").where("email_lower", "=", email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where("id", "<>", exceptUserId);
  return query.executeTakeFirst().then((row) => row !== undefined);
}

export async function insertToken(db: Kysely<Database>, userId: number, tokenHash: string) {
  await db
    .insertInto("auth_tokens")
    .values({ user_id: userId, token_hash: tokenHash, created_at: nowIso() })
    .execute();
}

/** The user a token hash belongs to, with the token row id; undefined when unknown or revoked. */
export function findUserByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .select(["users.id as id", "users.username as username", "auth_tokens.id as token_id"])
    .where("auth_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function deleteToken(db: Kysely<Database>, tokenId: number) {
  await db.deleteFrom("auth_tokens").where("id", "=", tokenId).execute();
}

/** Revokes every token of a user except one (after a password change, other devices sign in again). */
export async function deleteOtherTokens(
  db: Kysely<Database>,
  userId: number,
  keepTokenId: number | undefined,
) {
  let query = db.deleteFrom("auth_tokens").where("user_id", "=", userId);
  if (keepTokenId !== undefined) query = query.where("id", "<>", keepTokenId);
  await query.execute();
}
