import {
  type AuthResponse,
  DEFAULT_LANGUAGE,
  type Language,
  type ProfileUpdateBody,
  type RegisterBody,
  type User,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { type AttemptLimit, claimAttempts, clearAttempts, releaseAttempts } from "./attempts.ts";
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import {
  deleteOtherTokens,
  deleteToken,
  emailTakenByOther,
  findUserById,
  findUserByTokenHash,
  findUserByUsername,
  insertToken,
  insertUser,
  takenError,
  toUser,
  updateUser,
} from "./repository.ts";
import type { AccountsSettings } from "./settings.ts";
import { generateToken, hashToken } from "./tokens.ts";

export interface LoginContext {
  ip: string;
  settings: AccountsSettings;
  /** False when RATE_LIMIT_ENABLED=false: failures are neither counted nor limited. */
  limitsEnabled: boolean;
}

async function issueToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = generateToken();
  await insertToken(db, userId, hashToken(token));
  return token;
}

/**
 * Creates the user and, in the same transaction, whatever other modules attach to a new account
 * (`account.registered` on the event bus: the subscriptions module opens its Community
 * subscription; decision record 039), then a token.
 */
export async function register(
  db: Kysely<Database>,
  body: Pick<
    RegisterBody,
    "username" | "email" | "password" | "first_name" | "last_name" | "language" | "theme"
  >,
): Promise<AuthResponse> {
  // Checked first for a clear answer; the unique keys still decide when two requests race.
  if (await findUserByUsername(db, body.username)) throw takenError("username");
  if (await emailTakenByOther(db, body.email)) throw takenError("email");
  const password_hash = await hashPassword(body.password);
  const row = await db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      username: body.username,
      email: body.email,
      first_name: body.first_name,
      last_name: body.last_name,
      password_hash,
      ...(body.language ? { language: body.language } : {}),
      ...(body.theme ? { theme: body.theme } : {}),
    });
    await publish(db, "account.registered", { db: trx, userId: user.id });
    return user;
  });
  return { token: await issueToken(db, row.id), user: toUser(row) };
}

const INVALID_CREDENTIALS = "Invalid username or password.";

/**
 * The failed sign-in limits of one attempt. A username is limited per address, so nobody can lock
 * someone else out from their own address; the account-wide ceiling, much higher, bounds guessing
 * spread over many addresses (docs/decisions/005-asvs-hardening.md).
 */
function limitsFor(username: string, context: LoginContext): AttemptLimit[] {
  const { settings } = context;
  const windowMs = settings.loginFailureWindowMs;
  const name = username.toLowerCase();
  return [
    {
      bucket: "login_username_ip",
      subject: `${name} ${context.ip}`,
      max: settings.loginFailuresPerUsername,
      windowMs,
    },
    { bucket: "login_ip", subject: context.ip, max: settings.loginFailuresPerIp, windowMs },
    { bucket: "login_account", subject: name, max: settings.loginFailuresPerAccount, windowMs },
  ];
}

/**
 * Checks credentials. The attempt is counted BEFORE the password is checked (see claimAttempts),
 * so concurrent requests cannot exceed a limit; once one is reached the answer is 429 (even for
 * the right password) until the window reopens. The right password withdraws the attempt and
 * clears the username's failures from this address.
 */
export async function login(
  db: Kysely<Database>,
  body: { username: string; password: string },
  context: LoginContext,
): Promise<AuthResponse> {
  const limits = limitsFor(body.username, context);
  const attempts = context.limitsEnabled ? await claimAttempts(db, limits) : [];

  const row = await findUserByUsername(db, body.username);
  const valid = await verifyPassword(body.password, row?.password_hash ?? (await decoyPasswordHash()));
  if (!row || !valid) throw new AppError(401, "invalid_credentials", INVALID_CREDENTIALS);
  if (context.limitsEnabled) {
    await releaseAttempts(db, attempts);
    await clearAttempts(db, limits[0]!.bucket, limits[0]!.subject);
  }
  await upgradePasswordHash(db, row, body.password);
  return { token: await issueToken(db, row.id), user: toUser(row) };
}

/** Re-hashes a password stored under an older scrypt cost, now that the plain text is at hand. */
async function upgradePasswordHash(
  db: Kysely<Database>,
  row: { id: number; password_hash: string },
  password: string,
) {
  if (!needsRehash(row.password_hash)) return;
  await updateUser(db, row.id, { password_hash: await hashPassword(password) });
}

/**
 * The id of an internal account nobody can sign in to (its password hash "!" matches no scrypt
 * hash), created on first use through the insert every account goes through (its random id
 * included, decision 041). Two requests racing to create it end with the same account.
 *
 * @example
 * const ownerId = await internalAccountId(db, "~quick-rooms", "quick-rooms@draftroom.invalid");
 */
export async function internalAccountId(
  db: Kysely<Database>,
  username: string,
  email: string,
): Promise<number> {
  const existing = await findUserByUsername(db, username);
  if (existing) return Number(existing.id);
  try {
    const created = await insertUser(db, {
      username,
      email,
      first_name: "",
      last_name: "",
      password_hash: "!",
    });
    return Number(created.id);
  } catch (error) {
    // Another request created it first.
    const raced = await findUserByUsername(db, username);
    if (raced) return Number(raced.id);
    throw error;
  }
}

/**
 * The account an API token (as the client holds it, not hashed) signs in; undefined when the token
 * is unknown or revoked. For callers outside HTTP requests (a room socket's `hello`).
 */
export async function userIdOfToken(db: Kysely<Database>, token: string): Promise<number | undefined> {
  const found = await findUserByTokenHash(db, hashToken(token));
  return found ? Number(found.id) : undefined;
}

export async function logout(db: Kysely<Database>, tokenId: number): Promise<void> {
  await deleteToken(db, tokenId);
}

export async function getProfile(db: Kysely<Database>, userId: number): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError(401, "invalid_token", "Invalid token.");
  return toUser(row);
}

/**
 * The member's interface language, as saved to the account: what the server writes in their name
 * (a series' or a scrim's game draft titles) is in it.
 */
export async function languageOf(db: Kysely<Database>, userId: number): Promise<Language> {
  const row = await findUserById(db, userId);
  return row ? toUser(row).preferences.language : DEFAULT_LANGUAGE;
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  body: ProfileUpdateBody,
): Promise<User> {
  if (body.email !== undefined && (await emailTakenByOther(db, body.email, userId)))
    throw takenError("email");
  return toUser(await updateUser(db, userId, body));
}

/** Changes any of theme, language and custom hues; answers the whole user. */
export async function updatePreferences(
  db: Kysely<Database>,
  userId: number,
  changes: Partial<User["preferences"]>,
): Promise<User> {
  return toUser(await updateUser(db, userId, changes));
}

/**
 * Changes the password after checking the current one (wrong answers count as failed sign-ins for
 * the username), then signs out every other device by revoking their tokens.
 */
export async function changePassword(
  db: Kysely<Database>,
  user: { id: number; username: string },
  currentTokenId: number | undefined,
  body: { current_password: string; new_password: string },
  context: LoginContext,
): Promise<void> {
  // Wrong current passwords count like failed sign-ins of the username from this address.
  const limits = limitsFor(user.username, context).filter((limit) => limit.bucket !== "login_ip");
  const attempts = context.limitsEnabled ? await claimAttempts(db, limits) : [];
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError(401, "invalid_token", "Invalid token.");
  if (!(await verifyPassword(body.current_password, row.password_hash))) {
    throw new AppError(400, "wrong_password", "The current password is incorrect.", {
      current_password: "The current password is incorrect.",
    });
  }
  await releaseAttempts(db, attempts);
  await updateUser(db, user.id, { password_hash: await hashPassword(body.new_password) });
  await deleteOtherTokens(db, user.id, currentTokenId);
}
