import { describe, expect, it } from "vitest";
import { crossModuleTables } from "../../../scripts/table-owners.mjs";

/**
 * No module names another module's table in SQL (decision record 025), beyond the uses known when
 * the check came in. A new one fails: call the owner's service instead. A known one that goes
 * away fails too, so the list only shrinks: delete its line.
 */
const KNOWN = [
  "analytics -> draft_actions (apps/server/src/modules/analytics/repository.ts)",
  "analytics -> draft_sessions (apps/server/src/modules/analytics/repository.ts)",
  "drafts -> series (apps/server/src/modules/drafts/repository.ts)",
  "drafts -> series_games (apps/server/src/modules/drafts/repository.ts)",
  "leagues -> team_priorities (apps/server/src/modules/leagues/repository.ts)",
  "matches -> draft_actions (apps/server/src/modules/matches/statistics.ts)",
  "matches -> draft_sessions (apps/server/src/modules/matches/statistics.ts)",
  "practice -> draft_actions (apps/server/src/modules/practice/history.ts)",
  "practice -> draft_rooms (apps/server/src/modules/practice/opponent-driver.ts)",
  "practice -> draft_sessions (apps/server/src/modules/practice/history.ts)",
  "practice -> match_bans (apps/server/src/modules/practice/history.ts)",
  "practice -> match_games (apps/server/src/modules/practice/history.ts)",
  "practice -> match_picks (apps/server/src/modules/practice/history.ts)",
  "practice -> room_links (apps/server/src/modules/practice/service.ts)",
  "reviews -> users (apps/server/src/modules/reviews/repository.ts)",
  "rooms -> draft_actions (apps/server/src/modules/rooms/team-repository.ts)",
  "rooms -> draft_sessions (apps/server/src/modules/rooms/quick/service.ts)",
  "rooms -> draft_sessions (apps/server/src/modules/rooms/team-repository.ts)",
  "scouting -> draft_actions (apps/server/src/modules/scouting/repository.ts)",
  "scouting -> draft_sessions (apps/server/src/modules/scouting/repository.ts)",
  "scouting -> match_bans (apps/server/src/modules/scouting/team-index.ts)",
  "scouting -> match_games (apps/server/src/modules/scouting/team-index.ts)",
  "scouting -> match_picks (apps/server/src/modules/scouting/team-index.ts)",
  "series -> draft_sessions (apps/server/src/modules/series/repository.ts)",
  "subscriptions -> draft_sessions (apps/server/src/modules/subscriptions/repository.ts)",
  "subscriptions -> series (apps/server/src/modules/subscriptions/repository.ts)",
  "subscriptions -> series_games (apps/server/src/modules/subscriptions/repository.ts)",
  "subscriptions -> users (apps/server/src/modules/subscriptions/service.ts)",
  "workspaces -> users (apps/server/src/modules/workspaces/repository.ts)",
  "workspaces -> users (apps/server/src/modules/workspaces/roster-repository.ts)",
];

describe("tables named across modules", () => {
  it("are only the known ones", () => {
    expect(crossModuleTables()).toEqual(KNOWN);
  });
});
