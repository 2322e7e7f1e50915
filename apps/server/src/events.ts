import type { ActivityItemType, ActivitySeat, ActivityVerb, ScrimKind } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./db/schema.ts";

/**
 * The server's in-process event bus (decision record 039). A module says what changed; the
 * modules that care subscribe at start (app.ts), so the one that changed imports none of them
 * and no loop forms among the modules. One bus per app, bound to the app's database handle:
 * a publisher finds it through the handle it already has.
 *
 * Delivery is synchronous and in order: `publish` awaits each subscriber in turn and a
 * subscriber's error reaches the publisher, as a direct call did. A payload carries the handle
 * the change was written with (`db`): a transaction when the change is part of one, so what a
 * subscriber writes commits or rolls back with it.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A member's step on a workspace item, for its workspace's feed (personal items: no workspace). */
export interface ItemChange<Verb extends ActivityVerb = ActivityVerb> {
  /** The handle the change was written with; the feed's entry is written with it too. */
  readonly db: Db;
  /** The item's workspace; null or undefined (a personal item) leaves no trace. */
  readonly workspaceId: string | null | undefined;
  /**
   * Who did it: the signed-in member, or the member bound to a live room's seat; null for a room
   * step nobody with an account made (a scrim opponent's captain link, the room's clock), which
   * `seat` names instead. Never the item's creator standing in for someone else.
   */
  readonly actorId: number | null;
  readonly verb: Verb;
  readonly id: string;
  readonly title: string;
  /**
   * An item the members gave no title: what its name is made from in any language (an untitled
   * scrim's kind and opponent; `title` is then its English name).
   */
  readonly untitled?: UntitledName;
  /** A live room's step: the seat and team that made it. */
  readonly seat?: ActivitySeat;
}

/** An untitled scrim's name, before a language makes it one (`untitledScrimName`). */
export interface UntitledName {
  readonly kind: ScrimKind;
  readonly opponent: string;
}

/** Every event, by name, with its payload. */
export interface ServerEvents {
  /** A draft session was created, changed (fields, actions, a live room's lock), moved or deleted. */
  "session.changed": ItemChange;
  /** A series was created, changed (a game started, a winner recorded), moved or deleted. */
  "series.changed": ItemChange;
  /** A draft plan was created (or imported), saved, or deleted. */
  "plan.changed": ItemChange;
  /** A review was written, replaced, moved or deleted; `db` is the write's transaction. */
  "review.changed": ItemChange;
  /** A scrim was planned, changed (a game's draft, result, correction or review), or deleted. */
  "scrim.changed": ItemChange;
  /** A member accepted an invite: the item is the workspace (`id`, `title` its name). */
  "member.joined": ItemChange<"joined">;
  /** A roster player's champion pool was replaced: the item is the player (`id`, `title` the name). */
  "pool.changed": ItemChange<"changed">;
  /** A comment was posted on a workspace item. */
  "comment.posted": ItemChange<"commented"> & { readonly itemType: ActivityItemType };
  /** A session's winner was recorded: a series game's live room shows the new score. */
  "session.result_recorded": { readonly db: Kysely<Database>; readonly sessionId: string };
  /** A series' games changed (a game started, a winner recorded): its live room follows. */
  "series.games_changed": { readonly db: Kysely<Database>; readonly seriesId: string };
  /**
   * A live room was opened for a workspace session, after its commit. `ourLinks` are our team's
   * captain and team links with their tokens (they exist only now: the database keeps hashes), for
   * the team's own channels; never the other team's or the organiser's.
   */
  "room.opened": {
    readonly db: Kysely<Database>;
    readonly workspaceId: string;
    readonly roomId: string;
    readonly sessionId: string;
    readonly title: string;
    readonly ourLinks: readonly { readonly role: "captain" | "member"; readonly path: string }[];
  };
  /** An account was created; `db` is the transaction that inserts it. */
  "account.registered": { readonly db: Transaction<Database>; readonly userId: number };
}

export type ServerEventName = keyof ServerEvents;
export type Subscriber<Name extends ServerEventName> = (payload: ServerEvents[Name]) => Promise<void> | void;

export class EventBus {
  readonly #subscribers = new Map<ServerEventName, Subscriber<never>[]>();

  /** Subscribes to one event; returns the unsubscribe. */
  on<Name extends ServerEventName>(name: Name, subscriber: Subscriber<Name>): () => void {
    const list = this.#subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<never>);
    this.#subscribers.set(name, list);
    return () => {
      const index = list.indexOf(subscriber as Subscriber<never>);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Delivers to every subscriber in subscription order, each awaited before the next. */
  async publish<Name extends ServerEventName>(name: Name, payload: ServerEvents[Name]): Promise<void> {
    for (const subscriber of [...(this.#subscribers.get(name) ?? [])]) {
      await (subscriber as Subscriber<Name>)(payload);
    }
  }
}

const buses = new WeakMap<Kysely<Database>, EventBus>();

/** Binds an app's bus to its database handle (app.ts, once at start). */
export function bindEventBus(db: Kysely<Database>, bus: EventBus): void {
  buses.set(db, bus);
}

/**
 * Publishes on the bus of `db`, the app's database handle (never a transaction: that goes in the
 * payload). A handle no app holds (the CLI, another pool in a test) has no subscribers.
 *
 * @example
 * await publish(db, "review.changed", { db: trx, workspaceId, actorId: userId, verb: "created",
 *   id: String(review.id), title: review.title });
 */
export function publish<Name extends ServerEventName>(
  db: Kysely<Database>,
  name: Name,
  payload: ServerEvents[Name],
): Promise<void> {
  // A transaction is a new handle each time: no bus is bound to it, and the event would be lost.
  if (db.isTransaction)
    throw new Error(`publish("${name}"): pass the app's database handle, not a transaction`);
  return buses.get(db)?.publish(name, payload) ?? Promise.resolve();
}
