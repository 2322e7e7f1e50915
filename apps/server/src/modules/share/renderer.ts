import { createHash } from "node:crypto";
import type { ImageQuery } from "@draftroom/contracts";
import type { Card } from "./card-model.ts";
import type { DrawCard } from "./draw.ts";

/** A rendered image and the validator an HTTP answer carries. */
export interface RenderedCard {
  readonly png: Buffer;
  /** Strong ETag: the hash of everything the image shows. */
  readonly etag: string;
}

/** Images kept beyond one process (the database: share/image-cache.ts). */
export interface SharedImageStore {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, png: Buffer): Promise<void>;
}

export interface CardRendererOptions {
  /** Draws a card (a render thread in the server: render-pool.ts). */
  draw: DrawCard;
  /** Images shared across processes; none keeps them in this process only. */
  shared?: SharedImageStore | undefined;
  /**
   * Extra content of the key: which of a card's champions have a portrait on disk, so a card
   * drawn with a monogram is drawn again once the portrait arrives.
   */
  portraitSignature?: ((card: Card) => string) | undefined;
  /** Most images kept in memory (each 30-200 KB). */
  maxEntries?: number;
  /** Most bytes kept in memory across entries. */
  maxBytes?: number;
}

export interface RenderOptions {
  /** Called only when the image must be drawn (no cached copy anywhere); may throw to refuse. */
  beforeDraw?: () => void;
}

/**
 * Renders cards to PNG and keeps them: in memory (most recently used), then in the shared store.
 * The key is a hash of the card model and the query, so a draft that changes gets a new key and
 * the old image simply ages out: nothing needs to call an invalidation, and every process agrees.
 * Concurrent requests for one key share a single render.
 */
export class CardRenderer {
  private readonly cache = new Map<string, RenderedCard>();
  private readonly pending = new Map<string, Promise<RenderedCard>>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: CardRendererOptions) {
    this.maxEntries = options.maxEntries ?? 256;
    this.maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
  }

  /** The key of a card in one size, theme and language (plus the portraits it can show). */
  keyOf(card: Card, query: ImageQuery): string {
    return createHash("sha256")
      .update(
        JSON.stringify([
          query.size,
          query.theme,
          query.lang,
          card,
          this.options.portraitSignature?.(card) ?? "",
        ]),
      )
      .digest("base64url");
  }

  /** The image in memory, if this exact card was rendered lately. */
  cached(key: string): RenderedCard | undefined {
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used goes last: eviction takes from the front.
      this.cache.delete(key);
      this.cache.set(key, hit);
    }
    return hit;
  }

  async render(card: Card, query: ImageQuery, options: RenderOptions = {}): Promise<RenderedCard> {
    const key = this.keyOf(card, query);
    const hit = this.cached(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const work = this.produce(card, query, key, options).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    const rendered = await work;
    this.remember(key, rendered);
    return rendered;
  }

  get size(): number {
    return this.cache.size;
  }

  private async produce(
    card: Card,
    query: ImageQuery,
    key: string,
    options: RenderOptions,
  ): Promise<RenderedCard> {
    const etag = `"${key}"`;
    const stored = await this.options.shared?.get(key);
    if (stored) return { png: stored, etag };
    options.beforeDraw?.();
    const png = await this.options.draw(card, query);
    await this.options.shared?.put(key, png);
    return { png, etag };
  }

  private remember(key: string, rendered: RenderedCard): void {
    if (this.cache.has(key)) return;
    this.cache.set(key, rendered);
    this.bytes += rendered.png.length;
    while (this.cache.size > this.maxEntries || (this.bytes > this.maxBytes && this.cache.size > 1)) {
      const oldest = this.cache.keys().next().value as string;
      this.bytes -= this.cache.get(oldest)?.png.length ?? 0;
      this.cache.delete(oldest);
    }
  }
}
