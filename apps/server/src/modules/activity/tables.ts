import type { ActivityItemType, ActivityVerb } from "@draftroom/contracts";
import type { Generated } from "kysely";

/** The activity module's table (migration `…_activity_feed`). */
export interface WorkspaceActivityTable {
  /** The feed's order; internal (decision 041). */
  id: Generated<number>;
  /** The id answers and the feed's `?before=` use (a random uuid). */
  public_id: string;
  workspace_id: string;
  actor_id: number | null;
  verb: ActivityVerb;
  item_type: ActivityItemType;
  item_id: string;
  item_title: string;
  /** Steps folded into this row (repeated `changed`/`locked` by one member). */
  count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ActivityTables {
  workspace_activity: WorkspaceActivityTable;
}
