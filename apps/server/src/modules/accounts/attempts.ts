import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/**
 * Sliding-window counters of failed sign-ins kept in `auth_attempts` (shared by every process):
 * per username from one address, per address, and per username from every address.
 */
export type AttemptBucket = "login_username_ip" | "login_ip" | "login_account";

export interface AttemptLimit {
  bucket: AttemptBucket;
  subject: string;
  max: number;
  windowMs: number;
}

/** Error thrown when a limit is reached; routes copy `retryAfterSeconds` into `Retry-After`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(
      429,
      "rate_limited",
      `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Records an attempt BEFORE the password is checked, then counts the others in the window: when
 * `max` are already there, the attempt is withdrawn and a RateLimitedError thrown. Each attempt is
 * committed before it counts, so of any number of concurrent attempts the last to count sees every
 * one that went ahead: no more than `max` ever get a verdict, on either database. The caller keeps
 * the row as the failure, or withdraws it (`releaseAttempts`) when the password was right.
 */
async function claimAttempt(db: Kysely<Database>, limit: AttemptLimit, now: number): Promise<number> {
  const { id } = await db
    .insertInto("auth_attempts")
    .values({ bucket: limit.bucket, subject: limit.subject, created_at_ms: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom("auth_attempts")
    .select("created_at_ms")
    .where("bucket", "=", limit.bucket)
    .where("subject", "=", limit.subject)
    .where("created_at_ms", ">", now - limit.windowMs)
    .where("id", "<>", id)
    .orderBy("created_at_ms", "desc")
    .limit(limit.max)
    .execute();
  if (others.length < limit.max) return id;
  await releaseAttempts(db, [id]);
  // The window reopens when the oldest of the last `max` attempts leaves it.
  const oldest = Number(others[others.length - 1]!.created_at_ms);
  throw new RateLimitedError(Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)));
}

/**
 * Claims one attempt under each limit (see claimAttempt); when one limit is reached, the attempts
 * already claimed are withdrawn and the RateLimitedError passes on. Returns the attempts' ids.
 */
export async function claimAttempts(
  db: Kysely<Database>,
  limits: readonly AttemptLimit[],
  now = Date.now(),
): Promise<number[]> {
  const ids: number[] = [];
  try {
    for (const limit of limits) ids.push(await claimAttempt(db, limit, now));
  } catch (error) {
    await releaseAttempts(db, ids);
    throw error;
  }
  await prune(db, Math.max(...limits.map((limit) => limit.windowMs)), now);
  return ids;
}

/** Withdraws attempts that turned out not to be failures. */
export async function releaseAttempts(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom("auth_attempts").where("id", "in", ids).execute();
}

/** Housekeeping, at most once a minute per process: attempts that left the window are dead weight. */
async function prune(db: Kysely<Database>, windowMs: number, now: number) {
  if (now - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = now;
  await db
    .deleteFrom("auth_attempts")
    .where("created_at_ms", "<=", now - windowMs)
    .execute();
}

const PRUNE_INTERVAL_MS = 60_000;
let lastPrune = 0;

export async function clearAttempts(db: Kysely<Database>, bucket: AttemptBucket, subject: string) {
  await db.deleteFrom("auth_attempts").where("bucket", "=", bucket).where("subject", "=", subject).execute();
}
