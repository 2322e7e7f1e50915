import type { ScoutingChampion } from "@draftroom/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RankingChart } from "./RankingChart.tsx";

const picks: ScoutingChampion[] = [
  { champion_id: 1, name: "Skarner", count: 4, wins: 3, decided: 4 },
  { champion_id: 2, name: "Yone", count: 2, wins: 1, decided: 2 },
  { champion_id: 3, name: "Miss Fortune", count: 1, wins: 0, decided: 1 },
];

/** The bars' row for a champion (hidden from screen readers: the table says the same). */
function barRow(name: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[aria-hidden="true"] [title^="${name}:"]`);
  if (!row) throw new Error(`no bar for ${name}`);
  return row;
}

describe("RankingChart", () => {
  afterEach(cleanup);

  it("draws each champion's bar against the longest, with its count, and names the figures in a table", () => {
    render(<RankingChart title="Their bans" data={picks} color="var(--danger)" />);
    const width = (name: string) =>
      barRow(name).querySelector<HTMLElement>("[style*='width']")?.style.width ?? "";
    expect(width("Skarner")).toBe("100%");
    expect(width("Yone")).toBe("50%");
    expect(width("Miss Fortune")).toBe("25%");
    expect(barRow("Yone")).toHaveTextContent("Yone2");
    expect(barRow("Yone")).toHaveAttribute("title", "Yone: 2 games");

    const table = screen.getByRole("table", { name: "Their bans: data table" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent("Skarner4");
    expect(rows[3]).toHaveTextContent("Miss Fortune1");
  });

  it("shows at most `limit` champions", () => {
    render(<RankingChart title="Most picked" data={picks} color="var(--primary)" limit={2} />);
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3);
    expect(document.querySelector('[title^="Miss Fortune:"]')).toBeNull();
  });

  it("says there is nothing yet instead of an empty chart", () => {
    render(<RankingChart title="Most picked" data={[]} color="var(--primary)" />);
    expect(screen.getByText("Nothing yet")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
