import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (node:crypto, no native dependency).
 * Stored format: `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`, so the cost can be raised later
 * while old hashes keep verifying; a sign-in re-hashes a password stored under an older cost.
 * N=2^14, r=8, p=5 is one of OWASP's equivalent scrypt settings (16 MiB, the strength of N=2^17
 * with p=1 at an eighth of the memory); the measured sign-in latency is in decision record 005.
 */
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const DEFAULT_COST = { N: 16384, r: 8, p: 5 } as const;
/** Tests only (PASSWORD_HASH_FAST_OVERRIDE): about a millisecond instead of a fifth of a second. */
const FAST_TEST_COST = { N: 1024, r: 8, p: 1 } as const;

/**
 * The cost new hashes use. Process-wide because a process has one configuration; buildApp sets it
 * from the configuration before any route can hash. Hashes stored under the other cost keep
 * verifying (the cost is part of the stored value) and are re-hashed at the next sign-in.
 */
let currentCost: { N: number; r: number; p: number } = DEFAULT_COST;

export function usePasswordHashCost(fast: boolean): void {
  currentCost = fast ? FAST_TEST_COST : DEFAULT_COST;
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = currentCost;
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  if (expected.length === 0) return false;
  const actual = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r + 1024 });
  return timingSafeEqual(actual, expected);
}

/** True when a stored hash uses another scrypt cost than the current one (verify, then re-hash). */
export function needsRehash(stored: string): boolean {
  const [scheme, N, r, p] = stored.split("$");
  if (scheme !== "scrypt") return false;
  return Number(N) !== currentCost.N || Number(r) !== currentCost.r || Number(p) !== currentCost.p;
}

/**
 * A hash of a random password, verified against when the username is unknown so a failed login
 * costs the same time whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(18).toString("base64"));
  return decoyHash;
}
