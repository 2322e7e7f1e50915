import { createHash } from "node:crypto";
import { IMAGE_SIZES, type ImageQuery } from "@draftroom/contracts";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { cardElement } from "./card-layout.ts";
import type { Card } from "./card-model.ts";
import { cardFonts } from "./fonts.ts";
import { cardLabels } from "./labels.ts";
import type { PortraitStore } from "./portraits.ts";

/** A rendered image and the validator an HTTP answer carries. */
export interface RenderedCard {
  readonly png: Buffer;
  /** Strong ETag: the hash of everything the image shows. */
  readonly etag: string;
}

export interface CardRendererOptions {
  /** Most images kept (each 30-200 KB). */
  readonly maxEntries: number;
  /** Most bytes kept across entries. */
  readonly maxBytes: number;
}

const DEFAULTS: CardRendererOptions = { maxEntries: 256, maxBytes: 48 * 1024 * 1024 };

/**
 * Renders cards to PNG (satori lays out and writes SVG, resvg rasterises it) and keeps the most
 * recent ones. The key is a hash of the card model and the query, so a draft that changes gets a
 * new key and the old image simply ages out: nothing needs to call an invalidation, and every
 * process agrees. Concurrent requests for one key share a single render.
 */
export class CardRenderer {
  private readonly cache = new Map<string, RenderedCard>();
  private readonly pending = new Map<string, Promise<RenderedCard>>();
  private bytes = 0;
  private readonly limits: CardRendererOptions;

  constructor(
    private readonly portraits: PortraitStore,
    limits: Partial<CardRendererOptions> = {},
  ) {
    this.limits = { ...DEFAULTS, ...limits };
  }

  /** The key of a card in one size, theme and language. */
  static keyOf(card: Card, query: ImageQuery): string {
    return createHash("sha256")
      .update(JSON.stringify([query.size, query.theme, query.lang, card]))
      .digest("base64url");
  }

  /** The cached image, if this exact card was rendered lately. */
  cached(key: string): RenderedCard | undefined {
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used goes last: eviction takes from the front.
      this.cache.delete(key);
      this.cache.set(key, hit);
    }
    return hit;
  }

  async render(card: Card, query: ImageQuery): Promise<RenderedCard> {
    const key = CardRenderer.keyOf(card, query);
    const hit = this.cached(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const work = this.draw(card, query, key).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    const rendered = await work;
    this.remember(key, rendered);
    return rendered;
  }

  get size(): number {
    return this.cache.size;
  }

  private async draw(card: Card, query: ImageQuery, key: string): Promise<RenderedCard> {
    const { width, height } = IMAGE_SIZES[query.size];
    const element = cardElement(card, {
      width,
      height,
      theme: query.theme,
      language: query.lang,
      labels: cardLabels(query.lang),
      portraits: this.portraits,
    });
    // satori's types ask for a React node; it reads the same {type, props} shape without React.
    const svg = await satori(element as never, { width, height, fonts: cardFonts() });
    // Rasterising and PNG encoding run on libuv's thread pool, off the event loop.
    const rendered = await renderAsync(svg, {
      fitTo: { mode: "original" },
      font: { loadSystemFonts: false },
    });
    const png = rendered.asPng();
    return { png, etag: `"${key}"` };
  }

  private remember(key: string, rendered: RenderedCard): void {
    if (this.cache.has(key)) return;
    this.cache.set(key, rendered);
    this.bytes += rendered.png.length;
    while (
      this.cache.size > this.limits.maxEntries ||
      (this.bytes > this.limits.maxBytes && this.cache.size > 1)
    ) {
      const oldest = this.cache.keys().next().value as string;
      this.bytes -= this.cache.get(oldest)?.png.length ?? 0;
      this.cache.delete(oldest);
    }
  }
}
