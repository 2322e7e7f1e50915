import type { ScoutingTeamList } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import ScoutingPage from "./ScoutingPage.tsx";

const teams: ScoutingTeamList = [
  { id: 1, name: "Movistar KOI", short_name: "MKOI", league_id: 10, league: "LVP SL", games: 12 },
  { id: 2, name: "Los Ratones", short_name: "LR", league_id: 10, league: "LVP SL", games: 4 },
  { id: 3, name: "Karmine Corp Blue", short_name: "KCB", league_id: 11, league: "LFL", games: 9 },
  { id: 4, name: "Bölk Esports", short_name: "BLK", league_id: 12, league: "NLC", games: 0 },
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

function shownTeams(): string[] {
  const list = screen.getByRole("region", { name: "Teams" });
  return within(list)
    .queryAllByRole("link")
    .map((link) => link.querySelector("[title]")?.getAttribute("title") ?? "");
}

describe("ScoutingPage's team search", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("finds teams by every word of the search in their name, short name or league, accents ignored", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(teams)),
    );
    renderInApp(<ScoutingPage />);
    const search = await screen.findByRole("searchbox", { name: "Search teams or leagues" });
    expect(shownTeams()).toEqual(["Movistar KOI", "Los Ratones", "Karmine Corp Blue", "Bölk Esports"]);

    const typed = async (text: string) => {
      fireEvent.change(search, { target: { value: text } });
      let names: string[] = [];
      await waitFor(() => {
        names = shownTeams();
        expect(search).toHaveValue(text);
      });
      return names;
    };
    // A word of the name and a word of the league, in any case.
    expect(await typed("ratones lvp")).toEqual(["Los Ratones"]);
    expect(await typed("LVP")).toEqual(["Movistar KOI", "Los Ratones"]);
    // Accents either way; a team without games is shown (its list opens) when the search finds it.
    expect(await typed("bolk")).toEqual(["Bölk Esports"]);
    expect(await typed("kcb")).toEqual(["Karmine Corp Blue"]);
    expect(await typed("koi lfl")).toEqual([]);
    expect(screen.getByText("No team matches your search")).toBeVisible();
  });
});
