import type { Generated } from "kysely";

/**
 * Tables of the accounts module. Column types are what the drivers hand back; repositories
 * normalise them with db/values.ts (booleans, ISO timestamps, JSON, counts).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the unique key behind case-insensitive lookups. */
  username_lower: string;
  email: string;
  email_lower: string;
  first_name: string;
  last_name: string;
  /** `scrypt$N$r$p$salt$hash` (see password.ts). */
  password_hash: string;
  theme: string;
  language: string;
  /** JSON object {primary, secondary, accent, neutral}. */
  custom_hues: unknown;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<string>;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  created_at_ms: number;
}

export interface AccountsTables {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  auth_attempts: AuthAttemptsTable;
}
