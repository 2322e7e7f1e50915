import type { Champion, WinEstimate as WinEstimateData } from "@draftroom/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import drafts from "@/locales/en/drafts.json";
import esDrafts from "@/locales/es/drafts.json";
import type { PanelRecommendations } from "../hooks/useRecommendations.ts";
import { RecommendationsPanel } from "./RecommendationsPanel.tsx";
import { WinEstimate } from "./WinEstimate.tsx";

// reasonText reads the shared i18next instance, as the app does.
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { drafts }, es: { drafts: esDrafts } },
    ns: ["drafts"],
    defaultNS: "drafts",
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const ahri: Champion = {
  id: 103,
  name: "Ahri",
  champion_key: "Ahri",
  icon_url: "",
  role: "Mage",
  tags: ["Mage"],
} as Champion;
const byId = new Map([[ahri.id, ahri]]);

function result(overrides: Partial<PanelRecommendations> = {}): PanelRecommendations {
  return {
    side: "BLUE",
    action: "PICK",
    items: [
      {
        champion_id: 103,
        rank: 1,
        score: -1,
        position: "mid",
        win_rate: null,
        win_rate_games: null,
        reasons: [{ key: "recommend.reason.presence", params: { times: 1, count: 1 } }],
      },
    ],
    summary: [
      { key: "recommend.summary.statistics", params: { games: 1, count: 1, risk: 25 } },
      { key: "recommend.summary.no_priorities", params: {} },
    ],
    basis: {
      statistics: true,
      games: 1,
      priorities: false,
      risk: 25,
      positions: "statistics",
      advice: true,
      team_games: 0,
      opponent_games: 0,
      sources: { matches: 0, drafts: 1 },
    },
    advice: true,
    winEstimate: null,
    ...overrides,
  };
}

function renderPanel(value: PanelRecommendations) {
  return render(
    <I18nextProvider i18n={i18next}>
      <MemoryRouter>
        <RecommendationsPanel
          result={value}
          championsById={byId}
          teamName="T1"
          teamId={7}
          sessionId="s1"
          selectedId={null}
          onSelect={() => {}}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("RecommendationsPanel", () => {
  it("uses plural rules for one game, and asks a team without priorities to set them, with a link", () => {
    renderPanel(result());
    expect(screen.getByText(/Match statistics \(1 game;/)).toBeVisible();
    expect(screen.queryByText(/1 games/)).toBeNull();
    expect(screen.getByTestId("recommendations-no-priorities").textContent).toContain(
      "T1 has no priorities yet",
    );
    // Cut to one line on a wide board: the whole sentence stays readable on hover.
    expect(
      screen.getByTestId("recommendations-no-priorities").querySelector("[title]")?.getAttribute("title"),
    ).toMatch(/^T1 has no priorities yet\./);
    expect(screen.getByRole("link", { name: "Set priorities" }).getAttribute("href")).toBe(
      "/app/teams/7/priorities?session=s1",
    );
    // no percentage badge without a sample that supports it
    expect(document.body.textContent).not.toMatch(/\d%/);
    expect(screen.getByText("Picked or banned in the only game")).toBeVisible();
  });

  it("never shows a ranking that rests on nothing as advice", () => {
    renderPanel(result({ advice: false, basis: { ...result().basis!, statistics: false, advice: false } }));
    expect(screen.getByTestId("recommendations-no-advice")).toHaveTextContent(
      "Nothing to base suggestions on yet: no match statistics and no team priorities.",
    );
    expect(screen.queryByRole("button", { name: /Select Ahri/ })).toBeNull();
  });

  it("says it is still loading what the suggestions rest on instead of 'no statistics'", () => {
    renderPanel(result({ summary: null, basis: null }));
    expect(screen.getByText(/Loading what these suggestions rest on/)).toBeVisible();
    expect(screen.queryByText(/No match statistics/)).toBeNull();
  });

  it("shows a win rate only with its sample size", () => {
    const items = [{ ...result().items[0]!, win_rate: 54.2, win_rate_games: 120 }];
    renderPanel(result({ items }));
    expect(screen.getByTitle("54.2% win rate over 120 games").textContent).toBe("54%");
  });
});

describe("WinEstimate", () => {
  const base: WinEstimateData = {
    blue: 0.534,
    low: 0.47,
    high: 0.59,
    games: 400,
    picks: 10,
    basis: "draft",
    sufficient: true,
    logloss: 0.68,
    logloss_constant: 0.69,
    forward: { games: 100, logloss: 0.681, logloss_constant: 0.694 },
  };
  const show = (estimate: WinEstimateData) =>
    render(
      <I18nextProvider i18n={i18next}>
        <WinEstimate estimate={estimate} />
      </I18nextProvider>,
    );

  it("says the estimate in a plain sentence, with how sure it is behind a disclosure", () => {
    show(base);
    expect(screen.getByTestId("win-estimate-sentence").textContent).toBe(
      "Blue side 53% to win, red side 47%.",
    );
    const details = screen.getByTestId("win-estimate").querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe("How sure is this?");
    expect(details.textContent).toContain("Likely between 47% and 59% for blue");
    expect(details.textContent).toContain(
      "tested on 100 later games it beat the side's base rate (log-loss 0.681 vs 0.694)",
    );
  });

  it("names each team's results in the data when their form counts, in both languages", async () => {
    show({ ...base, form: { BLUE: { games: 5, wins: 4 }, RED: { games: 6, wins: 1 } } });
    expect(screen.getByTestId("win-estimate").textContent).toContain(
      "It counts each team's results in the data too: the blue side's team won 4 of 5, the red side's team 1 of 6.",
    );
    cleanup();
    show({ ...base, form: { BLUE: null, RED: { games: 3, wins: 2 } } });
    expect(screen.getByTestId("win-estimate").textContent).toContain(
      "the red side's team's results in the data too (won 2 of 3); the blue side's team has no games there.",
    );
    cleanup();
    show(base);
    expect(screen.getByTestId("win-estimate").textContent).not.toContain("team");
    cleanup();
    await i18next.changeLanguage("es");
    show({ ...base, form: { BLUE: { games: 5, wins: 4 }, RED: null } });
    expect(screen.getByTestId("win-estimate").textContent).toContain(
      "resultados del equipo del lado azul en los datos (ganó 4 de 5)",
    );
    // The forward figures in the reader's notation, three decimals each.
    expect(screen.getByTestId("win-estimate").textContent).toContain("(log-loss 0,681 frente a 0,694)");
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("says the data is too thin and gives the side's base rate when the picks did not beat it", () => {
    show({
      ...base,
      blue: 0.52,
      basis: "base_rate",
      forward: { games: 17, logloss: 0.711, logloss_constant: 0.71 },
    });
    expect(screen.getByTestId("win-estimate-sentence").textContent).toBe(
      "Too little data to estimate this draft. Blue side wins 52% of games, red side 48%.",
    );
    expect(screen.getByTestId("win-estimate").textContent).toContain("did not predict results better");
    cleanup();
    // no forward check at all (too few games over too few days): still the base rate, never a draft figure
    show({ ...base, forward: null });
    expect(screen.getByTestId("win-estimate-sentence").textContent).toContain(
      "Too little data to estimate this draft",
    );
    expect(screen.getByTestId("win-estimate").textContent).toContain(
      "not enough to test the picks on later games",
    );
  });

  it("shows no percentage on a handful of games, in both languages", async () => {
    show({ ...base, games: 1, sufficient: false });
    expect(screen.getByTestId("win-estimate").textContent).toContain("Only 1 game with a result");
    expect(screen.getByTestId("win-estimate").textContent).not.toContain("%");
    cleanup();
    await i18next.changeLanguage("es");
    show({ ...base, games: 1, sufficient: false });
    expect(screen.getByTestId("win-estimate").textContent).toContain("Solo 1 partida con resultado");
    cleanup();
    show({ ...base, basis: "base_rate" });
    expect(screen.getByTestId("win-estimate-sentence").textContent).toContain(
      "No hay datos suficientes para estimar este draft",
    );
    await i18next.changeLanguage("en");
  });
});
