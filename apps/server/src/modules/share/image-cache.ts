import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";

/**
 * Rendered cards in the database, so every server process (and a restarted one) answers an image
 * another process drew without drawing it again. The key is the card's content hash: an entry is
 * never stale, only old; the oldest beyond `keep` are pruned now and then.
 */
export class SharedImageCache {
  private puts = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keep = 2000,
  ) {}

  async get(key: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom("share_image_cache")
      .select("png")
      .where("cache_key", "=", key)
      .executeTakeFirst();
    return row ? Buffer.from(row.png) : undefined;
  }

  async put(key: string, png: Buffer): Promise<void> {
    await this.db
      .insertInto("share_image_cache")
      .values({ cache_key: key, png, created_at: nowIso() })
      .onConflict((oc) => oc.column("cache_key").doNothing())
      .execute();
    this.puts += 1;
    if (this.puts % 50 === 0) await this.prune();
  }

  /** Deletes all but the newest `keep` entries. */
  async prune(): Promise<void> {
    const cut = await this.db
      .selectFrom("share_image_cache")
      .select("created_at")
      .orderBy("created_at", "desc")
      .offset(this.keep)
      .limit(1)
      .executeTakeFirst();
    if (cut)
      await this.db.deleteFrom("share_image_cache").where("created_at", "<=", cut.created_at).execute();
  }
}
