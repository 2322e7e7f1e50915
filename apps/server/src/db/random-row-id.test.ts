import { describe, expect, it } from "vitest";
import { insertUnderRandomId, RANDOM_ROW_ID_MAX, RANDOM_ROW_ID_MIN, randomRowId } from "./random-row-id.ts";

describe("random row ids", () => {
  it("draws from the range above any sequence and below PostgreSQL's integer limit", () => {
    const ids = Array.from({ length: 1000 }, randomRowId);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(RANDOM_ROW_ID_MIN);
      expect(id).toBeLessThan(RANDOM_ROW_ID_MAX);
    }
    expect(RANDOM_ROW_ID_MAX).toBeLessThan(2 ** 31 - 1);
    // A thousand draws from 2^30 values: a repeat would mean the draw is not random.
    expect(new Set(ids).size).toBe(1000);
  });

  it("tries another id when the first is taken, and gives up after five", async () => {
    const tried: number[] = [];
    const row = await insertUnderRandomId(async (id) => {
      tried.push(id);
      return tried.length < 3 ? undefined : { id };
    });
    expect(tried).toHaveLength(3);
    expect(row).toEqual({ id: tried[2] });

    let attempts = 0;
    await expect(
      insertUnderRandomId(async () => {
        attempts += 1;
        return undefined;
      }),
    ).rejects.toThrow("no free random row id in 5 tries");
    expect(attempts).toBe(5);
  });
});
