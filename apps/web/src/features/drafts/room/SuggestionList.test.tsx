import type { Champion, TeamMessage } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SuggestionList } from "./TeamPanel.tsx";

const champion = (id: number, name: string): Champion =>
  ({ id, name, icon_url: "", role: "Mage", tags: ["Mage"] }) as unknown as Champion;
const CHAMPIONS = new Map([
  [1, champion(1, "Ahri")],
  [2, champion(2, "Azir")],
]);
const suggestion = (n: number, championId: number, name: string): TeamMessage => ({
  id: `message-${n}`,
  team: "A",
  kind: "suggestion",
  member_id: `member-${n}`,
  role: "member",
  name,
  text: null,
  step: 0,
  champion_id: championId,
  at: 0,
});

describe("the captain's suggestion list", () => {
  afterEach(cleanup);

  it("locks a suggestion with its number key or a click, never while typing or when disabled", () => {
    const onLock = vi.fn();
    const suggestions = [suggestion(2, 2, "Lee"), suggestion(1, 1, "Kim")];
    const { rerender } = render(
      <>
        <input aria-label="search" />
        <SuggestionList
          suggestions={suggestions}
          championsById={CHAMPIONS}
          disabled={false}
          onLock={onLock}
        />
      </>,
    );
    const first = screen.getByRole("button", { name: "Lock Azir, suggested by Lee (key 1)" });
    expect(first.getAttribute("aria-keyshortcuts")).toBe("1");
    // the newest suggestion is announced with its key
    expect(screen.getByText("Lee suggests Azir. Press 1 to lock it.")).toHaveAttribute("aria-live", "polite");

    fireEvent.keyDown(document.body, { key: "2" });
    expect(onLock).toHaveBeenLastCalledWith(CHAMPIONS.get(1));
    fireEvent.click(first);
    expect(onLock).toHaveBeenLastCalledWith(CHAMPIONS.get(2));
    fireEvent.keyDown(screen.getByRole("textbox", { name: "search" }), { key: "1" });
    fireEvent.keyDown(document.body, { key: "3" });
    expect(onLock).toHaveBeenCalledTimes(2);

    rerender(<SuggestionList suggestions={suggestions} championsById={CHAMPIONS} disabled onLock={onLock} />);
    fireEvent.keyDown(document.body, { key: "1" });
    expect(onLock).toHaveBeenCalledTimes(2);
  });

  it("takes no row when there is nothing to lock (screen readers still hear it)", () => {
    render(<SuggestionList suggestions={[]} championsById={CHAMPIONS} disabled={false} onLock={() => {}} />);
    expect(screen.getByText("No suggestions for this step yet.").className).toContain("sr-only");
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
