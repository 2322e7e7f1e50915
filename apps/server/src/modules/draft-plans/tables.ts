/** Tables of draft plans (migration `…_draft_plans`). */

export interface DraftPlansTable {
  id: string;
  /** null: a personal plan of `owner_id`. */
  workspace_id: string | null;
  owner_id: number;
  name: string;
  opponent_team: string | null;
  side: "BLUE" | "RED" | "BOTH";
  /** The latest version's number; `content` is that version's content. */
  version: number;
  content: unknown;
  created_at: string;
  updated_at: string;
}

export interface DraftPlanVersionsTable {
  plan_id: string;
  version: number;
  name: string;
  content: unknown;
  created_by: number | null;
  restored_from: number | null;
  created_at: string;
}

export interface DraftPlanReviewsTable {
  session_id: string;
  plan_id: string;
  plan_version: number;
  /** packages/draft `DraftPlanReview` as JSON. */
  review: unknown;
  created_by: number | null;
  created_at: string;
}

export interface DraftPlansTables {
  draft_plans: DraftPlansTable;
  draft_plan_versions: DraftPlanVersionsTable;
  draft_plan_reviews: DraftPlanReviewsTable;
}
