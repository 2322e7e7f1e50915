import type { AccountsTables } from "../modules/accounts/tables.ts";
import type { ActivityTables } from "../modules/activity/tables.ts";
import type { CommentsTables } from "../modules/comments/tables.ts";
import type { DataUpdatesTables } from "../modules/data-updates/tables.ts";
import type { DraftPlansTables } from "../modules/draft-plans/tables.ts";
import type { DraftsTables } from "../modules/drafts/tables.ts";
import type { IntegrationsTables } from "../modules/integrations/tables.ts";
import type { MatchesTables } from "../modules/matches/tables.ts";
import type { PracticeTables } from "../modules/practice/tables.ts";
import type { ReviewsTables } from "../modules/reviews/tables.ts";
import type { QuickRoomsTables } from "../modules/rooms/quick/tables.ts";
import type { SeriesRoomsTables } from "../modules/rooms/series/tables.ts";
import type { RoomsTables } from "../modules/rooms/tables.ts";
import type { RoomTeamTables } from "../modules/rooms/team-tables.ts";
import type { ScrimsTables } from "../modules/scrims/tables.ts";
import type { SeriesTables } from "../modules/series/tables.ts";
import type { ShareTables } from "../modules/share/tables.ts";
import type { SubscriptionsTables } from "../modules/subscriptions/tables.ts";
import type { WorkspacesTables } from "../modules/workspaces/tables.ts";
import type { FoundationTables } from "./foundation-tables.ts";

/**
 * Tables per module. A module owner adds ONE import line above and ONE line below, e.g.
 *   import type { AccountsTables } from "../modules/accounts/tables.ts";
import type { DataUpdatesTables } from "../modules/data-updates/tables.ts";
 *   accounts: AccountsTables;
 * where AccountsTables is `{ users: UsersTable; tokens: TokensTable }`.
 */
interface ModuleTables {
  foundation: FoundationTables;
  accounts: AccountsTables;
  subscriptions: SubscriptionsTables;
  reviews: ReviewsTables;
  drafts: DraftsTables;
  matches: MatchesTables;
  series: SeriesTables;
  rooms: RoomsTables;
  roomTeams: RoomTeamTables;
  quickRooms: QuickRoomsTables;
  seriesRooms: SeriesRoomsTables;
  practice: PracticeTables;
  workspaces: WorkspacesTables;
  share: ShareTables;
  draftPlans: DraftPlansTables;
  dataUpdates: DataUpdatesTables;
  activity: ActivityTables;
  comments: CommentsTables;
  scrims: ScrimsTables;
  integrations: IntegrationsTables;
}

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void
  ? I
  : never;

/** The whole database as Kysely sees it: every module's tables together. */
export type Database = UnionToIntersection<ModuleTables[keyof ModuleTables]>;

export type DialectName = "sqlite" | "postgres";
