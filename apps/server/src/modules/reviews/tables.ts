import type { Generated } from "kysely";

export interface RosterReviewsTable {
  id: Generated<number>;
  user_id: number;
  league_id: number;
  team_id: number;
  season: string;
  title: string;
  description: string;
  review_text: string;
  status: string;
  /** JSON array of {name, position, status}. */
  players: unknown;
  created_at: string;
  updated_at: string;
}

export interface ReviewsTables {
  roster_reviews: RosterReviewsTable;
}
