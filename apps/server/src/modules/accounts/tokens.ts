import { hash, randomBytes } from "node:crypto";

/** API tokens: 32 random bytes shown once to the client; only their SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString("hex");
}

export function hashToken(token: string): string {
  // One-shot hash: runs on every authenticated request, and is cheaper than createHash().
  return hash("sha256", token, "hex");
}

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Reads `Authorization: Token <key>`; undefined when absent, null when present but malformed. */
export function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  const match = /^Token\s+(\S+)\s*$/i.exec(header.trim());
  if (!match || !TOKEN_PATTERN.test(match[1]!)) return null;
  return match[1]!;
}
