import type { ScrimLedgerRow } from "@draftroom/contracts";

/**
 * A ledger row for the scrims module's unit tests: a won scrim game on blue with a whole draft, on
 * 1 October 2026; `over` changes what a test is about.
 */
export const ledgerRowOf = (over: Partial<ScrimLedgerRow> = {}): ScrimLedgerRow => ({
  scrim_id: "s",
  scrim_title: "Scrim vs X",
  scrim_untitled: true,
  kind: "scrim",
  starts_at: "2026-10-01T18:00:00.000Z",
  time_zone: "UTC",
  opponent_key: "name:x",
  opponent_name: "X",
  game_id: "g",
  game_number: 1,
  status: "played",
  patch: null,
  our_side: "BLUE",
  winner: "us",
  duration_seconds: null,
  we_first_picked: true,
  first_selection: null,
  our_first_pick_champion_id: 1,
  our_picks: [1, 2, 3, 4, 5],
  their_picks: [6, 7, 8, 9, 10],
  our_bans: [11, 12],
  their_bans: [13],
  plan_id: null,
  plan_name: null,
  branch_id: null,
  branch_label: null,
  verdict: null,
  tags: [],
  figures: {},
  players: [],
  result_source: null,
  ...over,
});
