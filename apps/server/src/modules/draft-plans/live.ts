import type { DraftPlanLive } from "@draftroom/contracts";
import {
  type DraftPlanContent,
  type DraftPlanReview,
  flattenBranches,
  matchPlan,
  nextStep,
  type RoomTeam,
  reviewDraftPlan,
  type Side,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { sessionDraft, sessionOwnerId, sessionRef } from "../drafts/service.ts";
import { getOwnedRoom, resolveLink } from "../rooms/service.ts";
import { teamChannelOf } from "../rooms/team-channel.ts";
import { isWorkspaceReadOnly, readOnlyError } from "../workspaces/service.ts";
import { accessPlan, contentOf, modelInputs, reviewSession, sessionForPlans } from "./service.ts";
import type { DraftPlanLiveTable } from "./tables.ts";

/**
 * Draft plans followed live (decision record 027). A session's board follows a plan; in a live
 * room each team follows its own. The selection is stored here and the plan's content is answered
 * only to those who may read the session (its creator, or its workspace's members as their roles
 * allow, record 054) and the plan, the team's own seats (by their link) and readers of the plan; a room team's seats hear `team_plan` over the team channel
 * (nothing of the plan) and ask again. Nothing enters `room_events`, snapshots, delayed feeds,
 * public views or images. The board computes the active branch itself (`matchPlan`).
 */

type LiveRow = DraftPlanLiveTable;

const sessionKey = (sessionId: string) => `session:${sessionId}`;
const roomKey = (roomId: string, team: RoomTeam) => `room:${roomId}:${team}`;

async function findLive(db: Kysely<Database>, key: string): Promise<LiveRow | undefined> {
  return (await db.selectFrom("draft_plan_live").selectAll().where("key", "=", key).executeTakeFirst()) as
    | LiveRow
    | undefined;
}

async function planRow(db: Kysely<Database>, planId: string) {
  return db.selectFrom("draft_plans").selectAll().where("id", "=", planId).executeTakeFirst();
}

async function toLive(db: Kysely<Database>, row: LiveRow): Promise<DraftPlanLive | null> {
  const plan = await planRow(db, row.plan_id);
  if (!plan) return null;
  const content = contentOf(plan);
  return {
    scope: row.room_id === null ? "session" : "room",
    session_id: row.session_id,
    room_id: row.room_id,
    team: row.team,
    side: row.side,
    plan: { id: plan.id, name: plan.name, version: Number(plan.version), content },
    selected_at: toIso(row.selected_at),
    review: row.review === null ? null : (fromJson(row.review) as DraftPlanLive["review"]),
    branches: flattenBranches(content.branches as DraftPlanContent["branches"]).map(({ branch }) => ({
      id: branch.id,
      label: branch.label,
    })),
  };
}

async function store(
  db: Kysely<Database>,
  key: string,
  values: Omit<LiveRow, "key" | "selected_at" | "review" | "reviewed_version">,
): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("draft_plan_live").where("key", "=", key).execute();
    await trx
      .insertInto("draft_plan_live")
      .values({ key, ...values, selected_at: at, review: null, reviewed_version: null })
      .execute();
  });
}

// ---- a session's board -----------------------------------------------------------------------------

/**
 * What the session's board follows, for a caller who may read the session: the board's own
 * selection, else the plan a live room team of this session followed (the newest the caller may
 * read), so the plan a room followed stays on its session with plan vs actual (record 054).
 */
async function followedRow(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<LiveRow | undefined> {
  const own = await findLive(db, sessionKey(sessionId));
  if (own && (await readable(db, userId, own.plan_id))) return own;
  const rooms = (await db
    .selectFrom("draft_plan_live")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("room_id", "is not", null)
    .orderBy("selected_at", "desc")
    .execute()) as LiveRow[];
  for (const row of rooms) if (await readable(db, userId, row.plan_id)) return row;
  return undefined;
}

/** The plan the session's board follows, or its room followed (null: none the caller may read). */
export async function sessionLive(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<DraftPlanLive | null> {
  await sessionForPlans(db, userId, sessionId, "read");
  const row = await followedRow(db, userId, sessionId);
  return row ? toLive(db, row) : null;
}

/** A member who may edit the session picks (or clears, `planId` null) the plan its board follows. */
export async function selectSessionPlan(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  planId: string | null,
  side: Side,
): Promise<DraftPlanLive | null> {
  await sessionForPlans(db, userId, sessionId, "edit_drafts");
  const key = sessionKey(sessionId);
  if (planId === null) {
    await db.deleteFrom("draft_plan_live").where("key", "=", key).execute();
    return null;
  }
  await accessPlan(db, userId, planId, "read");
  await store(db, key, {
    session_id: sessionId,
    room_id: null,
    team: null,
    side,
    plan_id: planId,
    selected_by: userId,
  });
  return sessionLive(db, userId, sessionId);
}

/**
 * Plan vs actual of a complete session, for the plan its board or its room followed: saved with
 * that selection and as the session's plan review (`GET /draft-plans/sessions/{id}/review/`).
 */
export async function reviewSessionLive(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<DraftPlanLive> {
  const { state } = await sessionForPlans(db, userId, sessionId, "edit_drafts");
  const row = await followedRow(db, userId, sessionId);
  if (!row) throw new AppError(404, "not_found", "This draft follows no plan.");
  if (nextStep(state) !== null) throw new AppError(409, "draft_incomplete", "The draft is not complete yet.");
  const record = await reviewSession(db, userId, row.plan_id, sessionId, row.side);
  await saveReview(db, row.key, record.review as DraftPlanReview, record.plan_version);
  return (await sessionLive(db, userId, sessionId))!;
}

async function readable(db: Kysely<Database>, userId: number, planId: string): Promise<boolean> {
  try {
    await accessPlan(db, userId, planId, "read");
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return false;
    throw error;
  }
}

async function saveReview(db: Kysely<Database>, key: string, review: DraftPlanReview, version: number) {
  await db
    .updateTable("draft_plan_live")
    .set({ review: toJson(review), reviewed_version: version })
    .where("key", "=", key)
    .execute();
}

// ---- a live room's team ------------------------------------------------------------------------

export interface RoomSeatProof {
  readonly token?: string | undefined;
  readonly team?: RoomTeam | undefined;
}

interface RoomTeamAccess {
  readonly roomId: string;
  readonly sessionId: string;
  readonly team: RoomTeam;
  readonly side: Side;
  /** The organiser (signed in, owning the room) rather than one of the team's seats. */
  readonly organiser: boolean;
}

const noSeat = () => new AppError(403, "seat_not_allowed", "Only the team's own seats follow its plan.");

/**
 * Which team of the room the caller speaks for: a captain or member link of that team (the token
 * proves it, no account needed), or a signed-in organiser naming the team: the room's creator, or
 * a member of its workspace whose role allows `capability` with the room (`read` to see what the
 * team follows, so past the workspace's plan the staff still read it; `edit_drafts` to change it,
 * a write refused with `workspace_read_only` there). Spectator links, the other team's links and
 * strangers are refused; a token of another room is a 404.
 */
async function roomTeamAccess(
  db: Kysely<Database>,
  userId: number | null,
  roomId: string,
  proof: RoomSeatProof,
  capability: "read" | "edit_drafts",
): Promise<RoomTeamAccess> {
  if (proof.token) {
    const resolved = await resolveLink(db, proof.token);
    if (!resolved || resolved.room.id !== roomId) throw new AppError(404, "not_found", "Room not found.");
    const { seat, room } = resolved;
    if ((seat.role !== "captain" && seat.role !== "member") || seat.team === null) throw noSeat();
    if (proof.team && proof.team !== seat.team) throw noSeat();
    // A link holds no role, but a change is still a write: past the workspace's plan it is refused
    // as on the organiser's path (the running draft itself may finish; decision 040).
    if (capability === "edit_drafts") {
      const workspaceId = (await sessionRef(db, room.session_id))?.workspace_id;
      if (workspaceId && (await isWorkspaceReadOnly(db, workspaceId))) throw readOnlyError();
    }
    return {
      roomId,
      sessionId: room.session_id,
      team: seat.team,
      side: sideOf(room.team_a_side, seat.team),
      organiser: false,
    };
  }
  if (userId === null) throw new AppError(401, "not_authenticated", "Sign in, or open your team's link.");
  const room = await getOwnedRoom(db, userId, roomId, capability);
  if (!proof.team) throw new AppError(400, "validation_error", "Name the team.");
  return {
    roomId,
    sessionId: room.session_id,
    team: proof.team,
    side: sideOf(room.team_a_side, proof.team),
    organiser: true,
  };
}

function sideOf(teamASide: Side, team: RoomTeam): Side {
  if (team === "A") return teamASide;
  return teamASide === "BLUE" ? "RED" : "BLUE";
}

/**
 * The plan a room team follows, for one of its seats (by link) or for a signed-in reader of the
 * room (its creator, or a member of its workspace: the `read` that also opens the workspace's
 * plans, kept past the plan) who may read that plan too (a neutral organiser sees nothing of
 * either team's plan).
 */
export async function roomLive(
  db: Kysely<Database>,
  userId: number | null,
  roomId: string,
  proof: RoomSeatProof,
): Promise<DraftPlanLive | null> {
  const access = await roomTeamAccess(db, userId, roomId, proof, "read");
  const row = await findLive(db, roomKey(roomId, access.team));
  if (!row) return null;
  if (access.organiser && !(await readable(db, userId!, row.plan_id))) return null;
  return toLive(db, { ...row, side: access.side });
}

/**
 * A seat of the team (or the organiser) picks the plan the team follows; the caller must be
 * signed in and able to read the plan (a member of its workspace, or its owner). The team's seats
 * hear `team_plan`.
 */
export async function selectRoomPlan(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  proof: RoomSeatProof,
  planId: string | null,
): Promise<DraftPlanLive | null> {
  const access = await roomTeamAccess(db, userId, roomId, proof, "edit_drafts");
  const key = roomKey(roomId, access.team);
  if (planId === null) {
    await db.deleteFrom("draft_plan_live").where("key", "=", key).execute();
  } else {
    await accessPlan(db, userId, planId, "read");
    await store(db, key, {
      session_id: access.sessionId,
      room_id: roomId,
      team: access.team,
      side: access.side,
      plan_id: planId,
      selected_by: userId,
    });
  }
  await teamChannelOf(db)?.planChanged(roomId, access.team);
  return planId === null ? null : roomLive(db, userId, roomId, proof);
}

/**
 * Plan vs actual for a room team once the draft is complete, saved with the selection (the
 * session's draft is read as its owner; the model's statistics are those of whoever selected it).
 */
export async function reviewRoomLive(
  db: Kysely<Database>,
  userId: number | null,
  roomId: string,
  proof: RoomSeatProof,
): Promise<DraftPlanLive> {
  const access = await roomTeamAccess(db, userId, roomId, proof, "edit_drafts");
  const row = await findLive(db, roomKey(roomId, access.team));
  if (!row || (access.organiser && !(await readable(db, userId!, row.plan_id))))
    throw new AppError(404, "not_found", "This team follows no plan.");
  const ownerId = await sessionOwnerId(db, access.sessionId);
  if (ownerId === undefined) throw new AppError(404, "not_found", "Room not found.");
  const { state } = await sessionDraft(db, ownerId, access.sessionId);
  if (nextStep(state) !== null) throw new AppError(409, "draft_incomplete", "The draft is not complete yet.");
  const plan = await planRow(db, row.plan_id);
  if (!plan) throw new AppError(404, "not_found", "Draft plan not found.");
  const content = contentOf(plan);
  const inputs = await modelInputs(db, row.selected_by === null ? ownerId : Number(row.selected_by), content);
  const review = reviewDraftPlan(content as DraftPlanContent, state, access.side, {
    champions: inputs.champions,
    statistics: inputs.statistics,
    context: { positions: inputs.positions },
  });
  await saveReview(db, row.key, review, Number(plan.version));
  await teamChannelOf(db)?.planChanged(roomId, access.team);
  return (await roomLive(db, userId, roomId, proof))!;
}

/** The plan a room team followed and the branch its draft ended on (the scrim ledger, decision 050). */
export interface FollowedPlan {
  planId: string;
  planName: string;
  version: number;
  /** The deepest branch active at the end of the draft; null: the plan's main line. */
  branchId: string | null;
  branchLabel: string | null;
}

/**
 * What plan-vs-actual says a room team followed in the room's draft of `sessionId`, seen from
 * `side`: the saved review's final path when the team reviewed it, else the plan matched against
 * the draft now (pure, no model). Undefined when the team followed no plan or it is gone. No
 * access check: the caller (a workspace's own ledger) checked it may read the workspace.
 */
export async function followedPlanOfRoom(
  db: Kysely<Database>,
  roomId: string,
  team: RoomTeam,
  sessionId: string,
  side: Side,
): Promise<FollowedPlan | undefined> {
  const row = await findLive(db, roomKey(roomId, team));
  if (!row) return undefined;
  const plan = await planRow(db, row.plan_id);
  if (!plan) return undefined;
  const content = contentOf(plan) as DraftPlanContent;
  const review = row.review === null ? null : (fromJson(row.review) as DraftPlanReview);
  let path: readonly string[];
  if (review && row.session_id === sessionId) path = review.final_path;
  else {
    const ownerId = await sessionOwnerId(db, sessionId);
    if (ownerId === undefined) return undefined;
    const { state } = await sessionDraft(db, ownerId, sessionId);
    path = matchPlan(content, state, side).path;
  }
  const branchId = path.at(-1) ?? null;
  const branch = flattenBranches(content.branches).find(({ branch: b }) => b.id === branchId)?.branch;
  return {
    planId: plan.id,
    planName: plan.name,
    version: Number(plan.version),
    branchId,
    branchLabel: branch ? branch.label : null,
  };
}
