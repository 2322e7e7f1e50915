import type { ActivityVerb, RoomEvent } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { publish } from "../../events.ts";
import { sessionRef } from "../drafts/service.ts";
import type { RoomCommit } from "./runtime.ts";

/**
 * A live room's steps in its workspace's activity feed (decision records 028, 029): a lock (pick
 * or ban), an approved correction and the draft's end, each published as the session's change on
 * the app's event bus (decision record 039). The feed hears it and folds each member's locks on
 * the draft into one "locked ×N" entry, past the other captain's locks in between (decision 033:
 * alternating captains make two lines, not twenty). The actor is the member bound to
 * the socket; without one (a timer's lock, a captain link held by someone without a member
 * account) it is the session's creator. Personal rooms record nothing.
 */

/** What the feed needs of a session; a room's steps read it once per `REF_TTL_MS`, not per lock. */
interface SessionRefCached {
  readonly workspaceId: string | null;
  readonly creatorId: number;
  readonly title: string;
}

const REF_TTL_MS = 30_000;
const REF_CACHE_MAX = 1_000;
const refs = new Map<string, { readonly at: number; readonly ref: SessionRefCached | null }>();

async function cachedRef(db: Kysely<Database>, sessionId: string): Promise<SessionRefCached | null> {
  const now = Date.now();
  const hit = refs.get(sessionId);
  if (hit && now - hit.at < REF_TTL_MS) return hit.ref;
  const row = await sessionRef(db, sessionId);
  const ref = row ? { workspaceId: row.workspace_id, creatorId: row.user_id, title: row.title } : null;
  if (refs.size >= REF_CACHE_MAX) refs.delete(refs.keys().next().value!);
  refs.set(sessionId, { at: now, ref });
  return ref;
}

/** The feed's verbs for a commit's events, in order. */
export function activityVerbsOf(events: readonly RoomEvent[]): ActivityVerb[] {
  const verbs: ActivityVerb[] = [];
  for (const event of events) {
    const body = event.body;
    if (body.kind === "lock") verbs.push("locked");
    else if (body.kind === "correction_decision" && body.outcome === "approved") verbs.push("approved");
    else if (body.kind === "complete") verbs.push("finished");
  }
  return verbs;
}

/**
 * Records a committed room command's steps in the workspace feed, after the commit and off the
 * command's path (the feed is a record, not part of the draft: a failure there never fails a lock).
 * Resolves once written; callers do not wait for it.
 */
export async function noteRoomActivity(
  db: Kysely<Database>,
  commit: RoomCommit,
  actorUserId: number | undefined,
): Promise<void> {
  const verbs = activityVerbsOf(commit.events);
  if (verbs.length === 0) return;
  try {
    const ref = await cachedRef(db, commit.sessionId);
    if (!ref?.workspaceId) return;
    for (const verb of verbs) {
      await publish(db, "session.changed", {
        db,
        workspaceId: ref.workspaceId,
        actorId: actorUserId ?? ref.creatorId,
        verb,
        id: commit.sessionId,
        title: ref.title,
      });
    }
  } catch {
    // The draft is committed; a lost feed line is not worth failing or crashing over.
  }
}

/**
 * Says in the workspace feed that a session's room got new team links because `userId`'s
 * membership ended (decision 040): the entry's actor is that member, so the line reads "alice
 * lost access; new team links for draft X" and staff know to hand the new links out.
 */
export async function noteLinksRotated(
  db: Kysely<Database>,
  workspaceId: string,
  userId: number,
  sessionId: string,
): Promise<void> {
  const ref = await sessionRef(db, sessionId);
  if (!ref) return;
  await publish(db, "session.changed", {
    db,
    workspaceId,
    actorId: userId,
    verb: "links_rotated",
    id: sessionId,
    title: ref.title,
  });
}
