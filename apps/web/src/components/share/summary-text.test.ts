import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  type DraftAction,
  type DraftSession,
} from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/share.json";
import { draftSummaryText, type SummaryTranslate } from "./summary-text.ts";

/** English `share` strings with {{name}} interpolation: the same text the app shows. */
const t: SummaryTranslate = (key, options = {}) => {
  const template = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

const session: DraftSession = {
  id: "6f1c2d3e-0000-4000-8000-000000000000",
  title: "Scrim",
  description: "",
  league: { id: 1, name: "LCK" },
  blue_team: { id: 1, name: "T1" },
  red_team: { id: 2, name: "Gen.G" },
  blue_team_name: "T1",
  red_team_name: "Gen.G",
  settings: DEFAULT_DRAFT_SETTINGS,
  format: DEFAULT_DRAFT_FORMAT,
  series: null,
  current_phase: 4,
  current_step: 20,
  status: "complete",
  winner: "RED",
  created_at: "2026-11-24T20:00:00Z",
  updated_at: "2026-11-24T20:00:00Z",
};

const actions: DraftAction[] = DRAFT_SEQUENCE.map((step, index) => ({
  id: index + 1,
  champion_id: index === 1 ? null : index + 100,
  champion:
    index === 1
      ? null
      : { id: index + 100, name: `Champ${index}`, champion_key: `Champ${index}`, icon_url: "" },
  phase_number: index,
  action_type: step.type,
  team_side: step.side,
  is_auto: index === 1,
  created_at: "2026-11-24T20:00:00Z",
}));

describe("copy as text", () => {
  it("names both teams once, then each team's bans and picks in draft order, then the result", () => {
    const text = draftSummaryText(session, actions, t);
    const lines = text.split("\n");
    expect(lines[0]).toBe("T1 vs Gen.G — Final draft");
    expect(lines[1]).toMatch(/^Blue \(T1\) bans: Champ0, Champ2, Champ4, Champ13, Champ15; picks: Champ6, /);
    expect(lines[2]).toMatch(/^Red \(Gen\.G\) bans: no ban, Champ3, Champ5, /);
    expect(lines[3]).toBe("Gen.G won");
  });

  it("shows the phase of a draft in progress and 'none' for a team that has not picked", () => {
    const text = draftSummaryText({ ...session, winner: null }, actions.slice(0, 3), t);
    expect(text.split("\n")[0]).toBe("T1 vs Gen.G — Ban Phase 1");
    expect(text).toContain("picks: none");
  });
});
