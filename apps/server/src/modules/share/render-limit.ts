/** An address used up its uncached public renders for now: the route answers 429 with `Retry-After`. */
export class PublicRenderLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many new images from this address.");
    this.name = "PublicRenderLimitError";
  }
}

/**
 * Uncached public renders per address and minute (fixed one-minute windows, in memory: each
 * process meters its own share). Cached images are never counted: only work that costs a render.
 */
export class PublicRenderLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one render for the address, or throws PublicRenderLimitError past the limit. */
  take(address: string): void {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    if (window.count >= this.perMinute) {
      throw new PublicRenderLimitError(Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000)));
    }
    window.count += 1;
  }

  private sweep(now: number): void {
    for (const [address, window] of this.windows)
      if (now - window.start >= 60_000) this.windows.delete(address);
  }
}
