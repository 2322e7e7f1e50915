import { describe, expect, it } from "vitest";
import { TokenCache } from "./token-cache.ts";

const alice = { id: 1, username: "alice", token_id: 10 };
const aliceLaptop = { id: 1, username: "alice", token_id: 11 };
const bob = { id: 2, username: "bob", token_id: 20 };

describe("TokenCache", () => {
  it("answers a stored token until its time runs out", () => {
    let now = 1000;
    const cache = new TokenCache(500, () => now);
    cache.set("a", alice, cache.generation);
    expect(cache.get("a")).toEqual(alice);
    now = 1499;
    expect(cache.get("a")).toEqual(alice);
    now = 1500;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stores nothing when disabled (0 ms)", () => {
    const cache = new TokenCache(0);
    cache.set("a", alice, cache.generation);
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets a revoked token, and every other token of a user after a password change", () => {
    const cache = new TokenCache(60_000);
    cache.set("a", alice, cache.generation);
    cache.set("l", aliceLaptop, cache.generation);
    cache.set("b", bob, cache.generation);
    cache.forgetToken(10);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("l")).toEqual(aliceLaptop);
    cache.set("a", alice, cache.generation);
    cache.forgetUserTokens(1, 11);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("l")).toEqual(aliceLaptop);
    expect(cache.get("b")).toEqual(bob);
  });

  it("drops the answer of a lookup that started before a revocation", () => {
    const cache = new TokenCache(60_000);
    const started = cache.generation;
    cache.forgetToken(10);
    cache.set("a", alice, started);
    expect(cache.get("a")).toBeUndefined();
  });
});
