import type { ActivityEntryType, ActivitySeatKind, ActivityVerb } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import type { Generated } from "kysely";

/** The activity module's table (migrations `…_activity_feed`, `…_activity_seats_joins_pools`). */
export interface WorkspaceActivityTable {
  /** The feed's order; internal (decision 041). */
  id: Generated<number>;
  /** The id answers and the feed's `?before=` use (a random uuid). */
  public_id: string;
  workspace_id: string;
  actor_id: number | null;
  verb: ActivityVerb;
  item_type: ActivityEntryType;
  item_id: string;
  item_title: string;
  /**
   * An item without a title of its own: what its name is made from, as JSON (`UntitledName`), so
   * that an entry about it, once it is gone, still names it in its reader's language.
   */
  item_untitled: string | null;
  /** Steps folded into this row (repeated `changed`/`locked` by one member). */
  count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** A live room's step: the seat that made it (null for every other entry). */
  seat_kind: ActivitySeatKind | null;
  seat_side: Side | null;
  seat_team: string | null;
}

export interface ActivityTables {
  workspace_activity: WorkspaceActivityTable;
}
