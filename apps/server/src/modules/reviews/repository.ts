import { randomUUID } from "node:crypto";
import { PAGE_SIZE, type Review } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toBool, toCount, toIso, toJson } from "../../db/values.ts";

export interface ReviewValues {
  league_id: number;
  team_id: number;
  season: string;
  title: string;
  description: string;
  review_text: string;
  status: Review["status"];
  players: Review["players"];
}

export interface ReviewFilters {
  league?: number | undefined;
  team?: number | undefined;
  season?: string | undefined;
  status?: Review["status"] | undefined;
  /** That workspace's reviews (access checked by the caller); otherwise the personal ones. */
  workspace?: string | undefined;
}

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom("roster_reviews as r")
    .innerJoin("leagues as l", "l.id", "r.league_id")
    .innerJoin("teams as t", "t.id", "r.team_id")
    .innerJoin("users as u", "u.id", "r.user_id");
}

function selectReview(query: ReturnType<typeof baseQuery>) {
  return query.select([
    "r.public_id",
    "r.user_id",
    "r.season",
    "r.title",
    "r.description",
    "r.review_text",
    "r.status",
    "r.players",
    "r.created_at",
    "r.updated_at",
    "r.workspace_id",
    "l.id as league_id",
    "l.name as league_name",
    "t.id as team_id",
    "t.name as team_name",
    "u.username as author_username",
  ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReview>["executeTakeFirstOrThrow"]>>;

/** A review as stored; `can_edit` is decided by the service (it depends on the caller's role). */
export type StoredReview = Omit<Review, "can_edit">;

function toReview(row: ReviewRow, viewerId: number): StoredReview {
  return {
    id: row.public_id,
    league: { id: row.league_id, name: row.league_name },
    team: { id: row.team_id, name: row.team_name },
    season: row.season,
    title: row.title,
    description: row.description,
    review_text: row.review_text,
    status: row.status as Review["status"],
    players: fromJson<Review["players"]>(row.players),
    author: { id: row.user_id, username: row.author_username, name: null },
    is_owner: row.user_id === viewerId,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    workspace_id: row.workspace_id,
  };
}

function filtered(db: Kysely<Database>, filters: ReviewFilters) {
  let query = baseQuery(db);
  if (filters.league !== undefined) query = query.where("r.league_id", "=", filters.league);
  if (filters.team !== undefined) query = query.where("r.team_id", "=", filters.team);
  if (filters.season) query = query.where("r.season", "=", filters.season);
  if (filters.status) query = query.where("r.status", "=", filters.status);
  return filters.workspace === undefined
    ? query.where("r.workspace_id", "is", null)
    : query.where("r.workspace_id", "=", filters.workspace);
}

export async function listReviews(
  db: Kysely<Database>,
  viewerId: number,
  filters: ReviewFilters,
  page: number,
): Promise<{ count: number; results: StoredReview[] }> {
  const countRow = await filtered(db, filters)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirst();
  const rows = await selectReview(filtered(db, filters))
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { count: toCount(countRow?.count), results: rows.map((row) => toReview(row, viewerId)) };
}

/** Reviews are found, changed and deleted by their public id (decision record 041). */
export async function findReview(
  db: Kysely<Database>,
  id: string,
  viewerId: number,
): Promise<StoredReview | undefined> {
  const row = await selectReview(baseQuery(db)).where("r.public_id", "=", id).executeTakeFirst();
  return row ? toReview(row, viewerId) : undefined;
}

export async function insertReview(
  db: Kysely<Database>,
  userId: number,
  values: ReviewValues,
  workspaceId: string | null = null,
): Promise<string> {
  const now = nowIso();
  const publicId = randomUUID();
  await db
    .insertInto("roster_reviews")
    .values({
      ...values,
      public_id: publicId,
      user_id: userId,
      workspace_id: workspaceId,
      players: toJson(values.players),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return publicId;
}

/** Who wrote a review, its workspace and title (undefined: no such review). */
export async function findReviewOwnership(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null; title: string } | undefined> {
  const row = await db
    .selectFrom("roster_reviews")
    .select(["user_id", "workspace_id", "title"])
    .where("public_id", "=", id)
    .executeTakeFirst();
  return row ? { user_id: Number(row.user_id), workspace_id: row.workspace_id, title: row.title } : undefined;
}

export async function setReviewWorkspace(
  db: Kysely<Database>,
  id: string,
  workspaceId: string | null,
): Promise<void> {
  await db
    .updateTable("roster_reviews")
    .set({ workspace_id: workspaceId, updated_at: nowIso() })
    .where("public_id", "=", id)
    .execute();
}

/** Every review of a workspace, newest first (access checked by the caller). */
export async function listWorkspaceReviews(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<StoredReview[]> {
  const rows = await selectReview(baseQuery(db))
    .where("r.workspace_id", "=", workspaceId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((row) => toReview(row, 0));
}

export async function updateReview(db: Kysely<Database>, id: string, values: ReviewValues): Promise<void> {
  await db
    .updateTable("roster_reviews")
    .set({ ...values, players: toJson(values.players), updated_at: nowIso() })
    .where("public_id", "=", id)
    .execute();
}

export async function deleteReview(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("roster_reviews").where("public_id", "=", id).execute();
}

/** Deletes every review of a workspace (the workspace is being deleted). */
export async function deleteWorkspaceReviewRows(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom("roster_reviews").where("workspace_id", "=", workspaceId).execute();
}

/** A seeded (non-custom) league and team of that league, or the field that is not. */
export async function checkLeagueAndTeam(
  db: Kysely<Database>,
  leagueId: number,
  teamId: number,
): Promise<"league_id" | "team_id" | null> {
  const league = await db
    .selectFrom("leagues")
    .select("is_custom")
    .where("id", "=", leagueId)
    .executeTakeFirst();
  if (!league || toBool(league.is_custom)) return "league_id";
  const team = await db
    .selectFrom("teams")
    .select(["league_id", "is_custom"])
    .where("id", "=", teamId)
    .executeTakeFirst();
  if (!team || team.league_id !== leagueId || toBool(team.is_custom)) return "team_id";
  return null;
}
