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

/** The plan a session's board or a room team follows (decision 027). */
export interface DraftPlanLiveTable {
  /** `session:<session id>` or `room:<room id>:<team>`. */
  key: string;
  session_id: string;
  room_id: string | null;
  team: "A" | "B" | null;
  side: "BLUE" | "RED";
  plan_id: string;
  selected_by: number | null;
  selected_at: string;
  /** packages/draft `DraftPlanReview` as JSON, once the draft is complete. */
  review: unknown | null;
  reviewed_version: number | null;
}

export interface DraftPlansTables {
  draft_plans: DraftPlansTable;
  draft_plan_live: DraftPlanLiveTable;
  draft_plan_versions: DraftPlanVersionsTable;
  draft_plan_reviews: DraftPlanReviewsTable;
}
