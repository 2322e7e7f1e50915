import "@/lib/i18n.ts";
import type { Analytics } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CompactPerDayChart } from "./CompactPerDayChart.tsx";

/** Thirty days ending 30 November 2026: three sessions on the 10th (one completed), one on the 30th. */
const month: Analytics["per_day"] = Array.from({ length: 30 }, (_, index) => {
  const date = `2026-11-${String(index + 1).padStart(2, "0")}`;
  if (index === 9) return { date, created: 3, completed: 1 };
  if (index === 29) return { date, created: 1, completed: 0 };
  return { date, created: 0, completed: 0 };
});

afterEach(cleanup);

describe("CompactPerDayChart", () => {
  it("draws a bar per day and kind with sessions, whole-number counts, and about a label a week ending today", () => {
    const { container } = render(<CompactPerDayChart data={month} />);
    const [counts, plot] = container.querySelectorAll("svg");
    expect(plot!.querySelectorAll("rect")).toHaveLength(3);
    const heights = [...plot!.querySelectorAll("rect")].map((bar) => Number(bar.getAttribute("height")));
    // Three created on the 10th is the tallest; one completed and one created on the 30th match.
    expect(Math.max(...heights)).toBe(heights[0]);
    expect(heights[1]).toBe(heights[2]);
    expect([...counts!.querySelectorAll("text")].map((label) => label.textContent)).toEqual([
      "0",
      "1",
      "2",
      "3",
    ]);
    expect([...plot!.querySelectorAll("text")].map((label) => label.textContent)).toEqual([
      "Nov 2",
      "Nov 9",
      "Nov 16",
      "Nov 23",
      "Nov 30",
    ]);
  });

  it("reads to assistive technology as a table of the days with sessions", () => {
    render(<CompactPerDayChart data={month} />);
    const table = screen.getByRole("table", { name: /Sessions per day/ });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "DateCreatedCompleted",
      "November 10, 202631",
      "November 30, 202610",
    ]);
  });

  it("names the day under the pointer and its counts", () => {
    const { container } = render(<CompactPerDayChart data={month} />);
    const plot = container.querySelectorAll("svg")[1]!;
    plot.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 150 }) as DOMRect;
    // The 10th of 30 days: x between 90 and 100 of 300.
    fireEvent.mouseMove(plot, { clientX: 95, clientY: 40 });
    expect(screen.getByText("Created: 3").parentElement!.textContent).toBe(
      "November 10, 2026Created: 3Completed: 1",
    );
    fireEvent.mouseLeave(plot);
    expect(screen.queryByText("Created: 3")).toBeNull();
  });
});
