/**
 * A small in-process memory of recently verified tokens, so an authenticated request does not
 * query the database each time. Only tokens the database accepted are kept (an unknown token is
 * looked up every time, and cannot fill the cache), each for at most `ttlMs`.
 *
 * Revocation: logout and password changes call `forgetToken` / `forgetUserTokens` in the process
 * that served them, so there the token stops working at once. Other server processes (several
 * behind a load balancer) do not hear about it: they accept a revoked token for at most `ttlMs`
 * (AUTH_TOKEN_CACHE_MS, 0 disables the cache).
 */
export interface CachedToken {
  id: number;
  username: string;
  token_id: number;
}

const MAX_ENTRIES = 10_000;

export class TokenCache {
  readonly #entries = new Map<string, { value: CachedToken; expiresAt: number }>();
  /**
   * Bumped by every revocation: a lookup that started before one must not store its (possibly
   * already revoked) answer. Read it before querying, pass it to `set`.
   */
  generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): CachedToken | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  set(tokenHash: string, value: CachedToken, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      // Oldest insertion first: entries are short-lived, so it is also (close to) the first to expire.
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(tokenHash, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** Drops one token (logout). */
  forgetToken(tokenId: number): void {
    this.generation += 1;
    for (const [hash, entry] of this.#entries)
      if (entry.value.token_id === tokenId) this.#entries.delete(hash);
  }

  /** Drops every token of a user except `keepTokenId` (password change). */
  forgetUserTokens(userId: number, keepTokenId?: number): void {
    this.generation += 1;
    for (const [hash, entry] of this.#entries) {
      if (entry.value.id === userId && entry.value.token_id !== keepTokenId) this.#entries.delete(hash);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
