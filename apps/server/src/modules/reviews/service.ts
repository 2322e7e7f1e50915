import { type Review, reviewIdSchema, VALIDATION_MESSAGES_EN } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { requireItemRole } from "../workspaces/access.ts";
import { authorizeItemMove } from "../workspaces/moves.ts";
import { peopleOf, requireWorkspaceRole } from "../workspaces/service.ts";
import {
  checkLeagueAndTeam,
  deleteReview,
  deleteWorkspaceReviewRows,
  findReview,
  findReviewOwnership,
  insertReview,
  listReviews,
  listWorkspaceReviews,
  type ReviewFilters,
  type ReviewValues,
  type StoredReview,
  setReviewWorkspace,
  updateReview,
} from "./repository.ts";

/**
 * Roster reviews. A personal review (`workspace_id` null) is shared: every signed-in user reads
 * it, only its author edits, moves or deletes it (others: 403 `forbidden`). A workspace review
 * (decision 033) is its workspace's alone: members read it, roles with `edit_practice` (owner,
 * coach, analyst) write, edit, move and delete it, anyone else gets the 404 of a missing review;
 * each write lands in the workspace's activity feed. Reviews reference seeded leagues and teams
 * only, since a user's own leagues are private.
 */

const notFound = () => new AppError(404, "not_found", "Roster review not found.");
const EDIT = "edit_practice";

async function assertPublicLeagueAndTeam(db: Kysely<Database>, values: ReviewValues) {
  const wrong = await checkLeagueAndTeam(db, values.league_id, values.team_id);
  if (wrong) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      [wrong]: VALIDATION_MESSAGES_EN.invalidValue,
    });
  }
}

/**
 * A workspace's reviews with their authors named as its members list names them. A personal review
 * keeps the bare username: every user reads it, and an account's own name is not theirs to see.
 */
async function namedAuthors<T extends { author: Review["author"] }>(
  db: Kysely<Database>,
  workspaceId: string | null | undefined,
  reviews: T[],
): Promise<T[]> {
  if (!workspaceId || reviews.length === 0) return reviews;
  const people = await peopleOf(
    db,
    workspaceId,
    reviews.map((review) => review.author.id),
  );
  return reviews.map((review) => ({ ...review, author: people.get(review.author.id) ?? review.author }));
}

/** The review as the caller sees it (404 when it is a workspace's and the caller is no member). */
export async function getReview(db: Kysely<Database>, id: string, viewerId: number): Promise<Review> {
  const review = await findReview(db, id, viewerId);
  if (!review) throw notFound();
  if (!review.workspace_id) return { ...review, can_edit: review.is_owner };
  const access = await requireItemRole(db, viewerId, review.workspace_id, "read", notFound);
  const [named] = await namedAuthors(db, review.workspace_id, [review]);
  return { ...(named ?? review), can_edit: access.may(EDIT) };
}

/** Personal reviews (everyone's), or with `filters.workspace` that workspace's (members only). */
export async function listReviewsFor(
  db: Kysely<Database>,
  viewerId: number,
  filters: ReviewFilters,
  page: number,
): Promise<{ count: number; results: Review[] }> {
  let editor = false;
  if (filters.workspace !== undefined) {
    editor = (await requireWorkspaceRole(db, viewerId, filters.workspace, "read")).may(EDIT);
  }
  const { count, results } = await listReviews(db, viewerId, filters, page);
  const named = await namedAuthors(db, filters.workspace, results);
  return {
    count,
    results: named.map((review) => ({
      ...review,
      can_edit: review.workspace_id ? editor : review.is_owner,
    })),
  };
}

/** A review the caller may change: its author's, or a workspace's where the caller may edit. */
async function editableReview(db: Kysely<Database>, id: string, userId: number): Promise<StoredReview> {
  const review = await findReview(db, id, userId);
  if (!review) throw notFound();
  if (review.workspace_id) {
    await requireItemRole(db, userId, review.workspace_id, EDIT, notFound);
    return review;
  }
  if (!review.is_owner) {
    throw new AppError(403, "forbidden", "Only the author of a roster review can change or delete it.");
  }
  return review;
}

/** The workspace feed's entry for a write, in the write's transaction (a personal review records nothing). */
const note = (
  db: Kysely<Database>,
  trx: Transaction<Database>,
  userId: number,
  workspaceId: string | null,
  verb: "created" | "changed" | "deleted" | "moved_in" | "moved_out",
  review: { id: string; title: string },
) =>
  publish(db, "review.changed", {
    db: trx,
    workspaceId,
    actorId: userId,
    verb,
    id: review.id,
    title: review.title,
  });

/** Writes a review in the caller's personal space, or in `workspaceId` (`edit_practice` there). */
export async function createReview(
  db: Kysely<Database>,
  userId: number,
  values: ReviewValues,
  workspaceId: string | null = null,
): Promise<Review> {
  if (workspaceId) await requireWorkspaceRole(db, userId, workspaceId, EDIT);
  await assertPublicLeagueAndTeam(db, values);
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await insertReview(trx, userId, values, workspaceId);
    await note(db, trx, userId, workspaceId, "created", { id: inserted, title: values.title });
    return inserted;
  });
  return getReview(db, id, userId);
}

export async function replaceReview(
  db: Kysely<Database>,
  id: string,
  userId: number,
  values: ReviewValues,
): Promise<Review> {
  const review = await editableReview(db, id, userId);
  await assertPublicLeagueAndTeam(db, values);
  await db.transaction().execute(async (trx) => {
    await updateReview(trx, id, values);
    await note(db, trx, userId, review.workspace_id, "changed", { id, title: values.title });
  });
  return getReview(db, id, userId);
}

export async function removeReview(db: Kysely<Database>, id: string, userId: number): Promise<void> {
  const review = await editableReview(db, id, userId);
  await db.transaction().execute(async (trx) => {
    await deleteReview(trx, id);
    await note(db, trx, userId, review.workspace_id, "deleted", review);
  });
}

/**
 * "Move to workspace" (decision 042's rule, workspaces/moves.ts): the caller may change the review
 * where it is, out of a workspace only with `move_items` there, into one with `edit_practice`
 * there and only where its author is a member; only the author moves it back to personal (where
 * it is shared with every user again).
 */
export async function moveReview(
  db: Kysely<Database>,
  id: string,
  userId: number,
  target: string | null,
): Promise<Review> {
  const review = await editableReview(db, id, userId);
  await authorizeItemMove(db, {
    actorId: userId,
    creatorId: review.author.id,
    from: review.workspace_id,
    to: target,
    capability: EDIT,
  });
  if (review.workspace_id !== target) {
    await db.transaction().execute(async (trx) => {
      await setReviewWorkspace(trx, id, target);
      await note(db, trx, userId, review.workspace_id, "moved_out", review);
      await note(db, trx, userId, target, "moved_in", review);
    });
  }
  return getReview(db, id, userId);
}

/** A review's author, workspace and title, for other modules' checks (activity, comments). */
export async function reviewRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null; title: string } | undefined> {
  if (!reviewIdSchema.safeParse(id).success) return undefined;
  return findReviewOwnership(db, id);
}

/**
 * A workspace being deleted takes its reviews with it, in its transaction: returned to their
 * authors they would become personal reviews, which every signed-in user can read (decision 038).
 */
export async function deleteWorkspaceReviews(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await deleteWorkspaceReviewRows(trx, workspaceId);
}

/** Every review of a workspace, newest first, for its export (access checked by the caller). */
export async function workspaceReviews(db: Kysely<Database>, workspaceId: string) {
  const reviews = await namedAuthors(db, workspaceId, await listWorkspaceReviews(db, workspaceId));
  return reviews.map(({ is_owner: _isOwner, ...review }) => review);
}
