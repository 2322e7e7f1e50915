import { type Review, VALIDATION_MESSAGES_EN } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import {
  checkLeagueAndTeam,
  deleteReview,
  findReview,
  insertReview,
  type ReviewValues,
  updateReview,
} from "./repository.ts";

/**
 * Roster reviews are shared: every signed-in user reads every review (the contract carries
 * `author` and `is_owner`); only the author edits or deletes (others: 403 `forbidden`). Reviews
 * therefore reference seeded leagues and teams only, since a user's own leagues are private.
 */

const notFound = () => new AppError(404, "not_found", "Roster review not found.");

async function assertPublicLeagueAndTeam(db: Kysely<Database>, values: ReviewValues) {
  const wrong = await checkLeagueAndTeam(db, values.league_id, values.team_id);
  if (wrong) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      [wrong]: VALIDATION_MESSAGES_EN.invalidValue,
    });
  }
}

export async function getReview(db: Kysely<Database>, id: number, viewerId: number): Promise<Review> {
  const review = await findReview(db, id, viewerId);
  if (!review) throw notFound();
  return review;
}

export async function createReview(
  db: Kysely<Database>,
  userId: number,
  values: ReviewValues,
): Promise<Review> {
  await assertPublicLeagueAndTeam(db, values);
  const id = await insertReview(db, userId, values);
  return getReview(db, id, userId);
}

async function ownReview(db: Kysely<Database>, id: number, userId: number): Promise<Review> {
  const review = await getReview(db, id, userId);
  if (!review.is_owner) {
    throw new AppError(403, "forbidden", "Only the author of a roster review can change or delete it.");
  }
  return review;
}

export async function replaceReview(
  db: Kysely<Database>,
  id: number,
  userId: number,
  values: ReviewValues,
): Promise<Review> {
  await ownReview(db, id, userId);
  await assertPublicLeagueAndTeam(db, values);
  await updateReview(db, id, values);
  return getReview(db, id, userId);
}

export async function removeReview(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await ownReview(db, id, userId);
  await deleteReview(db, id);
}
