import { describe, expect, it } from "vitest";
import {
  decoyPasswordHash,
  hashPassword,
  needsRehash,
  usePasswordHashCost,
  verifyPassword,
} from "./password.ts";
import { generateToken, hashToken, tokenFromHeader } from "./tokens.ts";

// Each hash costs about 0.2 s, several times that on a busy machine.
describe("passwords", { timeout: 30_000 }, () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).not.toBe(second);
    expect(first.split("$")).toHaveLength(6);
    expect(await verifyPassword("correct horse", first)).toBe(true);
    expect(await verifyPassword("correct horse", second)).toBe(true);
    expect(await verifyPassword("correct hors", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("never matches a malformed stored hash", async () => {
    for (const stored of [
      "",
      "scrypt$",
      "bcrypt$1$2$3$abc$def",
      "scrypt$0$8$1$AAAA$BBBB",
      "scrypt$16384$8$1$AAAA$",
    ]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("asks for a re-hash of passwords stored under another cost", async () => {
    const current = await hashPassword("correct horse");
    expect(current.split("$").slice(1, 4)).toEqual(["16384", "8", "5"]);
    expect(needsRehash(current)).toBe(false);
    expect(needsRehash(current.replace("$16384$8$5$", "$16384$8$1$"))).toBe(true);
  });

  it("hashes cheaply for tests when told to, still verifying and re-hashing the product's hashes", async () => {
    const product = await hashPassword("correct horse");
    usePasswordHashCost(true);
    try {
      const cheap = await hashPassword("correct horse");
      expect(cheap.split("$").slice(1, 4)).toEqual(["1024", "8", "1"]);
      expect(await verifyPassword("correct horse", cheap)).toBe(true);
      expect(await verifyPassword("correct horse", product)).toBe(true);
      expect(needsRehash(product)).toBe(true);
      expect(needsRehash(cheap)).toBe(false);
    } finally {
      usePasswordHashCost(false);
    }
    expect(needsRehash(product)).toBe(false);
  });

  it("keeps one decoy hash for unknown usernames", async () => {
    const decoy = await decoyPasswordHash();
    expect(await decoyPasswordHash()).toBe(decoy);
    expect(decoy.startsWith("scrypt$")).toBe(true);
  });
});

describe("tokens", () => {
  it("are 64 hex characters and hash to a different 64-hex digest", () => {
    const token = generateToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it("reads the Token scheme only", () => {
    const token = "a".repeat(64);
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader("  ")).toBeUndefined();
    expect(tokenFromHeader(`Token ${token}`)).toBe(token);
    expect(tokenFromHeader(`token   ${token} `)).toBe(token);
    expect(tokenFromHeader(`Bearer ${token}`)).toBeNull();
    expect(tokenFromHeader("Token short")).toBeNull();
    expect(tokenFromHeader(`Token ${token} extra`)).toBeNull();
  });
});
