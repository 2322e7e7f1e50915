import type { Champion } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EARLY_TYPING_GLOBAL, endEarlyTyping } from "@/lib/early-typing.ts";
import i18n from "@/lib/i18n.ts";
import { ChampionGrid, FIRST_TILES } from "./ChampionGrid.tsx";

/** A pool the size of the game's (172 champions), named so the filter can find some. */
const champions = Array.from(
  { length: 172 },
  (_, index) =>
    ({ id: index + 1, name: `Champion ${index + 1}`, icon_url: "", tags: [] }) as unknown as Champion,
);

beforeAll(async () => {
  await i18n.loadNamespaces(["drafts", "draftPlans"]);
});
afterEach(cleanup);

function renderGrid(onCommit: (phase: string, tiles: number) => void, onSelect = vi.fn()) {
  return render(
    <Profiler
      id="grid"
      onRender={(_id, phase) => onCommit(phase, document.querySelectorAll("[role=option]").length)}
    >
      <ChampionGrid
        champions={champions}
        used={new Set()}
        selectedId={null}
        onSelect={onSelect}
        onLock={() => undefined}
        label="Champions"
      />
    </Profiler>,
  );
}

describe("ChampionGrid", () => {
  it("draws its first screen of tiles first and the rest after that frame", async () => {
    const commits: [string, number][] = [];
    renderGrid((phase, tiles) => commits.push([phase, tiles]));
    expect(FIRST_TILES).toBeLessThan(champions.length);
    expect(commits).toEqual([["mount", FIRST_TILES]]);
    await screen.findByRole("option", { name: "Champion 172" });
    expect(commits.at(-1)).toEqual(["update", champions.length]);
  });

  it("finds and selects a champion past the first screen by typing", async () => {
    const onSelect = vi.fn();
    renderGrid(() => undefined, onSelect);
    const search = screen.getByRole("searchbox");
    fireEvent.change(search, { target: { value: "Champion 17" } });
    // "Champion 17" and "Champion 170" to "172": the last three are past the first screen.
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.getAttribute("aria-label"))).toEqual([
      "Champion 17",
      "Champion 170",
      "Champion 171",
      "Champion 172",
    ]);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(champions[16]);
  });

  it("a new step clears the search; another render of the same step keeps it", () => {
    const grid = (step: number) => (
      <ChampionGrid
        champions={champions}
        used={new Set()}
        selectedId={null}
        onSelect={() => undefined}
        onLock={() => undefined}
        label="Champions"
        resetKey={step}
      />
    );
    const { rerender } = render(grid(1));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "Champion 17" } });
    rerender(grid(1));
    expect(screen.getByRole("searchbox")).toHaveValue("Champion 17");
    rerender(grid(2));
    expect(screen.getByRole("searchbox")).toHaveValue("");
  });

  it("starts from the letters typed onto the server's drawn board, once", async () => {
    const stop = vi.fn();
    Object.assign(window, { [EARLY_TYPING_GLOBAL]: { keys: "Champion 17", stop } });
    renderGrid(() => undefined);
    const search = screen.getByRole("searchbox");
    expect(search).toHaveValue("Champion 17");
    expect(search).toHaveFocus();
    expect(await screen.findAllByRole("option")).toHaveLength(4);

    // The app's first commit ends the keeping: the next grid starts empty.
    endEarlyTyping();
    expect(stop).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    cleanup();
    renderGrid(() => undefined);
    expect(screen.getByRole("searchbox")).toHaveValue("");
  });
});
