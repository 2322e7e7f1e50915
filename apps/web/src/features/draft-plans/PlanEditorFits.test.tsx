import "@/lib/i18n.ts";
import {
  type Champion,
  type DraftPlan,
  type DraftPlanAnalysis,
  draftPlanContentSchema,
} from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import DraftPlanEditorPage from "./DraftPlanEditorPage.tsx";

const PLAN_ID = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const champion = (id: number, name: string): Champion => ({
  id,
  name,
  champion_key: name,
  role: "Fighter",
  tags: ["Fighter"],
  icon_url: "",
  splash_url: "",
});
const CHAMPIONS = [champion(1, "Aatrox"), champion(2, "Ahri"), champion(3, "Akali")];

const plan = (opponent: string | null): DraftPlan => ({
  id: PLAN_ID,
  workspace_id: WORKSPACE_ID,
  owner_id: 1,
  name: "vs Rivals",
  opponent_team: opponent,
  side: "BLUE",
  version: 1,
  content: draftPlanContentSchema.parse({ name: "vs Rivals", opponent_team: opponent, side: "BLUE" }),
  issues: [],
  can_edit: true,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

const TEAMS = [
  { id: 9, name: "Rivals Academy", short_name: "RVA", league_id: 4, league: "LVP SL", games: 6 },
];

// A drill as the server answers it: a small history (6 games), two silent steps on blue.
const ANALYSIS: DraftPlanAnalysis = {
  opponent: { name: "Rivals Academy", games: 6, side_games: 3 },
  drill: {
    drafts: 100,
    our_side: "BLUE",
    branches: [],
    main_line: 100,
    no_answer: [
      { step: 9, count: 12 },
      { step: 13, count: 4 },
    ],
    opponent_first_phase: [],
  },
  coverage: {
    share: 0.05,
    likely_picks: 40,
    drafts: 100,
    uncovered: [{ champion_id: 3, count: 35, share: 0.35 }],
  },
  likelihood: [],
  elapsed_ms: 412,
};

function renderEditor(opponent: string | null) {
  const requests = stubApi([
    [/^GET \/api\/workspaces\/$/, [workspaceAs("coach")]],
    [/^GET \/api\/draft-plans\/[^/]+\/$/, plan(opponent)],
    [/^GET \/api\/items\/plan\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
    [/^GET \/api\/drafts\/champions\/$/, CHAMPIONS],
    [/^GET \/api\/scouting\/teams\/$/, TEAMS],
    [/^POST \/api\/draft-plans\/[^/]+\/analysis\/$/, ANALYSIS],
  ]);
  renderInApp(<DraftPlanEditorPage />, {
    at: `/app/draft-plans/${PLAN_ID}`,
    route: "/app/draft-plans/:planId",
  });
  return requests;
}

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.click(combobox);
  const list = await screen.findByRole("listbox");
  fireEvent.click(within(list).getByRole("option", { name: option }));
}

describe("the plan editor fits a coach's way of working", () => {
  afterEach(() => {
    cleanup();
  });

  it("adds a ban only once a champion is chosen in the picker (never a default champion)", async () => {
    renderEditor("Rivals Academy");
    const add = await screen.findByRole("combobox", { name: "Add a ban" });
    expect(screen.queryByRole("list", { name: "Target bans" })).toBeNull();
    await choose(add, "Ahri");
    const bans = await screen.findByRole("list", { name: "Target bans" });
    expect(within(bans).getAllByRole("listitem")).toHaveLength(1);
    expect(within(bans).getByRole("combobox", { name: "Champion" })).toHaveTextContent("Ahri");
    expect(within(bans).queryByText("Aatrox")).toBeNull();
    expect(screen.getByText("Unsaved changes")).toBeVisible();
  });

  it("picks the opponent from the teams with a link to its scouting, free text only as 'not in our data'", async () => {
    renderEditor("Rivals Academy");
    const opponent = await screen.findByRole("combobox", { name: "Opponent team" });
    await waitFor(() => expect(opponent).toHaveTextContent("Rivals Academy · LVP SL · 6 games"));
    expect(screen.getByRole("link", { name: "Scouting report of Rivals Academy" })).toHaveAttribute(
      "href",
      "/app/scouting/teams/9",
    );
    expect(screen.queryByRole("textbox", { name: "Opponent's name" })).toBeNull();
    await choose(opponent, "Not in our data (type its name)");
    const name = screen.getByRole("textbox", { name: "Opponent's name" });
    fireEvent.change(name, { target: { value: "Scrim partner" } });
    expect(screen.getByText(/drill plays it with the global model alone/)).toBeVisible();
  });

  it("shows a stored name outside our data as such, not as a silent typo", async () => {
    renderEditor("Rivals Acadmy");
    expect(await screen.findByRole("textbox", { name: "Opponent's name" })).toHaveValue("Rivals Acadmy");
    expect(screen.getByRole("combobox", { name: "Opponent team" })).toHaveTextContent(
      "Not in our data (type its name)",
    );
  });

  it("reports the drill in a coach's words: whose step, counts beside shares, a small history said", async () => {
    renderEditor("Rivals Academy");
    fireEvent.click(await screen.findByRole("button", { name: "Run the drill" }));
    const report = await screen.findByText(/simulated drafts \(5%\)/);
    expect(report).toHaveTextContent(
      "The plan answers 2 of the 40 likely first-phase picks they made over 100 simulated drafts (5%).",
    );
    expect(
      screen.getByText("Akali: they took it in 35 of 100 simulated drafts (35%), and the plan has no answer"),
    ).toBeVisible();
    // Tournament order: step 9 is blue's second pick (B R R B…), step 13 blue's fourth ban (R B R B).
    expect(screen.getByText("At our second pick: no answer in 12 of 100 simulated drafts")).toBeVisible();
    expect(screen.getByText("At our fourth ban: no answer in 4 of 100 simulated drafts")).toBeVisible();
    expect(screen.getByRole("note")).toHaveTextContent(
      "Only 6 games of Rivals Academy in our data: a small history.",
    );
    const panel = screen.getByRole("region", { name: "Against the modelled opponent" });
    expect(panel.textContent).not.toMatch(/Step \d|\bms\b/);
  });
});
