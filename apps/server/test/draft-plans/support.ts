/**
 * The smallest valid draft plan content (no bans, picks or branches): what access and not-found
 * tests need of a plan, which is that it exists.
 */
export function emptyPlanContent(name = "vs Weibo") {
  return {
    name,
    opponent_team: "Weibo Gaming",
    side: "BLUE" as const,
    bans: [],
    first_picks: [],
    flex_picks: [],
    branches: [],
    position_notes: {},
    win_condition: "",
  };
}
