import { randomUUID } from "node:crypto";
import {
  can,
  effectiveCapabilities,
  isStaffRole,
  type ReadOnlyReason,
  type TierFeatures,
  type UserRef,
  type Workspace,
  type WorkspaceBilling,
  type WorkspaceCapability,
  type WorkspaceCreateBody,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspaceSeats,
  type WorkspaceUpdateBody,
} from "@draftroom/contracts";
import { type Side, teamKey } from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toIso, toIsoOrNull } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { visibleTeams } from "../leagues/service.ts";
import { hasFeature } from "../subscriptions/service.ts";
import { accessCacheOf, type CachedMember } from "./access-cache.ts";
import { planLimits } from "./plan-coverage.ts";
import {
  billedWorkspaceIds,
  countSeats,
  findMember,
  findWorkspace,
  insertMember,
  insertWorkspace,
  listMemberRows,
  listMemberships,
  lockUser,
  lockWorkspace,
  peopleRows,
  touchMember,
  updateWorkspaceRow,
  type WorkspaceRow,
} from "./repository.ts";

/**
 * Team workspaces: who belongs to which workspace, with which role, and what the plan of the
 * workspace's billing owner allows. Every module that stores workspace items asks
 * `requireWorkspaceRole` before reading or writing one (decision record 019).
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface AccessDecision {
  workspaceId: string;
  role: WorkspaceRole;
  suspended: boolean;
  /** True when the billing owner's plan no longer covers the workspace (writes are refused). */
  readOnly: boolean;
  /** What the member may do now: see `decideAccess`. */
  capabilities: readonly WorkspaceCapability[];
  may(capability: WorkspaceCapability): boolean;
}

/** What `requireWorkspaceRole` answers: the access decision that let the caller through. */
export type WorkspaceAccess = AccessDecision;

const notFound = () => new AppError(404, "not_found", "Workspace not found.");

/** Last-seen writes are throttled to one per member per minute and process. */
const LAST_SEEN_EVERY_MS = 60_000;
const lastSeenWritten = new Map<string, number>();

/** True when the member's last-seen write is due (none by this process within the last minute). */
function seenDue(workspaceId: string, userId: number, now: number): boolean {
  const last = lastSeenWritten.get(`${workspaceId}:${userId}`);
  return last === undefined || now - last >= LAST_SEEN_EVERY_MS;
}

async function noteSeen(db: Db, workspaceId: string, userId: number): Promise<void> {
  const key = `${workspaceId}:${userId}`;
  const now = Date.now();
  if (!seenDue(workspaceId, userId, now)) return;
  if (lastSeenWritten.size > 50_000) lastSeenWritten.clear();
  lastSeenWritten.set(key, now);
  await touchMember(db, workspaceId, userId, new Date(now).toISOString());
}

interface PlanState {
  seats: WorkspaceSeats;
  readOnly: boolean;
  /** When the billing owner's subscription ends by the clock (epoch ms), or null. */
  expiresAt: number | null;
  /** The first reason the plan does not cover the workspace, null while it does. */
  reason: ReadOnlyReason | null;
  /** The billing owner's plan features: what members get inside the workspace. */
  features: TierFeatures;
}

/**
 * Seats in use against the plan's, and whether the workspace is read-only: past its staff or
 * roster seats, or beyond the number of workspaces the billing owner's plan allows (the oldest
 * ones stay writable). A downgrade therefore never deletes anything.
 */
async function planState(db: Kysely<Database>, workspace: WorkspaceRow): Promise<PlanState> {
  const billingUserId = Number(workspace.billing_user_id);
  const [{ limits, expiresAt, features }, used, billed] = await Promise.all([
    planLimits(db, billingUserId),
    countSeats(db, workspace.id),
    billedWorkspaceIds(db, billingUserId),
  ]);
  const rank = billed.indexOf(workspace.id);
  const reason: ReadOnlyReason | null =
    rank < 0 || rank >= limits.max_workspaces
      ? "workspace_limit"
      : used.staff > limits.staff_seats
        ? "staff_seats"
        : used.roster > limits.roster_size
          ? "roster_seats"
          : null;
  return {
    seats: {
      staff_used: used.staff,
      staff_limit: limits.staff_seats,
      roster_used: used.roster,
      roster_limit: limits.roster_size,
    },
    readOnly: reason !== null,
    reason,
    expiresAt,
    features,
  };
}

/** The member's role and status (null: not a member), from the access cache when it has it. */
async function memberOf(db: Db, workspaceId: string, userId: number): Promise<CachedMember | null> {
  const cache = accessCacheOf<PlanState>(db);
  const cached = cache?.member(workspaceId, userId);
  if (cached !== undefined) return cached;
  const mark = cache?.mark() ?? 0;
  const row = await findMember(db, workspaceId, userId);
  const member = row ? { role: row.role, status: row.status } : null;
  cache?.storeMember(workspaceId, userId, member, mark);
  return member;
}

/** The workspace's plan state (undefined: no such workspace), from the access cache when it has it. */
async function planStateOf(db: Kysely<Database>, workspaceId: string): Promise<PlanState | undefined> {
  const cache = accessCacheOf<PlanState>(db);
  const cached = cache?.plan(workspaceId);
  if (cached !== undefined) return cached;
  const mark = cache?.mark() ?? 0;
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) return undefined;
  const state = await planState(db, workspace);
  cache?.storePlan(workspaceId, state, state.expiresAt, mark);
  return state;
}

/**
 * The one access decision (decision record 044): what this user may do in this workspace now.
 * `capabilities` is the role's list less every write while the workspace is read-only, and empty
 * while the membership is suspended; `may` asks it. Undefined: not a member (or no such
 * workspace), which every caller answers as "not found". Costs no query when cached.
 *
 * @example
 * const access = await decideAccess(db, user.id, workspaceId);
 * access?.may("edit_drafts"); // coach of a writable workspace -> true; of a read-only one -> false
 */
export async function decideAccess(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<AccessDecision | undefined> {
  const cached = cachedDecision(db, userId, workspaceId);
  if (cached) return cached.decision;
  const member = await memberOf(db, workspaceId, userId);
  if (!member) return undefined;
  const plan = await planStateOf(db, workspaceId);
  if (!plan) return undefined;
  return decision(workspaceId, member, plan.readOnly);
}

/** The effective capabilities of each (role, read-only, suspended), computed once per process. */
const capabilitiesMemo = new Map<string, readonly WorkspaceCapability[]>();

function capabilitiesOf(role: WorkspaceRole, readOnly: boolean, suspended: boolean) {
  const key = `${role}:${readOnly}:${suspended}`;
  let capabilities = capabilitiesMemo.get(key);
  if (!capabilities) {
    capabilities = Object.freeze(effectiveCapabilities(role, { readOnly, suspended }));
    capabilitiesMemo.set(key, capabilities);
  }
  return capabilities;
}

function decision(workspaceId: string, member: CachedMember, readOnly: boolean): AccessDecision {
  const suspended = member.status === "suspended";
  const capabilities = capabilitiesOf(member.role, readOnly, suspended);
  return {
    workspaceId,
    role: member.role,
    suspended,
    readOnly,
    capabilities,
    may: (capability) => capabilities.includes(capability),
  };
}

/**
 * The decision from this process's access cache alone, in one synchronous step (one change-feed
 * check for the member and the plan); undefined when the cache cannot answer (a miss, or the
 * change feed is not listening), `{ decision: undefined }` for a cached non-member.
 */
function cachedDecision(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): { decision: AccessDecision | undefined } | undefined {
  const cache = accessCacheOf<PlanState>(db);
  if (!cache) return undefined;
  const member = cache.member(workspaceId, userId);
  if (member === undefined) return undefined;
  if (member === null) return { decision: undefined };
  const plan = cache.plan(workspaceId);
  if (plan === undefined) return undefined;
  return { decision: decision(workspaceId, member, plan.readOnly) };
}

/** What `requireWorkspaceRole` answers for a decision: the access, or its refusal (thrown). */
function judge(decision: AccessDecision | undefined, capability: WorkspaceCapability): WorkspaceAccess {
  if (!decision) throw notFound();
  if (decision.suspended) {
    throw new AppError(403, "member_suspended", "Your membership of this workspace is suspended.");
  }
  if (!can(decision.role, capability)) {
    throw new AppError(403, "forbidden", `The ${decision.role} role cannot do this in the workspace.`);
  }
  if (!decision.may(capability)) throw readOnlyError();
  return decision;
}

/**
 * The permission check every module calls before touching a workspace item, built on the access
 * decision. A workspace the user is not a member of answers 404 (its existence is not revealed);
 * a suspended member gets 403 `member_suspended`; a role without the capability 403 `forbidden`;
 * a write while the workspace is past its plan 403 `workspace_read_only`. Notes the member's
 * "last seen".
 *
 * @example
 * const access = await requireWorkspaceRole(app.db, user.id, workspaceId, "edit_drafts");
 * // coach -> { workspaceId, role: "coach", readOnly: false }; viewer -> AppError 403 forbidden
 */
export async function requireWorkspaceRole(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  capability: WorkspaceCapability,
): Promise<WorkspaceAccess> {
  const access = judge(await decideAccess(db, userId, workspaceId), capability);
  await noteSeen(db, workspaceId, userId);
  return access;
}

/**
 * `requireWorkspaceRole` answered at once from this process's access cache, for the hot request
 * path: the same access or the same refusal (thrown), or undefined when the database must be
 * asked (a cache miss, or the member's last-seen write is due), then call `requireWorkspaceRole`.
 *
 * @example
 * const access = requireWorkspaceRoleCached(db, user.id, workspaceId, "read")
 *   ?? (await requireWorkspaceRole(db, user.id, workspaceId, "read"));
 */
export function requireWorkspaceRoleCached(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  capability: WorkspaceCapability,
): WorkspaceAccess | undefined {
  const cached = cachedDecision(db, userId, workspaceId);
  if (!cached) return undefined;
  const access = judge(cached.decision, capability);
  return seenDue(workspaceId, userId, Date.now()) ? undefined : access;
}

/**
 * What the workspace's plan gives the user inside it: the billing owner's plan features, for an
 * active member of a workspace its plan covers; undefined otherwise (not a member, suspended, or
 * read-only). "A team pays once" (decision record 053): a member's personal plan is not asked
 * for what the team's plan already includes.
 *
 * @example
 * (await workspacePlanFeatures(db, analyst.id, proWorkspaceId))?.advanced_analytics; // true
 */
export async function workspacePlanFeatures(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<TierFeatures | undefined> {
  const decision = await decideAccess(db, userId, workspaceId);
  if (!decision || decision.suspended || decision.readOnly) return undefined;
  return (await planStateOf(db, workspaceId))?.features;
}

/**
 * Whether a plan includes `feature` for the user: their own, or, asked inside a workspace, that
 * workspace's (a team pays once, decision record 053). Scouting's full report and the draft
 * analytics ask this.
 *
 * @example
 * await planIncludes(db, analyst.id, "advanced_analytics", proWorkspaceId); // true on Community
 */
export async function planIncludes(
  db: Kysely<Database>,
  userId: number,
  feature: Parameters<typeof hasFeature>[2],
  workspaceId?: string,
): Promise<boolean> {
  const [own, team] = await Promise.all([
    hasFeature(db, userId, feature),
    workspaceId ? workspacePlanFeatures(db, userId, workspaceId) : undefined,
  ]);
  return own || team?.[feature] === true;
}

/** The answer to a write in a workspace past its plan, the same on every path (REST and sockets). */
export function readOnlyError(): AppError {
  return new AppError(
    403,
    "workspace_read_only",
    "This workspace is read-only: its plan no longer covers it. Nothing was deleted.",
  );
}

/**
 * Whether a workspace is past its plan now (false for an unknown one); no member check, for paths
 * whose actor may hold no account there (a room's opponent captain link).
 */
export async function isWorkspaceReadOnly(db: Kysely<Database>, workspaceId: string): Promise<boolean> {
  // Asked on every room command of a workspace room: the cached plan state answers.
  return (await planStateOf(db, workspaceId))?.readOnly ?? false;
}

/** The caller's active role in a workspace, or undefined (not a member or suspended). No error. */
export async function activeRole(
  db: Db,
  userId: number,
  workspaceId: string,
): Promise<WorkspaceRole | undefined> {
  const member = await memberOf(db, workspaceId, userId);
  return member && member.status === "active" ? member.role : undefined;
}

/** The league team a workspace is linked to (its own team), or null; no member check. */
export async function linkedTeamId(db: Db, workspaceId: string): Promise<number | null> {
  const row = await findWorkspace(db, workspaceId);
  return row?.team_id === null || row?.team_id === undefined ? null : Number(row.team_id);
}

/**
 * The side a workspace's linked league team plays in a draft between `teams`, or null: no linked
 * team, or it plays neither side (or both). No member check.
 *
 * @example
 * await linkedTeamSide(db, workspaceId, { BLUE: 12, RED: 40 }); // "RED" when the workspace is linked to team 40
 */
export async function linkedTeamSide(
  db: Db,
  workspaceId: string,
  teams: Record<Side, number | null>,
): Promise<Side | null> {
  const teamId = await linkedTeamId(db, workspaceId);
  if (teamId === null) return null;
  const blue = teams.BLUE === teamId;
  const red = teams.RED === teamId;
  if (blue === red) return null;
  return blue ? "BLUE" : "RED";
}

/**
 * The side the workspace's own team plays in a draft (decision records 046, 053): the side of its
 * linked league team, else the one team named as the workspace (its name or tag, case, accents
 * and punctuation aside), so a team outside any league is "us" without a hidden link. Null when
 * neither says, or both sides would be ours. No member check.
 *
 * @example
 * await ownTeamSide(db, id, { BLUE: { id: 3, name: "Los Heretics" }, RED: { id: 9, name: "KOI Fénix" } });
 * // "BLUE" for the workspace "Los Heretics" (tag "LH") linked to nothing
 */
export async function ownTeamSide(
  db: Db,
  workspaceId: string,
  teams: Record<Side, { id: number | null; name: string }>,
): Promise<Side | null> {
  const linked = await linkedTeamSide(db, workspaceId, { BLUE: teams.BLUE.id, RED: teams.RED.id });
  if (linked) return linked;
  const row = await findWorkspace(db, workspaceId);
  if (!row) return null;
  const ours = new Set([teamKey(row.name), teamKey(row.tag)].filter((key) => key !== ""));
  const blue = ours.has(teamKey(teams.BLUE.name));
  const red = ours.has(teamKey(teams.RED.name));
  if (blue === red) return null;
  return blue ? "BLUE" : "RED";
}

/** Ids of the workspaces where the user is an active member (for "everything I can see" lists). */

export async function activeWorkspaceIds(db: Db, userId: number): Promise<string[]> {
  const rows = await listMemberships(db, userId);
  return rows.filter((row) => row.status === "active").map((row) => row.id);
}

async function teamName(db: Db, billingUserId: number, teamId: number | null): Promise<string | null> {
  if (teamId === null) return null;
  const [team] = await visibleTeams(db, billingUserId, [teamId]);
  return team?.name ?? null;
}

/**
 * Who pays, and the owner the bill is offered to. An offer to someone who is no longer an active
 * owner is not shown (accepting it checks the same and refuses).
 */
async function billingOf(db: Kysely<Database>, row: WorkspaceRow): Promise<WorkspaceBilling> {
  const ownerId = Number(row.billing_user_id);
  const offerId = row.billing_offer_user_id === null ? null : Number(row.billing_offer_user_id);
  const [people, offered] = await Promise.all([
    peopleOf(db, row.id, [ownerId, offerId]),
    offerId === null ? undefined : findMember(db, row.id, offerId),
  ]);
  const offerStands = offered?.role === "owner" && offered.status === "active";
  const ref = (id: number) => {
    const person = people.get(id);
    return { user_id: id, username: person?.username ?? "", name: person?.name ?? null };
  };
  return {
    owner: ref(ownerId),
    offer: offerId !== null && offerStands ? ref(offerId) : null,
  };
}

async function present(db: Kysely<Database>, row: WorkspaceRow, role: WorkspaceRole): Promise<Workspace> {
  const teamId = row.team_id === null ? null : Number(row.team_id);
  const [state, team, billing] = await Promise.all([
    planStateOf(db, row.id).then((state) => state ?? planState(db, row)),
    teamName(db, Number(row.billing_user_id), teamId),
    billingOf(db, row),
  ]);
  // What the caller may do now, read-only included: the web shows exactly this list.
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    colour: row.colour,
    team_id: teamId,
    team_name: team,
    role,
    capabilities: effectiveCapabilities(role, { readOnly: state.readOnly, suspended: false }),
    read_only: state.readOnly,
    read_only_reason: state.reason,
    seats: state.seats,
    plan_features: state.readOnly ? null : state.features,
    billing,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

async function checkTeam(db: Db, userId: number, teamId: number | null | undefined): Promise<void> {
  if (teamId === null || teamId === undefined) return;
  const teams = await visibleTeams(db, userId, [teamId]);
  if (teams.length === 0) {
    throw new AppError(400, "validation_error", "Invalid input.", { team_id: "Team not found" });
  }
}

/**
 * Creates a workspace billed to the caller, who becomes its first owner. The plan check and the
 * inserts run in one transaction under a lock of the caller's row: two simultaneous creates
 * cannot both pass the plan's workspace limit.
 */
export async function createWorkspace(
  db: Kysely<Database>,
  userId: number,
  body: WorkspaceCreateBody,
): Promise<Workspace> {
  await checkTeam(db, userId, body.team_id);
  const { limits } = await planLimits(db, userId);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const billed = await billedWorkspaceIds(trx, userId);
    if (billed.length >= limits.max_workspaces) {
      throw new AppError(
        403,
        "workspace_limit",
        limits.max_workspaces === 0
          ? "Workspaces come with the Plus and Pro plans. See /app/subscriptions."
          : `Your plan allows ${limits.max_workspaces} workspace(s). See /app/subscriptions for more.`,
      );
    }
    await insertWorkspace(trx, {
      id,
      name: body.name,
      tag: body.tag,
      colour: body.colour,
      team_id: body.team_id,
      billing_user_id: userId,
    });
    await insertMember(trx, { workspace_id: id, user_id: userId, role: "owner" });
  });
  return getWorkspace(db, userId, id);
}

/** Every workspace the user is an active member of, oldest first. */
export async function listWorkspaces(db: Kysely<Database>, userId: number): Promise<Workspace[]> {
  const rows = await listMemberships(db, userId);
  return Promise.all(rows.filter((row) => row.status === "active").map((row) => present(db, row, row.role)));
}

export async function getWorkspace(db: Kysely<Database>, userId: number, id: string): Promise<Workspace> {
  const access = await requireWorkspaceRole(db, userId, id, "read");
  const row = await findWorkspace(db, id);
  if (!row) throw notFound();
  return present(db, row, access.role);
}

/** A workspace as the activity feed names it: its current name (undefined: no such workspace). */
export async function workspaceRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ workspace_id: string; title: string } | undefined> {
  const row = await findWorkspace(db, id);
  return row ? { workspace_id: row.id, title: row.name } : undefined;
}

export async function updateWorkspace(
  db: Kysely<Database>,
  userId: number,
  id: string,
  body: WorkspaceUpdateBody,
): Promise<Workspace> {
  await requireWorkspaceRole(db, userId, id, "manage_workspace");
  await checkTeam(db, userId, body.team_id);
  await updateWorkspaceRow(db, id, body);
  return getWorkspace(db, userId, id);
}

/**
 * The name a workspace shows beside a person's username (issue 31: people are shown by name with
 * their username): the roster's name for them when linked, else the account's first and last name.
 */
function personName(row: {
  roster_name: string | null;
  first_name: string | null;
  last_name: string | null;
}) {
  return row.roster_name?.trim() || `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || null;
}

/**
 * Accounts by id as a workspace's pages name them (`{id, username, name}`): the feed's actors,
 * comment authors, a scrim's result enterers. Gone accounts are missing (the caller shows "a former
 * member"). No access check: the caller has already allowed the read of what names them.
 */
export async function peopleOf(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly (number | null)[],
): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null).map(Number))];
  const rows = await peopleRows(db, workspaceId, wanted);
  return new Map(rows.map((row) => [row.id, { id: row.id, username: row.username, name: personName(row) }]));
}

export async function listMembers(
  db: Kysely<Database>,
  userId: number,
  id: string,
): Promise<WorkspaceMember[]> {
  await requireWorkspaceRole(db, userId, id, "read");
  const rows = await listMemberRows(db, id);
  return rows.map((row) => ({
    user_id: row.user_id,
    username: row.username,
    name: personName(row),
    role: row.role,
    status: row.status,
    joined_at: toIso(row.joined_at),
    last_seen_at: toIsoOrNull(row.last_seen_at),
  }));
}

/**
 * Adds a member only while the workspace has a free seat of that kind, atomically: the seat
 * count and the insert run in one transaction under the workspace's row lock, so concurrent joins
 * cannot overfill it. `within` runs first in the same transaction (an invite's use is counted
 * there, so a refused join does not spend it). A full workspace answers 403
 * `workspace_seats_full` pointing at the plans.
 */
export async function addMemberWithinSeats(
  db: Kysely<Database>,
  workspaceId: string,
  userId: number,
  role: WorkspaceRole,
  within?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const current = await findWorkspace(db, workspaceId);
  if (!current) throw notFound();
  // Read before the transaction: SQLite has one connection, held by the transaction.
  const { limits } = await planLimits(db, Number(current.billing_user_id));
  await db.transaction().execute(async (trx) => {
    const workspace = await lockWorkspace(trx, workspaceId);
    if (!workspace) throw notFound();
    const existing = await findMember(trx, workspaceId, userId);
    if (existing) throw new AppError(409, "already_member", "Already a member of this workspace.");
    await within?.(trx);
    const used = await countSeats(trx, workspaceId);
    const staff = isStaffRole(role);
    if (staff ? used.staff >= limits.staff_seats : used.roster >= limits.roster_size) {
      throw new AppError(
        403,
        "workspace_seats_full",
        `This workspace has no free ${staff ? "staff" : "player or viewer"} seat on its plan. See /app/subscriptions.`,
      );
    }
    await insertMember(trx, { workspace_id: workspaceId, user_id: userId, role });
  });
}
