import { describe, expect, it } from "vitest";
import { DatabaseAvailability, type DatabaseOutage, unavailableReason } from "./availability.ts";

const failure = (code: string | undefined, message = "failed") => Object.assign(new Error(message), { code });

describe("unavailableReason", () => {
  it("names the errors of a database that cannot take the request now", () => {
    expect(unavailableReason(failure("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(
      "unreachable",
    );
    expect(unavailableReason(failure("ECONNRESET"))).toBe("unreachable");
    expect(unavailableReason(failure(undefined, "Connection terminated unexpectedly"))).toBe("unreachable");
    expect(unavailableReason(failure(undefined, "timeout exceeded when trying to connect"))).toBe(
      "unreachable",
    );
    // The server shutting down, crashed, starting up; a connection exception (class 08).
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001"])
      expect(unavailableReason(failure(code))).toBe("unreachable");
    expect(unavailableReason(failure("SQLITE_BUSY", "database is locked"))).toBe("busy");
    expect(unavailableReason(failure("SQLITE_BUSY_SNAPSHOT"))).toBe("busy");
    expect(unavailableReason(failure("SQLITE_FULL", "database or disk is full"))).toBe("full");
    // Wrapped by the room store (a commit whose outcome is unknown).
    expect(unavailableReason(new Error("wrapped", { cause: failure("ECONNRESET") }))).toBe("unreachable");
  });

  it("leaves every other error alone (a bug or bad input is not an outage)", () => {
    expect(unavailableReason(failure("23505", "duplicate key value"))).toBeUndefined();
    expect(unavailableReason(failure("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(unavailableReason(failure("42P01", 'relation "x" does not exist'))).toBeUndefined();
    expect(unavailableReason(new TypeError("x is undefined"))).toBeUndefined();
    expect(unavailableReason("ECONNRESET")).toBeUndefined();
    expect(unavailableReason(null)).toBeUndefined();
  });
});

describe("DatabaseAvailability", () => {
  /** A probe the test answers: `up` decides whether the database answers. */
  function probed() {
    const state = { up: true, probes: 0 };
    const availability = new DatabaseAvailability(async () => {
      state.probes += 1;
      if (!state.up) throw failure("ECONNREFUSED");
    }, 10);
    return { state, availability };
  }

  const until = async (condition: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error("condition not met in 5 s");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it("stays reachable when the check answers, whatever error was reported", async () => {
    const { state, availability } = probed();
    availability.report(failure("ECONNRESET"));
    await until(() => state.probes === 1);
    expect(availability.reachable).toBe(true);
    // Not an outage's error: not even checked.
    availability.report(failure("23505"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(state.probes).toBe(1);
    availability.close();
  });

  it("is down from the reported instant until a probe answers, then tells the outage once", async () => {
    const { state, availability } = probed();
    const outages: DatabaseOutage[] = [];
    availability.onRecovered((outage) => outages.push(outage));
    state.up = false;
    availability.report(failure("ECONNREFUSED"), 1234);
    await until(() => !availability.reachable);
    expect(availability.downSince).toBe(1234);
    expect(await availability.whenReachable(20)).toBe(false);
    const waiting = availability.whenReachable(5000);
    await until(() => state.probes >= 3);
    expect(outages).toEqual([]);
    state.up = true;
    expect(await waiting).toBe(true);
    expect(availability.reachable).toBe(true);
    expect(outages).toHaveLength(1);
    expect(outages[0]!.fromMs).toBe(1234);
    expect(outages[0]!.toMs).toBeGreaterThan(1234);
    availability.close();
  });

  it("tries at once when asked (a command is waiting), without waiting for the next probe", async () => {
    const state = { up: false, probes: 0 };
    const availability = new DatabaseAvailability(async () => {
      state.probes += 1;
      if (!state.up) throw failure("ECONNREFUSED");
    }, 60_000);
    const outages: DatabaseOutage[] = [];
    availability.onRecovered((outage) => outages.push(outage));
    expect(await availability.check(1000)).toBe(false);
    expect(await availability.probeNow()).toBe(false);
    state.up = true;
    expect(await availability.probeNow()).toBe(true);
    expect(availability.reachable).toBe(true);
    expect(outages.map((outage) => outage.fromMs)).toEqual([1000]);
    expect(state.probes).toBe(3);
    expect(await availability.probeNow()).toBe(true);
    expect(state.probes).toBe(3);
    availability.close();
  });
});
