/** Tables of practice drafts against a modelled opponent (migration `…_practice_drafts`). */

export interface PracticeDraftsTable {
  /** The practised draft session (one practice per session). */
  session_id: string;
  room_id: string;
  user_id: number;
  /** The opponent team's name as the team list gave it (matched to history by `teamKey`). */
  opponent_team: string;
  user_side: "BLUE" | "RED";
  /** The room team (`A`/`B`) the modelled opponent drafts for, and the link of its seat. */
  bot_team: "A" | "B";
  bot_link_id: number;
  style: "predictable" | "balanced" | "adventurous";
  /** Seeds the opponent's sampling: the same practice replays the same choices. */
  seed: number;
  /** packages/draft `PracticeReview` as JSON; null until the draft is complete. */
  review: unknown;
  created_at: string;
  completed_at: string | null;
}

export interface PracticeTables {
  practice_drafts: PracticeDraftsTable;
}
