import type { MemberStatus, WorkspaceRole } from "@draftroom/contracts";
import { STAFF_ROLES } from "@draftroom/contracts";
import type { Kysely, Selectable, Transaction } from "kysely";
import { accessChanged } from "../../db/access-changes.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf, nowIso, toCount } from "../../db/values.ts";
import { saveChoice } from "./choice-repository.ts";
import type { WorkspaceInvitesTable, WorkspaceMembersTable, WorkspacesTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type MemberRow = Selectable<WorkspaceMembersTable>;
export type InviteRow = Selectable<WorkspaceInvitesTable>;
export type MemberWithName = MemberRow & {
  username: string;
  first_name: string;
  last_name: string;
  roster_name: string | null;
};

export async function insertWorkspace(
  db: Db,
  values: Omit<WorkspaceRow, "created_at" | "updated_at" | "billing_offer_user_id">,
) {
  const now = nowIso();
  await db
    .insertInto("workspaces")
    .values({ ...values, created_at: now, updated_at: now })
    .execute();
  // The rank of every workspace billed to that user may move: anything may have changed.
  accessChanged(null);
}

export async function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateWorkspaceRow(
  db: Db,
  id: string,
  changes: Partial<
    Pick<WorkspaceRow, "name" | "tag" | "colour" | "team_id" | "billing_user_id" | "billing_offer_user_id">
  >,
): Promise<void> {
  await db
    .updateTable("workspaces")
    .set({ ...changes, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
  if (changes.billing_user_id !== undefined) accessChanged(null);
}

export async function deleteWorkspaceRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("workspaces").where("id", "=", id).execute();
  accessChanged(null);
}

/**
 * Locks the workspace row until commit on PostgreSQL, so seat checks and member writes of one
 * workspace run one after another (SQLite's single connection serialises transactions already).
 */
export async function lockWorkspace(
  trx: Transaction<Database>,
  id: string,
): Promise<WorkspaceRow | undefined> {
  let query = trx.selectFrom("workspaces").selectAll().where("id", "=", id);
  if (dialectOf(trx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Locks the billing user's row (PostgreSQL) so two creates by one account cannot both pass the limit. */
export async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  if (dialectOf(trx) === "postgres") {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
  }
}

/** The user's workspaces (any status) with their membership, oldest first. */
export async function listMemberships(
  db: Db,
  userId: number,
): Promise<(WorkspaceRow & { role: WorkspaceRole; status: MemberStatus })[]> {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .selectAll("w")
    .select(["m.role", "m.status"])
    .where("m.user_id", "=", userId)
    .orderBy("w.created_at")
    .orderBy("w.id")
    .execute();
}

export async function findMember(
  db: Db,
  workspaceId: string,
  userId: number,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom("workspace_members")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function listMemberRows(db: Db, workspaceId: string): Promise<MemberWithName[]> {
  const rows = await db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    // The roster's name for the member when the coach linked them (what the team calls them).
    .leftJoin("workspace_players as p", (join) =>
      join.onRef("p.workspace_id", "=", "m.workspace_id").onRef("p.user_id", "=", "m.user_id"),
    )
    .selectAll("m")
    .select(["u.username", "u.first_name", "u.last_name", "p.name as roster_name"])
    .where("m.workspace_id", "=", workspaceId)
    .orderBy("m.joined_at")
    .orderBy("m.id")
    .orderBy("p.id")
    .execute();
  // Nothing stops a coach linking one account to two roster players: keep the member once.
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(Number(row.id)) && seen.add(Number(row.id)))
    .map((row) => ({ ...row, user_id: Number(row.user_id), id: Number(row.id) }));
}

/**
 * Accounts by id with the names a workspace knows them by: the roster player's name where the
 * coach linked the account to one (the first such player), and the account's own first and last
 * name. Accounts that are gone are missing from the answer.
 */
export async function peopleRows(
  db: Db,
  workspaceId: string,
  ids: readonly number[],
): Promise<
  { id: number; username: string; first_name: string; last_name: string; roster_name: string | null }[]
> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .leftJoin("workspace_players as p", (join) =>
      join.onRef("p.user_id", "=", "u.id").on("p.workspace_id", "=", workspaceId),
    )
    .select(["u.id", "u.username", "u.first_name", "u.last_name", "p.name as roster_name"])
    .where("u.id", "in", ids)
    .orderBy("p.id")
    .execute();
  const seen = new Set<number>();
  return rows
    .map((row) => ({ ...row, id: Number(row.id) }))
    .filter((row) => !seen.has(row.id) && seen.add(row.id));
}

export async function insertMember(
  db: Db,
  values: { workspace_id: string; user_id: number; role: WorkspaceRole },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("workspace_members")
    .values({ ...values, status: "active", joined_at: now, last_seen_at: now })
    .execute();
  // Whoever joins or creates a workspace lands in it next (decision record 054).
  await saveChoice(db, values.user_id, values.workspace_id, now);
  accessChanged(values.workspace_id);
}

export async function updateMemberRow(
  db: Db,
  workspaceId: string,
  userId: number,
  changes: { role?: WorkspaceRole; status?: MemberStatus },
): Promise<boolean> {
  const result = await db
    .updateTable("workspace_members")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  accessChanged(workspaceId);
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMemberRow(db: Db, workspaceId: string, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("workspace_members")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  accessChanged(workspaceId);
  return Number(result.numDeletedRows) > 0;
}

export async function touchMember(db: Db, workspaceId: string, userId: number, at: string): Promise<void> {
  await db
    .updateTable("workspace_members")
    .set({ last_seen_at: at })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

/** Members per kind of seat: staff (owner, coach, analyst) and roster (player, viewer). */
export async function countSeats(db: Db, workspaceId: string): Promise<{ staff: number; roster: number }> {
  const rows = await db
    .selectFrom("workspace_members")
    .select(["role", (eb) => eb.fn.countAll().as("count")])
    .where("workspace_id", "=", workspaceId)
    .groupBy("role")
    .execute();
  let staff = 0;
  let roster = 0;
  for (const row of rows) {
    const count = toCount(row.count);
    if ((STAFF_ROLES as readonly string[]).includes(row.role)) staff += count;
    else roster += count;
  }
  return { staff, roster };
}

export async function countActiveOwners(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("workspace_members")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("workspace_id", "=", workspaceId)
    .where("role", "=", "owner")
    .where("status", "=", "active")
    .executeTakeFirst();
  return toCount(row?.count);
}

/** Ids of the workspaces a user pays for, oldest first. */
export async function billedWorkspaceIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("workspaces")
    .select("id")
    .where("billing_user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function findUserIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export type InviteWithNames = InviteRow & {
  invitee_username: string | null;
  created_by_username: string | null;
};

export async function insertInvite(db: Db, values: Omit<InviteRow, "uses" | "revoked_at" | "created_at">) {
  await db
    .insertInto("workspace_invites")
    .values({ ...values, uses: 0, revoked_at: null, created_at: nowIso() })
    .execute();
}

function inviteSelect(db: Db) {
  return db
    .selectFrom("workspace_invites as i")
    .leftJoin("users as invitee", "invitee.id", "i.invitee_user_id")
    .leftJoin("users as creator", "creator.id", "i.created_by")
    .selectAll("i")
    .select(["invitee.username as invitee_username", "creator.username as created_by_username"]);
}

export async function findInvite(db: Db, id: string): Promise<InviteWithNames | undefined> {
  return inviteSelect(db).where("i.id", "=", id).executeTakeFirst();
}

/** Invites of a workspace, newest first (the service decides which are still pending). */
export async function listInviteRows(db: Db, workspaceId: string): Promise<InviteWithNames[]> {
  return inviteSelect(db)
    .where("i.workspace_id", "=", workspaceId)
    .orderBy("i.created_at", "desc")
    .limit(200)
    .execute();
}

/** Invites addressed to one account that are neither revoked nor spent. */
export async function listInvitesFor(
  db: Db,
  userId: number,
): Promise<(InviteWithNames & { workspace: WorkspaceRow })[]> {
  const rows = await inviteSelect(db)
    .where("i.invitee_user_id", "=", userId)
    .where("i.revoked_at", "is", null)
    .where("i.uses", "=", 0)
    .orderBy("i.created_at", "desc")
    .execute();
  const result: (InviteWithNames & { workspace: WorkspaceRow })[] = [];
  for (const row of rows) {
    const workspace = await findWorkspace(db, row.workspace_id);
    if (workspace) result.push({ ...row, workspace });
  }
  return result;
}

export async function countInvitesSince(db: Db, workspaceId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom("workspace_invites")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return toCount(row?.count);
}

export async function revokeInviteRow(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("workspace_invites")
    .set({ revoked_at: nowIso() })
    .where("id", "=", id)
    .where("workspace_id", "=", workspaceId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Spends one use of an invite if it is still usable at `now`: one conditional UPDATE, so of
 * concurrent accepts of a single-use invite exactly one gets the row.
 */
export async function spendInvite(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("workspace_invites")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
