import type { Generated } from "kysely";

export interface RosterReviewsTable {
  id: Generated<number>;
  /** The id every route and answer uses (a random uuid); `id` stays internal (decision 041). */
  public_id: string;
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
