import type { PlanBranchScrims as Branch, PlanScrims, ScrimDrafting } from "@draftroom/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import scrims from "@/locales/en/scrims.json";
import esScrims from "@/locales/es/scrims.json";
import { ScrimDraftingView } from "./OurScrimDrafting.tsx";
import { PlanBranchScrims } from "./PlanBranchScrims.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { scrims }, es: { scrims: esScrims } },
    ns: ["scrims"],
    defaultNS: "scrims",
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const figure = (wins: number, losses: number) => ({
  n: wins + losses,
  wins,
  losses,
  win_rate: wins + losses === 0 ? null : wins / (wins + losses),
  small_sample: wins + losses < 5,
});
const verdicts = (won = 0, lost = 0) => ({ draft_won: won, draft_lost: lost, even: 0, execution: 0 });
const game = (n: number, winner: "us" | "them" | null, status: "played" | "remake" = "played") => ({
  scrim_id: `s${n}`,
  scrim_title: "Scrim vs Los Ratones",
  scrim_untitled: true,
  scrim_kind: "scrim" as const,
  opponent_name: "Los Ratones",
  game_id: `g${n}`,
  game_number: 1,
  starts_at: `2026-10-0${n}T18:00:00.000Z`,
  status,
  winner,
  verdict: null,
});
const branch = (over: Partial<Branch>): Branch => ({
  branch_id: null,
  branch_label: null,
  in_plan: true,
  depth: 0,
  ...figure(0, 0),
  games: 0,
  verdicts: verdicts(),
  game_list: [],
  ...over,
});

const plan: PlanScrims = {
  plan_id: "p1",
  workspace_id: "w1",
  kind: "scrim",
  small_sample_threshold: 5,
  overall: figure(8, 3),
  games: 12,
  branches: [
    branch({}),
    branch({
      branch_id: "poke",
      branch_label: "Against poke",
      ...figure(7, 2),
      games: 10,
      verdicts: verdicts(3, 1),
      game_list: [
        game(6, "us"),
        game(5, null, "remake"),
        game(4, "them"),
        game(3, "us"),
        game(2, "us"),
        game(1, "us"),
      ],
    }),
    branch({ branch_id: "late", branch_label: "Late poke", depth: 1, ...figure(1, 1), games: 2 }),
    branch({ branch_id: "gone", branch_label: "Old idea", in_plan: false, ...figure(0, 0), games: 0 }),
  ],
};

const renderPlan = (data: PlanScrims) =>
  render(
    <I18nextProvider i18n={i18next}>
      <MemoryRouter>
        <PlanBranchScrims data={data} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe("a plan's branches in our scrims", () => {
  it("shows each branch's record, sample, verdicts and links to its games, small samples marked", () => {
    renderPlan(plan);
    const section = screen.getByRole("region", { name: "In our scrims" });
    const poke = within(section).getByRole("row", { name: /Against poke/ });
    expect(poke).toHaveTextContent("7-2 (78%)");
    expect(poke).toHaveTextContent("9 of 10 games counted");
    expect(poke).toHaveTextContent("Draft won it 3 · Draft lost it 1");
    expect(within(poke).queryByTitle("Small sample: fewer than 5 games")).toBeNull();
    // Four games shown, newest first, each a link to its game on the scrim's page.
    const links = within(poke).getAllByRole("link");
    expect(links).toHaveLength(4);
    expect(links[0]).toHaveAttribute("href", "/app/workspaces/w1/scrims/s6#game-g6");
    expect(poke).toHaveTextContent("and 2 more games");
    expect(poke).toHaveTextContent("Remake");

    const late = screen.getByRole("row", { name: /Late poke/ });
    expect(late).toHaveTextContent("1-1 (50%)");
    expect(within(late).getByTitle("Small sample: fewer than 5 games")).toHaveTextContent("small sample");
    expect(screen.getByRole("row", { name: /The plan itself/ })).toHaveTextContent("No counted games");
    expect(screen.getByRole("row", { name: /Old idea/ })).toHaveTextContent("no longer in the plan");
    expect(section).toHaveTextContent("All branches: 8-3 (73%)");
  });

  it("says so when no scrim followed the plan", () => {
    renderPlan({ ...plan, games: 0, overall: figure(0, 0), branches: [branch({})] });
    expect(screen.getByText(/No scrim has followed this plan yet/)).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    renderPlan(plan);
    expect(screen.getByRole("region", { name: "En nuestros scrims" })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Against poke/ })).toHaveTextContent("9 de 10 partidas contadas");
  });
});

const drafting: ScrimDrafting = {
  workspace_id: "w1",
  team_id: 7,
  kind: "scrim",
  mixed: false,
  small_sample_threshold: 5,
  games: { total: 14, counted: 12, with_draft: 11 },
  overall: figure(8, 4),
  by_side: [
    { key: "BLUE", label: "Blue side", ...figure(5, 2) },
    { key: "RED", label: "Red side", ...figure(3, 2) },
  ],
  by_first_pick: [{ key: "first_pick", label: "First pick", ...figure(5, 2) }],
  picks: [{ champion_id: 68, name: "Rumble", games: 9, ...figure(7, 2) }],
  first_picks: [{ champion_id: 150, name: "Gnar", games: 3, ...figure(1, 2) }],
  bans: [{ champion_id: 1, name: "Azir", count: 6 }],
  bans_against: [],
};

const renderDrafting = (data: ScrimDrafting) =>
  render(
    <I18nextProvider i18n={i18next}>
      <ScrimDraftingView data={data} />
    </I18nextProvider>,
  );

describe("how we draft in our scrims", () => {
  it("shows the scrim record, sides and champions, labelled as scrims only", () => {
    renderDrafting(drafting);
    const view = screen.getByTestId("our-scrims");
    expect(view).toHaveTextContent("From our scrim ledger only");
    expect(view).toHaveTextContent("12 of 14 games counted");
    expect(view).toHaveTextContent("Blue side5-2 (71%)");
    const picks = screen.getByRole("region", { name: "Our picks" });
    expect(picks).toHaveTextContent("Rumble9 games · 7-2 (78%)");
    const firstPicks = screen.getByRole("region", { name: "Our first picks" });
    expect(within(firstPicks).getByTitle("Small sample: fewer than 5 games")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Our bans" })).toHaveTextContent("Azir6 games");
    expect(screen.getByRole("region", { name: "Banned against us" })).toHaveTextContent("Nothing yet.");
  });

  it("says so when there are no scrims, and speaks Spanish", async () => {
    renderDrafting({ ...drafting, games: { total: 0, counted: 0, with_draft: 0 } });
    expect(screen.getByText("No scrims for these filters")).toBeInTheDocument();
    cleanup();
    await i18next.changeLanguage("es");
    renderDrafting(drafting);
    expect(screen.getByRole("region", { name: "Nuestros picks" })).toHaveTextContent("Rumble9 partidas");
  });
});
