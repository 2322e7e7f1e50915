import type { ActivitySeat, ActivityVerb, RoomEvent } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { publish } from "../../events.ts";
import { getSession, sessionOwnership, sessionRef } from "../drafts/service.ts";
import type { RoomCommit } from "./runtime.ts";

/**
 * A live room's steps in its workspace's activity feed (decision records 028, 029, 048): a lock
 * (pick or ban), an approved correction and the draft's end, each published as the session's
 * change on the app's event bus (decision record 039). Each step is credited to the seat and team
 * that made it: the member bound to the socket when there is one (with the seat beside the name),
 * else the seat alone ("Red captain (link)", or the room's clock for a timer's lock), never the
 * session's creator. The feed folds each hand's locks on the draft into one "locked ×N" entry,
 * past the other captain's locks in between (decision 033: alternating captains make two lines,
 * not twenty). Personal rooms record nothing.
 */

/** What the feed needs of a session; a room's steps read it once per `REF_TTL_MS`, not per lock. */
interface SessionRefCached {
  readonly workspaceId: string | null;
  readonly title: string;
  /** Each side's team name in this draft (null: none given, the page names the side). */
  readonly teamNames: Readonly<Record<Side, string | null>>;
}

const REF_TTL_MS = 30_000;
const REF_CACHE_MAX = 1_000;
const refs = new Map<string, { readonly at: number; readonly ref: SessionRefCached | null }>();

async function cachedRef(db: Kysely<Database>, sessionId: string): Promise<SessionRefCached | null> {
  const now = Date.now();
  const hit = refs.get(sessionId);
  if (hit && now - hit.at < REF_TTL_MS) return hit.ref;
  const [owner, session] = await Promise.all([
    sessionOwnership(db, sessionId),
    getSession(db, null, sessionId),
  ]);
  const ref =
    owner && session
      ? {
          workspaceId: owner.workspace_id,
          title: session.title,
          teamNames: {
            BLUE: session.blue_team?.name || session.blue_team_name || null,
            RED: session.red_team?.name || session.red_team_name || null,
          },
        }
      : null;
  if (refs.size >= REF_CACHE_MAX) refs.delete(refs.keys().next().value!);
  refs.set(sessionId, { at: now, ref });
  return ref;
}

/** A step of a commit worth a feed line, and the seat that made it (before team names). */
export interface RoomStep {
  readonly verb: ActivityVerb;
  readonly seat: Omit<ActivitySeat, "team_name"> | undefined;
}

/**
 * The seat behind an event: a captain for their team's side, the organiser (for both), or the
 * room's clock (no actor) for the team on the clock. Team members and spectators make no steps.
 */
function seatOf(event: RoomEvent, sides: Readonly<Record<RoomTeam, Side>>): RoomStep["seat"] {
  const lockSide = event.body.kind === "lock" ? event.body.side : null;
  if (event.actor === null) return { kind: "clock", side: lockSide };
  if (event.actor.role === "organiser") return { kind: "organiser", side: null };
  if (event.actor.role === "captain" && event.actor.team)
    return { kind: "captain", side: lockSide ?? sides[event.actor.team] };
  return undefined;
}

/** The feed's steps of a commit's events, in order, each with its seat. */
export function activityStepsOf(
  events: readonly RoomEvent[],
  sides: Readonly<Record<RoomTeam, Side>>,
): RoomStep[] {
  const steps: RoomStep[] = [];
  for (const event of events) {
    const body = event.body;
    const verb =
      body.kind === "lock"
        ? "locked"
        : body.kind === "correction_decision" && body.outcome === "approved"
          ? "approved"
          : body.kind === "complete"
            ? "finished"
            : null;
    if (verb) steps.push({ verb, seat: seatOf(event, sides) });
  }
  return steps;
}

/** Per session, the last note still being written: a session's notes are written one at a time. */
const noting = new Map<string, Promise<void>>();

/**
 * Records a committed room command's steps in the workspace feed, after the commit and off the
 * command's path (the feed is a record, not part of the draft: a failure there never fails a lock).
 * `memberUserId` is the member bound to the socket that sent the command (none: a captain link
 * held without a member account, or the room's clock). Resolves once written; callers do not wait.
 *
 * A session's notes are written in the order its commits came, each after the one before: written
 * side by side, a later lock could reach the feed first (its session already cached while the
 * earlier one still read it) and the feed, newest first, would list the hands out of turn, or two
 * notes could both miss the entry they should fold into.
 */
export function noteRoomActivity(
  db: Kysely<Database>,
  commit: RoomCommit,
  memberUserId: number | undefined,
): Promise<void> {
  const before = noting.get(commit.sessionId) ?? Promise.resolve();
  const note = before.then(() => writeRoomActivity(db, commit, memberUserId));
  noting.set(commit.sessionId, note);
  void note.then(() => {
    if (noting.get(commit.sessionId) === note) noting.delete(commit.sessionId);
  });
  return note;
}

/** Writes one commit's steps; never rejects (noteRoomActivity chains on it). */
async function writeRoomActivity(
  db: Kysely<Database>,
  commit: RoomCommit,
  memberUserId: number | undefined,
): Promise<void> {
  try {
    const steps = activityStepsOf(commit.events, commit.record.sides);
    if (steps.length === 0) return;
    const ref = await cachedRef(db, commit.sessionId);
    if (!ref?.workspaceId) return;
    for (const { verb, seat } of steps) {
      await publish(db, "session.changed", {
        db,
        workspaceId: ref.workspaceId,
        actorId: memberUserId ?? null,
        verb,
        id: commit.sessionId,
        title: ref.title,
        ...(seat ? { seat: { ...seat, team_name: seat.side ? ref.teamNames[seat.side] : null } } : {}),
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
