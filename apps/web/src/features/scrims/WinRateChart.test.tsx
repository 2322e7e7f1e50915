import "@/lib/i18n.ts";
import type { ScrimGroupFigure } from "@draftroom/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WinRateChart } from "./WinRateChart.tsx";

function group(key: string, wins: number, losses: number): ScrimGroupFigure {
  const n = wins + losses;
  return { key, label: key, n, wins, losses, win_rate: n === 0 ? null : wins / n, small_sample: n < 5 };
}

afterEach(cleanup);

describe("WinRateChart", () => {
  it("shows every group's record beside its bar, a group never beaten and one without games included", () => {
    render(
      <WinRateChart
        title="By opponent"
        figures={[group("Koi", 6, 1), group("BDS", 0, 2), group("Heretics", 0, 0)]}
      />,
    );
    const bars = screen.getByTestId("win-rate-bars");
    const rows = Array.from(bars.children) as HTMLElement[];
    expect(rows.map((row) => row.textContent)).toEqual([
      "Koi6-1 (86%) · n=7",
      "BDS0-2 (0%) · n=2 · small sample",
      "HereticsNo counted games",
    ]);
    const widths = rows.map((row) => (row.querySelector(".bg-primary") as HTMLElement).style.width);
    expect(widths).toEqual(["86%", "0%", "0%"]);
    // A small sample is faded, and said in words too.
    expect((rows[1]!.querySelector(".bg-primary") as HTMLElement).style.opacity).toBe("0.45");
    expect((rows[0]!.querySelector(".bg-primary") as HTMLElement).style.opacity).toBe("1");
    // Screen readers get the table.
    const table = screen.getByRole("table", { name: "By opponent" });
    expect(within(table).getByRole("row", { name: /BDS/ })).toHaveTextContent("0-2 (0%)");
  });

  it("says so when no group has a game", () => {
    render(<WinRateChart title="By plan" figures={[]} />);
    expect(screen.getByText("No counted games")).toBeVisible();
    expect(screen.queryByTestId("win-rate-bars")).toBeNull();
  });
});
