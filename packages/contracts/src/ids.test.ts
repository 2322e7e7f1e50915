import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isRowId, isUuid, MAX_DB_ID, rowIdOf } from "./ids.ts";
import { dbIdParam } from "./schemas/drafts.ts";

describe("isUuid", () => {
  it("agrees with the schemas' z.uuid() on uuids and near misses", () => {
    const samples = [
      "3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b",
      "3F2B8C1E-9D4A-4B6E-8F7A-1C2D3E4F5A6B",
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "0190c2a4-7f3e-7c2a-9b1d-3e4f5a6b7c8d",
      "0190c2a4-7f3e-9c2a-9b1d-3e4f5a6b7c8d",
      "0190c2a4-7f3e-4c2a-cb1d-3e4f5a6b7c8d",
      "0190c2a4-7f3e-4c2a-9b1d-3e4f5a6b7c8",
      "0190c2a47f3e4c2a9b1d3e4f5a6b7c8d",
      "12",
      "",
      "3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b ",
    ];
    const schema = z.uuid();
    for (const sample of samples)
      expect([sample, isUuid(sample)]).toEqual([sample, schema.safeParse(sample).success]);
    expect(samples.filter(isUuid)).toHaveLength(5);
  });
});

describe("isRowId", () => {
  it("takes the ids a link writes, and nothing the schemas refuse", () => {
    const taken = ["1", "42", String(MAX_DB_ID)];
    const refused = [
      "",
      "0",
      "-3",
      "01",
      "1.5",
      "1e3",
      " 12",
      "abc",
      "12abc",
      String(MAX_DB_ID + 1),
      "99999999999",
    ];
    expect(taken.filter(isRowId)).toEqual(taken);
    expect(refused.filter(isRowId)).toEqual([]);
    for (const id of taken) expect(dbIdParam().safeParse(id).success).toBe(true);
  });
});

describe("rowIdOf", () => {
  it("reads an address's id, and 0 for one that cannot be an id", () => {
    expect(["7", String(MAX_DB_ID), "abc", "0", "-3", undefined].map(rowIdOf)).toEqual([
      7,
      MAX_DB_ID,
      0,
      0,
      0,
      0,
    ]);
  });
});
