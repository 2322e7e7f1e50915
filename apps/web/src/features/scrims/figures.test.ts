import type { ScrimLedgerRow } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { ledgerCsv, percent, periodStart, recordText } from "./figures.ts";

const row = (patch: Partial<ScrimLedgerRow>): ScrimLedgerRow => ({
  scrim_id: "s",
  scrim_title: "Scrim vs Koi",
  kind: "scrim",
  starts_at: "2026-11-20T18:00:00.000Z",
  time_zone: "Europe/Madrid",
  opponent_key: "name:koi",
  opponent_name: "Koi",
  game_id: "g",
  game_number: 1,
  status: "played",
  patch: "14.23",
  our_side: "BLUE",
  winner: "us",
  duration_seconds: 1800,
  we_first_picked: true,
  first_selection: null,
  our_first_pick_champion_id: 1,
  our_picks: [1, 2],
  their_picks: [3],
  our_bans: [],
  their_bans: [4],
  plan_id: null,
  plan_name: null,
  branch_id: null,
  branch_label: null,
  verdict: "draft_won",
  tags: ["early game", "engage"],
  figures: {},
  players: [],
  result_source: "typed",
  ...patch,
});

describe("scrim figures", () => {
  it("shows a record only when games were counted", () => {
    expect(recordText({ wins: 7, losses: 2, win_rate: 7 / 9 })).toBe("7-2 (78%)");
    expect(recordText({ wins: 0, losses: 0, win_rate: null })).toBe("–");
    expect(percent({ win_rate: null })).toBe(0);
  });
  it("starts a period that many days back", () => {
    expect(periodStart("30", Date.parse("2026-11-29T12:00:00Z"))).toBe("2026-10-30");
    expect(periodStart("all", Date.now())).toBeUndefined();
  });
  it("writes the ledger as CSV with names, quoting and no formulas", () => {
    const names: Record<number, string> = { 1: "Rumble", 2: "Vi", 3: "Azir", 4: "Kalista" };
    const csv = ledgerCsv([row({ scrim_title: '=HYPERLINK("x")', opponent_name: "Koi, B" })], (id) => names[id] ?? "?");
    const [header, line] = csv.split("\r\n");
    expect(header?.split(",")[0]).toBe("starts_at");
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain('"Koi, B"');
    expect(line).toContain("Rumble Vi");
    expect(line).toContain("early game engage");
  });
});
