import "@/lib/i18n.ts";
import type { ScoutingReport } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReportBasis } from "./ReportBasis.tsx";

const record = { games: 3, wins: 1, decided: 3, win_rate: 1 / 3 };
const report = (over: Partial<ScoutingReport> = {}): ScoutingReport => ({
  access: "full",
  team: { id: 1, name: "T1", short_name: "T1", league_id: 1 },
  filters: { from: null, to: null, patch: null },
  patches: [],
  drafts_included: false,
  drafts_available: 2,
  few_games: true,
  patch_range: { first: "15.1", last: "15.3" },
  summary: {
    record,
    sides: { BLUE: record, RED: record },
    sources: { matches: 3, drafts: 0 },
    first_date: null,
    last_date: null,
  },
  top_picks: [],
  details: null,
  fearless: null,
  ...over,
});

describe("ReportBasis", () => {
  afterEach(cleanup);

  it("says the professional sample, the patch range and that few games are hints; offers the drafts toggle", () => {
    const onChange = vi.fn();
    render(<ReportBasis report={report()} onDraftsChange={onChange} />);
    expect(screen.getByText("Based on 3 professional games. Patches 15.1 to 15.3.")).toBeVisible();
    // Without the toggle the sample is professional games only: the own-drafts label stays out.
    expect(screen.queryByText(/your own prep/)).toBeNull();
    expect(screen.getByRole("note").textContent).toContain("Only 3 professional games");
    const toggle = screen.getByRole("checkbox", { name: /Add my own drafts with this team \(2\)/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("labels the user's drafts as their own prep when the toggle adds them", () => {
    render(
      <ReportBasis
        report={report({
          drafts_included: true,
          summary: { ...report().summary, sources: { matches: 3, drafts: 2 } },
        })}
        onDraftsChange={() => {}}
      />,
    );
    expect(
      screen.getByText(
        /Based on 3 professional games and 2 of your own drafts \(your own prep, not professional games\)/,
      ),
    ).toBeVisible();
    expect(screen.getByRole("checkbox", { name: /Add my own drafts/ })).toBeChecked();
  });
});
