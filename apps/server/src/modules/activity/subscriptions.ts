import type { ActivityEntryType } from "@draftroom/contracts";
import type { EventBus, ItemChange, ServerEventName } from "../../events.ts";
import { recordActivity } from "./service.ts";

/**
 * The feed hears the item modules on the app's event bus (decision record 039) instead of each of
 * them calling it: they never import the feed, and the feed imports none of them. An entry is
 * written with the handle the change came with, so a change made in a transaction (a review's)
 * has its entry in that transaction, as before. Joins and pool edits come from the workspaces
 * module the same way (decision record 048).
 */

const ITEM_EVENTS = {
  "session.changed": "session",
  "series.changed": "series",
  "plan.changed": "plan",
  "review.changed": "review",
  "scrim.changed": "scrim",
  "member.joined": "workspace",
  "pool.changed": "pool",
} as const satisfies Partial<Record<ServerEventName, ActivityEntryType>>;

const entryOf = (change: ItemChange, itemType: ActivityEntryType) =>
  recordActivity(change.db, {
    workspaceId: change.workspaceId,
    actorId: change.actorId,
    verb: change.verb,
    itemType,
    itemId: change.id,
    itemTitle: change.title,
    itemUntitled: change.untitled,
    seat: change.seat,
  });

/** Subscribes the feed to every item's changes and comments; returns the unsubscribe. */
export function subscribeActivity(bus: EventBus): () => void {
  const stops = Object.entries(ITEM_EVENTS).map(([name, itemType]) =>
    bus.on(name as keyof typeof ITEM_EVENTS, (change) => entryOf(change, itemType)),
  );
  stops.push(bus.on("comment.posted", (comment) => entryOf(comment, comment.itemType)));
  return () => {
    for (const stop of stops) stop();
  };
}
