import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { databaseNowMs, outageLoggedSince } from "../../src/modules/rooms/repository.ts";
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

  it("takes a time between two milliseconds where it compares with the log's whole ones", async () => {
    // The hub's outage hold passed a time with half a millisecond in it (its clock offset was the
    // mean of two readings): PostgreSQL refused it for the bigint column, and the room's clock
    // never got the outage's time back from that process.
    await expect(outageLoggedSince(ctx.db, randomUUID(), Date.now() + 0.5)).resolves.toBe(false);
  });
});
