import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Stored secrets (decision 051). A webhook URL must be readable to post with it, so it is sealed
 * with AES-256-GCM under the operator's INTEGRATIONS_SECRET_KEY (a database dump alone then gives
 * nothing); without a key it is stored as given, marked so, and the start-up log says so. A token
 * we only need to recognise (a calendar feed's) is kept as its SHA-256 alone.
 */

const SEALED = "v1:";
const PLAIN = "v0:";

export function sealSecret(value: string, key: Buffer | undefined): string {
  if (!key) return `${PLAIN}${value}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** The secret, or undefined when it cannot be opened (another key sealed it). */
export function openSecret(stored: string, key: Buffer | undefined): string | undefined {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED) || !key) return undefined;
  try {
    const bytes = Buffer.from(stored.slice(SEALED.length), "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** What the page shows of a secret: an ellipsis and its last four characters. */
export function secretHint(value: string): string {
  return `…${value.slice(-4)}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes, URL-safe: unguessable feed and callback tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}
