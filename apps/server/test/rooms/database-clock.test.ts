import { expect, it } from "vitest";
import { databaseNowMs } from "../../src/modules/rooms/repository.ts";
import { describeEachDialect } from "../helpers/dialects.ts";

/**
 * The database clock decides deadlines and the spectator delay, and it is compared with
 * `Date.now()` (the hub's offset, the tests' lateness). Both run on this machine's clock, so each
 * reading must fall between the two `Date.now()` taken around it: whole milliseconds cut down the
 * way `Date.now()` cuts them. SQLite's float Julian day used to come out a hair below the
 * millisecond it holds (a quarter of reads one ms early); PostgreSQL's cast rounded half up (one
 * ms late for half of them).
 */
describeEachDialect("the database clock", (ctx) => {
  it("reads the same millisecond as Date.now(), never one early or late", async () => {
    const outside: string[] = [];
    for (let read = 0; read < 2000; read++) {
      const before = Date.now();
      const now = await databaseNowMs(ctx.db);
      const after = Date.now();
      expect(Number.isInteger(now)).toBe(true);
      if (now < before || now > after) outside.push(`${before} ≤ ${now} ≤ ${after}`);
    }
    expect(outside).toEqual([]);
  });
});
