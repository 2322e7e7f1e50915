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
    "r.id",
    "r.user_id",
    "r.season",
    "r.title",
    "r.description",
    "r.review_text",
    "r.status",
    "r.players",
    "r.created_at",
    "r.updated_at",
    "l.id as league_id",
    "l.name as league_name",
    "t.id as team_id",
    "t.name as team_name",
    "u.username as author_username",
  ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReview>["executeTakeFirstOrThrow"]>>;

function toReview(row: ReviewRow, viewerId: number): Review {
  return {
    id: row.id,
    league: { id: row.league_id, name: row.league_name },
    team: { id: row.team_id, name: row.team_name },
    season: row.season,
    title: row.title,
    description: row.description,
    review_text: row.review_text,
    status: row.status as Review["status"],
    players: fromJson<Review["players"]>(row.players),
    author: { id: row.user_id, username: row.author_username },
    is_owner: row.user_id === viewerId,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

function filtered(db: Kysely<Database>, filters: ReviewFilters) {
  let query = baseQuery(db);
  if (filters.league !== undefined) query = query.where("r.league_id", "=", filters.league);
  if (filters.team !== undefined) query = query.where("r.team_id", "=", filters.team);
  if (filters.season) query = query.where("r.season", "=", filters.season);
  if (filters.status) query = query.where("r.status", "=", filters.status);
  return query;
}

export async function listReviews(
  db: Kysely<Database>,
  viewerId: number,
  filters: ReviewFilters,
  page: number,
): Promise<{ count: number; results: Review[] }> {
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

export async function findReview(
  db: Kysely<Database>,
  id: number,
  viewerId: number,
): Promise<Review | undefined> {
  const row = await selectReview(baseQuery(db)).where("r.id", "=", id).executeTakeFirst();
  return row ? toReview(row, viewerId) : undefined;
}

export async function insertReview(
  db: Kysely<Database>,
  userId: number,
  values: ReviewValues,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("roster_reviews")
    .values({ ...values, user_id: userId, players: toJson(values.players), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReview(db: Kysely<Database>, id: number, values: ReviewValues): Promise<void> {
  await db
    .updateTable("roster_reviews")
    .set({ ...values, players: toJson(values.players), updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

export async function deleteReview(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("roster_reviews").where("id", "=", id).execute();
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
