import { describe, expect, it } from "vitest";
import { cardElement } from "./card-layout.ts";
import type { CardTeam, SeriesCard } from "./card-model.ts";
import { drawCard } from "./draw.ts";
import { cardLabels } from "./labels.ts";
import { PortraitStore } from "./portraits.ts";

const team = (side: "BLUE" | "RED", name: string, players: string[]): CardTeam => ({
  side,
  name,
  players,
  picks: [0, 1, 2, 3, 4].map(() => ({ state: "empty", champion: null })),
  bans: [0, 1, 2, 3, 4].map(() => ({ state: "empty", champion: null })),
});

/** Team B (the workspace's team, on blue in game 1) has its roster's names. */
const series = (players: string[]): SeriesCard => ({
  kind: "series",
  title: "Bo3 prep",
  league: "LCK",
  date: "2026-11-24T20:00:00Z",
  bestOf: 3,
  teamA: "Gen.G",
  teamB: "T1",
  score: { A: 0, B: 0 },
  winner: null,
  complete: false,
  games: [
    {
      number: 1,
      blueTeam: "B",
      winner: null,
      complete: false,
      blue: team("BLUE", "T1", players),
      red: team("RED", "Gen.G", []),
    },
  ],
});

const layout = (card: SeriesCard) =>
  JSON.stringify(
    cardElement(card, {
      width: 1200,
      height: 630,
      theme: "dark",
      language: "en",
      labels: cardLabels("en"),
      portraits: new PortraitStore(undefined),
    }),
  );

describe("series card layout", () => {
  it("shows the roster's names under their team, and nothing where none are known", async () => {
    const named = layout(series(["Zeus", "Faker"]));
    expect(named).toContain('"children":"Zeus · Faker"');
    // Under team B's name (the right-hand one), not team A's.
    expect(named.indexOf('"children":"Zeus · Faker"')).toBeGreaterThan(named.indexOf('"children":"T1"'));
    // No names: no empty line either (one element fewer).
    const divs = (text: string) => text.split('"type":"div"').length;
    expect(divs(layout(series([])))).toBe(divs(named) - 1);
    const png = await drawCard(
      series(["Zeus", "Faker"]),
      { size: "social", theme: "dark", lang: "en" },
      new PortraitStore(undefined),
    );
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  });
});
