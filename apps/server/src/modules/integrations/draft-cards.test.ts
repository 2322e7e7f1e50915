import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { draftCardPng, registerDraftCardSource } from "./draft-cards.ts";

const handle = () => ({}) as Kysely<Database>;

describe("a draft's card for its Discord post", () => {
  it("is drawn by the app's own source, in the post's language", async () => {
    const mine = handle();
    const other = handle();
    const asked: string[] = [];
    const stop = registerDraftCardSource(mine, async (sessionId, language) => {
      asked.push(`${sessionId}/${language}`);
      return new Uint8Array([1, 2, 3]);
    });
    expect(await draftCardPng(mine, "s1", "es")).toEqual(new Uint8Array([1, 2, 3]));
    expect(asked).toEqual(["s1/es"]);
    // Another app of the process has no source: its posts go without the image.
    expect(await draftCardPng(other, "s1", "es")).toBeUndefined();
    stop();
    expect(await draftCardPng(mine, "s1", "es")).toBeUndefined();
  });

  it("goes without the image when drawing fails (a full render queue), never throwing", async () => {
    const db = handle();
    const stop = registerDraftCardSource(db, async () => {
      throw new Error("render queue full");
    });
    await expect(draftCardPng(db, "s1", "en")).resolves.toBeUndefined();
    stop();
  });
});
