/** Tables of the sharing module (migration `…_share_image_cache`). */

export interface ShareImageCacheTable {
  /** The card's content hash (CardRenderer.keyOf). */
  cache_key: string;
  png: Buffer | Uint8Array;
  /** ISO time of the render; the oldest entries are pruned first. */
  created_at: string;
}

export interface ShareTables {
  share_image_cache: ShareImageCacheTable;
}
