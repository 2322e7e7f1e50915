import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "../../db/change-feed.ts";
import { ActionsCache } from "./actions-cache.ts";

/** A change feed driven by the test: `external(key)` plays a change made by another process. */
function fakeFeed(ready = true) {
  let listener: (key: string | null) => void = () => {};
  let pending: Array<string | null> = [];
  const feed: ChangeFeed & { ready: boolean } = {
    ready,
    started: async () => {},
    subscribeRooms: () => {},
    subscribeMembers: () => {},
    subscribeAccess: () => {},
    // Like SQLite's data_version: changes made elsewhere surface when the cache polls.
    poll: () => {
      const keys = pending;
      pending = [];
      for (const key of keys) listener(key);
    },
    subscribe: (fn) => {
      listener = fn;
    },
    close: async () => {},
  };
  return {
    feed,
    external: (key: string | null) => pending.push(key),
    push: (key: string | null) => listener(key),
  };
}

describe("ActionsCache", () => {
  it("answers the owner from memory, and nobody else", () => {
    const { feed } = fakeFeed();
    const cache = new ActionsCache(10, feed);
    expect(cache.get("s1", 1)).toBeUndefined();
    cache.store("s1", 1, "[1]", cache.mark());
    expect(cache.get("s1", 1)).toBe("[1]");
    expect(cache.get("s1", 2)).toBeUndefined();
    expect(cache.hits).toBe(1);
  });

  it("forgets a session on invalidate, and everything on clear", () => {
    const { feed } = fakeFeed();
    const cache = new ActionsCache(10, feed);
    cache.store("s1", 1, "[1]", cache.mark());
    cache.store("s2", 1, "[2]", cache.mark());
    cache.invalidate("s1");
    expect(cache.get("s1", 1)).toBeUndefined();
    expect(cache.get("s2", 1)).toBe("[2]");
    cache.clear();
    expect(cache.get("s2", 1)).toBeUndefined();
  });

  it("refuses an answer read before an invalidation of its session (a read racing a write)", () => {
    const { feed } = fakeFeed();
    const cache = new ActionsCache(10, feed);
    const mark = cache.mark();
    cache.invalidate("s1");
    cache.store("s1", 1, "[stale]", mark);
    expect(cache.get("s1", 1)).toBeUndefined();
    // Another session's invalidation does not matter; a full clear does.
    const mark2 = cache.mark();
    cache.invalidate("s2");
    cache.store("s1", 1, "[ok]", mark2);
    expect(cache.get("s1", 1)).toBe("[ok]");
    const mark3 = cache.mark();
    cache.clear();
    cache.store("s1", 1, "[stale]", mark3);
    expect(cache.get("s1", 1)).toBeUndefined();
  });

  it("applies changes made elsewhere before answering", () => {
    const { feed, external, push } = fakeFeed();
    const cache = new ActionsCache(10, feed);
    cache.store("s1", 1, "[1]", cache.mark());
    cache.store("s2", 1, "[2]", cache.mark());
    external("s1");
    expect(cache.get("s1", 1)).toBeUndefined();
    expect(cache.get("s2", 1)).toBe("[2]");
    external(null);
    expect(cache.get("s2", 1)).toBeUndefined();
    // A notification arriving while a read is in flight voids that read.
    const mark = cache.mark();
    push("s3");
    cache.store("s3", 1, "[stale]", mark);
    expect(cache.get("s3", 1)).toBeUndefined();
  });

  it("neither serves nor stores while the feed is not ready", () => {
    const fake = fakeFeed(false);
    const cache = new ActionsCache(10, fake.feed);
    cache.store("s1", 1, "[1]", cache.mark());
    fake.feed.ready = true;
    expect(cache.get("s1", 1)).toBeUndefined();
    cache.store("s1", 1, "[1]", cache.mark());
    expect(cache.get("s1", 1)).toBe("[1]");
    fake.feed.ready = false;
    expect(cache.get("s1", 1)).toBeUndefined();
  });

  it("keeps at most maxEntries sessions, dropping the oldest; 0 or no feed disables it", () => {
    const { feed } = fakeFeed();
    const cache = new ActionsCache(2, feed);
    for (const id of ["a", "b", "c"]) cache.store(id, 1, `"${id}"`, cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.get("c", 1)).toBe('"c"');
    const off = new ActionsCache(0, fakeFeed().feed);
    off.store("a", 1, "[]", off.mark());
    expect(off.get("a", 1)).toBeUndefined();
    const noFeed = new ActionsCache(10, undefined);
    noFeed.store("a", 1, "[]", noFeed.mark());
    expect(noFeed.get("a", 1)).toBeUndefined();
  });
});
