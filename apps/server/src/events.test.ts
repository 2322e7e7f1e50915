import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "./db/schema.ts";
import { bindEventBus, EventBus, type ItemChange, publish } from "./events.ts";

/** Stand-ins for database handles: the bus only reads `isTransaction` and keys on identity. */
const handle = (isTransaction = false) => ({ isTransaction }) as unknown as Kysely<Database>;

const change = (db: Kysely<Database>, verb: ItemChange["verb"] = "changed"): ItemChange => ({
  db,
  workspaceId: "w",
  actorId: 1,
  verb,
  id: "s",
  title: "Game 1",
});

describe("EventBus (decision record 039)", () => {
  it("delivers in subscription order, each subscriber awaited before the next", async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on("session.changed", async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      seen.push("first");
    });
    bus.on("session.changed", () => {
      seen.push("second");
    });
    bus.on("series.changed", () => {
      seen.push("other event");
    });
    await bus.publish("session.changed", change(handle()));
    expect(seen).toEqual(["first", "second"]);
  });

  it("rejects the publisher with a subscriber's error and stops there, as a direct call would", async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on("review.changed", () => {
      throw new Error("feed write failed");
    });
    bus.on("review.changed", () => {
      seen.push("after");
    });
    await expect(bus.publish("review.changed", change(handle()))).rejects.toThrow("feed write failed");
    expect(seen).toEqual([]);
  });

  it("stops delivering to a subscriber once unsubscribed", async () => {
    const bus = new EventBus();
    const verbs: string[] = [];
    const stop = bus.on("plan.changed", (payload) => {
      verbs.push(payload.verb);
    });
    await bus.publish("plan.changed", change(handle(), "created"));
    stop();
    await bus.publish("plan.changed", change(handle(), "deleted"));
    expect(verbs).toEqual(["created"]);
  });

  it("publishes on the bus bound to the handle, and nowhere for a handle no app holds", async () => {
    const db = handle();
    const bus = new EventBus();
    bindEventBus(db, bus);
    const heard: Kysely<Database>[] = [];
    bus.on("session.changed", (payload) => {
      heard.push(payload.db);
    });
    const trx = handle(true);
    await publish(db, "session.changed", change(trx));
    // The payload's handle reaches the subscriber as given: a transaction's write stays in it.
    expect(heard).toEqual([trx]);
    await publish(handle(), "session.changed", change(db));
    expect(heard).toHaveLength(1);
  });

  it("refuses a transaction as the handle to publish on (no bus is bound to one)", () => {
    expect(() => publish(handle(true), "session.changed", change(handle()))).toThrow(/not a transaction/);
  });
});
