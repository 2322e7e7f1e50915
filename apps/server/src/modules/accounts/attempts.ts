import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/** Sliding-window counters of failed sign-ins kept in `auth_attempts` (shared by every process). */
export type AttemptBucket = "login_username" | "login_ip";

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

/** Throws RateLimitedError when `max` attempts already happened inside the window. */
export async function assertUnderLimit(db: Kysely<Database>, limit: AttemptLimit, now = Date.now()) {
  const since = now - limit.windowMs;
  const recent = await db
    .selectFrom("auth_attempts")
    .select("created_at_ms")
    .where("bucket", "=", limit.bucket)
    .where("subject", "=", limit.subject)
    .where("created_at_ms", ">", since)
    .orderBy("created_at_ms", "desc")
    .limit(limit.max)
    .execute();
  if (recent.length < limit.max) return;
  // The window reopens when the oldest of the last `max` attempts leaves it.
  const oldest = Number(recent[recent.length - 1]!.created_at_ms);
  throw new RateLimitedError(Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)));
}

export async function recordAttempt(
  db: Kysely<Database>,
  bucket: AttemptBucket,
  subject: string,
  windowMs: number,
  now = Date.now(),
) {
  await db.insertInto("auth_attempts").values({ bucket, subject, created_at_ms: now }).execute();
  // Housekeeping, at most once a minute per process: attempts that left the window are dead weight.
  if (now - lastPrune >= PRUNE_INTERVAL_MS) {
    lastPrune = now;
    await db
      .deleteFrom("auth_attempts")
      .where("created_at_ms", "<=", now - windowMs)
      .execute();
  }
}

const PRUNE_INTERVAL_MS = 60_000;
let lastPrune = 0;

export async function clearAttempts(db: Kysely<Database>, bucket: AttemptBucket, subject: string) {
  await db.deleteFrom("auth_attempts").where("bucket", "=", bucket).where("subject", "=", subject).execute();
}
