import { randomBytes } from "node:crypto";
import {
  INVITES_PER_HOUR,
  type InviteCreateBody,
  type InvitePreview,
  type InviteState,
  isStaffRole,
  type MemberUpdateBody,
  type Workspace,
  type WorkspaceInvite,
  type WorkspaceMember,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso, toCount, toIso } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { coverageProblem, planLimits } from "./plan-coverage.ts";
import {
  countActiveOwners,
  countInvitesSince,
  countSeats,
  deleteMemberRow,
  findInvite,
  findMember,
  findUserIdByUsername,
  findWorkspace,
  type InviteWithNames,
  insertInvite,
  listInviteRows,
  listInvitesFor,
  lockUser,
  lockWorkspace,
  revokeInviteRow,
  spendInvite,
  updateMemberRow,
  updateWorkspaceRow,
} from "./repository.ts";
import { addMemberWithinSeats, getWorkspace, listMembers, requireWorkspaceRole } from "./service.ts";

/**
 * Members and invites of a workspace: invite links and invites by username, accepting, leaving,
 * removing, suspending, changing roles and transferring ownership. Only owners (`manage_members`)
 * change other people's membership; a workspace always keeps one active owner.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type MembershipListener = (workspaceId: string, userId: number) => void | Promise<void>;
const membershipEndedListeners: MembershipListener[] = [];

/**
 * Subscribes to the end of a membership (left, removed, suspended): live features (rooms)
 * register here to close that member's sockets at once, without this module importing them.
 * Returns the function that unsubscribes (an app that closes).
 */
export function onMembershipEnded(listener: MembershipListener): () => void {
  membershipEndedListeners.push(listener);
  return () => {
    const index = membershipEndedListeners.indexOf(listener);
    if (index >= 0) membershipEndedListeners.splice(index, 1);
  };
}

/** Tells the listeners a membership ended (after its transaction committed). */
export async function membershipEnded(workspaceId: string, userId: number): Promise<void> {
  for (const listener of membershipEndedListeners) {
    try {
      await listener(workspaceId, userId);
    } catch {
      // A listener's failure must not undo the membership change that already committed.
    }
  }
}

function inviteState(row: InviteWithNames, now = new Date()): InviteState {
  if (row.revoked_at !== null) return "revoked";
  if (row.max_uses !== null && toCount(row.uses) >= toCount(row.max_uses)) return "used";
  if (new Date(toIso(row.expires_at)) <= now) return "expired";
  return "valid";
}

function presentInvite(row: InviteWithNames): WorkspaceInvite {
  return {
    id: row.id,
    role: row.role,
    invitee_username: row.invitee_username ?? null,
    label: row.label ?? null,
    max_uses: row.max_uses === null ? null : toCount(row.max_uses),
    uses: toCount(row.uses),
    state: inviteState(row),
    expires_at: toIso(row.expires_at),
    created_at: toIso(row.created_at),
    created_by_username: row.created_by_username ?? null,
  };
}

/**
 * Creates an invite link (or an invite for one username). Rate limited per workspace
 * (INVITES_PER_HOUR, counted in the database so every process agrees): 429 `rate_limited`.
 */
export async function createInvite(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: InviteCreateBody,
): Promise<WorkspaceInvite> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_members");
  let inviteeId: number | null = null;
  if (body.username !== undefined) {
    inviteeId = (await findUserIdByUsername(db, body.username)) ?? null;
    if (inviteeId === null) {
      throw new AppError(400, "validation_error", "Invalid input.", {
        username: "No account has this username",
      });
    }
    if (await findMember(db, workspaceId, inviteeId)) {
      throw new AppError(409, "already_member", "Already a member of this workspace.");
    }
  }
  const now = Date.now();
  const id = randomBytes(24).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const recent = await countInvitesSince(trx, workspaceId, new Date(now - HOUR_MS).toISOString());
    if (recent >= INVITES_PER_HOUR) {
      throw new AppError(
        429,
        "rate_limited",
        `At most ${INVITES_PER_HOUR} invites per hour. Try again later.`,
      );
    }
    await insertInvite(trx, {
      id,
      workspace_id: workspaceId,
      role: body.role,
      created_by: userId,
      invitee_user_id: inviteeId,
      label: body.label?.trim() || null,
      max_uses: inviteeId === null ? body.max_uses : 1,
      expires_at: new Date(now + body.expires_in_days * DAY_MS).toISOString(),
    });
  });
  const row = await findInvite(db, id);
  if (!row) throw new Error(`Invite ${id} vanished`);
  return presentInvite(row);
}

/** Invites still pending (valid), newest first. */
export async function listPendingInvites(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<WorkspaceInvite[]> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_members");
  const rows = await listInviteRows(db, workspaceId);
  return rows.map(presentInvite).filter((invite) => invite.state === "valid");
}

export async function revokeInvite(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  inviteId: string,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_members");
  if (!(await revokeInviteRow(db, workspaceId, inviteId))) {
    throw new AppError(404, "not_found", "Invite not found.");
  }
}

const inviteNotFound = () => new AppError(404, "not_found", "Invite not found.");

/** What an invite link shows (anyone holding the token): the workspace, the role, its state. */
export async function previewInvite(db: Kysely<Database>, token: string): Promise<InvitePreview> {
  const row = await findInvite(db, token);
  if (!row) throw inviteNotFound();
  const workspace = await findWorkspace(db, row.workspace_id);
  if (!workspace) throw inviteNotFound();
  return {
    state: inviteState(row),
    role: row.role,
    workspace: { id: workspace.id, name: workspace.name, tag: workspace.tag, colour: workspace.colour },
    expires_at: toIso(row.expires_at),
    invitee_username: row.invitee_username ?? null,
  };
}

/** Invites by username addressed to the caller and still valid. */
export async function myInvites(db: Kysely<Database>, userId: number) {
  const rows = await listInvitesFor(db, userId);
  return rows
    .filter((row) => inviteState(row) === "valid")
    .map((row) => ({
      id: row.id,
      state: "valid" as const,
      role: row.role,
      workspace: {
        id: row.workspace.id,
        name: row.workspace.name,
        tag: row.workspace.tag,
        colour: row.workspace.colour,
      },
      expires_at: toIso(row.expires_at),
      invitee_username: row.invitee_username ?? null,
    }));
}

function stateError(state: Exclude<InviteState, "valid">): AppError {
  if (state === "revoked") return new AppError(410, "invite_revoked", "This invite was revoked.");
  if (state === "expired") return new AppError(410, "invite_expired", "This invite has expired.");
  return new AppError(410, "invite_used", "This invite has already been used.");
}

/**
 * Accepts an invite: the use is spent and the member added in one transaction under the
 * workspace's lock, so 20 concurrent accepts of a single-use invite make one member and a full
 * workspace spends nothing. Revoked, expired or spent invites answer 410 with their reason.
 */
export async function acceptInvite(db: Kysely<Database>, userId: number, token: string): Promise<Workspace> {
  const row = await findInvite(db, token);
  if (!row) throw inviteNotFound();
  if (row.invitee_user_id !== null && Number(row.invitee_user_id) !== userId) throw inviteNotFound();
  const state = inviteState(row);
  if (state !== "valid") throw stateError(state);
  await addMemberWithinSeats(db, row.workspace_id, userId, row.role, async (trx) => {
    if (!(await spendInvite(trx, token, nowIso()))) {
      const again = await findInvite(trx, token);
      const now = again ? inviteState(again) : "revoked";
      throw stateError(now === "valid" ? "used" : now);
    }
  });
  const workspace = await getWorkspace(db, userId, row.workspace_id);
  // The workspace feed hears it (decision 048): "bob joined the workspace".
  await publish(db, "member.joined", {
    db,
    workspaceId: workspace.id,
    actorId: userId,
    verb: "joined",
    id: workspace.id,
    title: workspace.name,
  });
  return workspace;
}

const memberNotFound = () => new AppError(404, "not_found", "Member not found.");
const lastOwner = () => new AppError(409, "last_owner", "A workspace needs at least one active owner.");
/**
 * Removing or suspending oneself would skip what leaving checks (the bill goes with its owner
 * only once another owner accepted it): the one way out is Leave.
 */
const ownMembership = (action: "remove" | "suspend") =>
  new AppError(
    409,
    "own_membership",
    action === "remove"
      ? "You cannot remove yourself: use Leave to leave this workspace."
      : "You cannot suspend yourself: use Leave to leave this workspace.",
  );

/**
 * Leaves a workspace. The last active owner cannot (transfer ownership or add an owner first),
 * nor can the owner who pays for it until another owner accepted its bill (billing.ts): otherwise
 * the workspace would stay billed to someone gone, and turn read-only when they cancel.
 */
export async function leaveWorkspace(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<void> {
  const member = await findMember(db, workspaceId, userId);
  if (!member) throw new AppError(404, "not_found", "Workspace not found.");
  await db.transaction().execute(async (trx) => {
    const workspace = await lockWorkspace(trx, workspaceId);
    if (
      member.role === "owner" &&
      member.status === "active" &&
      (await countActiveOwners(trx, workspaceId)) <= 1
    ) {
      throw lastOwner();
    }
    if (workspace && Number(workspace.billing_user_id) === userId) {
      throw new AppError(
        409,
        "billing_owner_leaving",
        "You pay for this workspace: offer its bill to another owner, and leave once they have accepted it.",
      );
    }
    await deleteMemberRow(trx, workspaceId, userId);
  });
  await membershipEnded(workspaceId, userId);
}

/** Removes another member (owners). Their sockets close through `onMembershipEnded`. */
export async function removeMember(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  targetId: number,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_members");
  if (targetId === userId) throw ownMembership("remove");
  await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const target = await findMember(trx, workspaceId, targetId);
    if (!target) throw memberNotFound();
    if (
      target.role === "owner" &&
      target.status === "active" &&
      (await countActiveOwners(trx, workspaceId)) <= 1
    ) {
      throw lastOwner();
    }
    const workspace = await findWorkspace(trx, workspaceId);
    if (workspace && Number(workspace.billing_user_id) === targetId) {
      // The billing owner leaves: the remover (an owner) takes the bill over.
      await updateWorkspaceRow(trx, workspaceId, { billing_user_id: userId, billing_offer_user_id: null });
    }
    await deleteMemberRow(trx, workspaceId, targetId);
  });
  await membershipEnded(workspaceId, targetId);
}

/**
 * Changes a member's role or status (owners). A move into a staff role takes a free staff seat
 * (checked under the workspace's lock); the last active owner cannot be demoted or suspended.
 */
export async function updateMember(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  targetId: number,
  body: MemberUpdateBody,
): Promise<WorkspaceMember> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_members");
  if (targetId === userId && body.status === "suspended") throw ownMembership("suspend");
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw new AppError(404, "not_found", "Workspace not found.");
  const { limits } = await planLimits(db, Number(workspace.billing_user_id));
  let ended = false;
  await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const target = await findMember(trx, workspaceId, targetId);
    if (!target) throw memberNotFound();
    const role = body.role ?? target.role;
    const status = body.status ?? target.status;
    const losesOwner =
      target.role === "owner" && target.status === "active" && (role !== "owner" || status !== "active");
    if (losesOwner && (await countActiveOwners(trx, workspaceId)) <= 1) throw lastOwner();
    if (role !== target.role) {
      const used = await countSeats(trx, workspaceId);
      const fromStaff = isStaffRole(target.role);
      const toStaff = isStaffRole(role);
      if (toStaff && !fromStaff && used.staff >= limits.staff_seats) {
        throw new AppError(
          403,
          "workspace_seats_full",
          "No free staff seat on this workspace's plan. See /app/subscriptions.",
        );
      }
      if (!toStaff && fromStaff && used.roster >= limits.roster_size) {
        throw new AppError(
          403,
          "workspace_seats_full",
          "No free player or viewer seat on this workspace's plan. See /app/subscriptions.",
        );
      }
    }
    await updateMemberRow(trx, workspaceId, targetId, { role, status });
    ended = status === "suspended" && target.status !== "suspended";
  });
  if (ended) await membershipEnded(workspaceId, targetId);
  const members = await listMembers(db, userId, workspaceId);
  const updated = members.find((member) => member.user_id === targetId);
  if (!updated) throw memberNotFound();
  return updated;
}

/**
 * Hands the workspace (and its bill) to another member, who becomes an owner; the caller stays
 * an owner too (two owners are allowed) and can step down afterwards. The new billing owner's
 * plan must allow one more workspace and this workspace's staff.
 */
export async function transferOwnership(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  targetId: number,
): Promise<Workspace> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  const target = await findMember(db, workspaceId, targetId);
  if (target?.status !== "active") throw memberNotFound();
  const { limits } = await planLimits(db, targetId);
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, targetId);
    await lockWorkspace(trx, workspaceId);
    const problem = await coverageProblem(
      trx,
      targetId,
      workspaceId,
      limits,
      isStaffRole(target.role) ? 0 : 1,
    );
    if (problem?.code === "workspace_limit") {
      throw new AppError(
        403,
        "workspace_limit",
        "The new owner's plan does not allow another workspace. See /app/subscriptions.",
      );
    }
    if (problem?.code === "workspace_seats_full") {
      throw new AppError(
        403,
        "workspace_seats_full",
        "The new owner's plan has too few staff or player seats. See /app/subscriptions.",
      );
    }
    await updateMemberRow(trx, workspaceId, targetId, { role: "owner" });
    await updateWorkspaceRow(trx, workspaceId, { billing_user_id: targetId, billing_offer_user_id: null });
  });
  return getWorkspace(db, userId, workspaceId);
}
