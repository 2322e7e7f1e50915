import "@/lib/i18n.ts";
import type { ScrimPlayerChampionFigure } from "@draftroom/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PlayerScrimRecord } from "./PlayerScrimRecord.tsx";

const line = (champion_id: number, wins: number, losses: number): ScrimPlayerChampionFigure => ({
  player_key: "p1",
  player_name: "Canna",
  position: "top",
  champion_id,
  n: wins + losses,
  wins,
  losses,
  win_rate: wins / (wins + losses),
  small_sample: wins + losses < 5,
  kills: 0,
  deaths: 0,
  assists: 0,
  kda: null,
  gold_at_15: null,
  gold_at_15_n: 0,
});

describe("a player's scrim record on the roster and pools pages", () => {
  afterEach(cleanup);

  it("reads 'Rumble 7-2 in scrims, last 30 days', a small sample marked", () => {
    render(
      <PlayerScrimRecord
        lines={[line(68, 7, 2), line(150, 1, 1)]}
        champions={[
          { id: 68, name: "Rumble" },
          { id: 150, name: "Gnar" },
        ]}
      />,
    );
    const record = screen.getByTestId("scrim-record");
    expect(record).toHaveTextContent("Rumble 7-2 · Gnar 1-1* in scrims, last 30 days");
    expect(screen.getByTitle("Small sample: fewer than 5 games")).toHaveTextContent("*");
  });

  it("shows nothing for a player with no scrim games", () => {
    render(<PlayerScrimRecord lines={undefined} champions={[]} />);
    expect(screen.queryByTestId("scrim-record")).toBeNull();
  });
});
