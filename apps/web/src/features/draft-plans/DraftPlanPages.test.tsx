import "@/lib/i18n.ts";
import {
  type DraftPlan,
  draftPlanContentSchema,
  type PlanScrims,
  type Workspace,
} from "@draftroom/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import DraftPlanEditorPage from "./DraftPlanEditorPage.tsx";
import DraftPlansPage from "./DraftPlansPage.tsx";

const PLAN_ID = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const plan = (canEdit: boolean): DraftPlan => ({
  id: PLAN_ID,
  workspace_id: WORKSPACE_ID,
  owner_id: 1,
  name: "vs G2, blue side",
  opponent_team: "G2",
  side: "BLUE",
  version: 3,
  content: draftPlanContentSchema.parse({ name: "vs G2, blue side", opponent_team: "G2", side: "BLUE" }),
  issues: [],
  can_edit: canEdit,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

const figure = (wins: number, losses: number) => ({
  n: wins + losses,
  wins,
  losses,
  win_rate: wins + losses === 0 ? null : wins / (wins + losses),
  small_sample: wins + losses < 5,
});

/** The plan's branches in the workspace's scrims (decision 058): none unless a test says so. */
const noScrims: PlanScrims = {
  plan_id: PLAN_ID,
  workspace_id: WORKSPACE_ID,
  kind: "scrim",
  small_sample_threshold: 5,
  overall: figure(0, 0),
  games: 0,
  branches: [],
};

function renderAt(
  path: string,
  workspace: Workspace,
  scrims: PlanScrims = noScrims,
  workspaceHasPlan = true,
) {
  const canEdit = workspace.capabilities.includes("edit_plans");
  stubApi([
    [/^GET \/api\/draft-plans\/[^/]+\/scrims\/$/, scrims],
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/draft-plans\/\?workspace_id=/, { results: workspaceHasPlan ? [plan(canEdit)] : [] }],
    [/^GET \/api\/draft-plans\/$/, { results: [] }],
    [/^GET \/api\/draft-plans\/[^/]+\/$/, plan(canEdit)],
    [/^GET \/api\/items\/plan\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
    [/^GET \/api\/drafts\/champions\/$/, []],
  ]);
  renderInApp(
    <Routes>
      <Route path="/app/draft-plans" element={<DraftPlansPage />} />
      <Route path="/app/draft-plans/:planId" element={<DraftPlanEditorPage />} />
    </Routes>,
    { at: path },
  );
}

/** Opens the editor's "More" menu (a Radix menu opens on Enter) and answers the menu. */
async function openMore() {
  const trigger = await screen.findByRole("button", { name: "More" });
  fireEvent.keyDown(trigger, { key: "Enter" });
  return screen.findByRole("menu");
}

async function chooseWorkspace() {
  const select = (await screen.findByLabelText("Plans of")) as HTMLSelectElement;
  await screen.findByRole("option", { name: "T1 Academy (T1A)" });
  fireEvent.change(select, { target: { value: WORKSPACE_ID } });
  await screen.findByRole("link", { name: /vs G2, blue side/ });
}

describe("draft plans offer only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists a workspace's plans to a viewer without New plan or Import, and says why", async () => {
    renderAt("/app/draft-plans", workspaceAs("viewer"));
    // The personal space is the viewer's own: creating there is offered.
    expect(await screen.findByRole("button", { name: /New plan/ })).toBeVisible();
    await chooseWorkspace();
    expect(screen.getByText("Viewers can read draft plans but not change them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: /New plan/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Import JSON/ })).toBeNull();
  });

  it("an empty list invites the viewer to write a plan in their own space, not in the team's", async () => {
    renderAt("/app/draft-plans", workspaceAs("viewer"), noScrims, false);
    expect(await screen.findByText("Write the first plan for your next opponent.")).toBeVisible();
    const select = (await screen.findByLabelText("Plans of")) as HTMLSelectElement;
    await screen.findByRole("option", { name: "T1 Academy (T1A)" });
    fireEvent.change(select, { target: { value: WORKSPACE_ID } });
    expect(
      await screen.findByText("The team's draft plans will appear here once its staff writes one."),
    ).toBeVisible();
    expect(screen.queryByText("Write the first plan for your next opponent.")).toBeNull();
  });

  it("offers a coach New plan and Import in the workspace, with nothing to explain", async () => {
    renderAt("/app/draft-plans", workspaceAs("coach"));
    await chooseWorkspace();
    expect(screen.getByRole("button", { name: /New plan/ })).toBeVisible();
    expect(screen.getByRole("button", { name: /Import JSON/ })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("opens a plan read-only for a viewer: no Save, Delete or Duplicate, and why", async () => {
    renderAt(`/app/draft-plans/${PLAN_ID}`, workspaceAs("viewer"));
    expect(await screen.findByText("Viewers can read draft plans but not change them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: /Save/ })).toBeNull();
    // Drill and print stay at the top for a reader too.
    expect(screen.getByRole("button", { name: /Drill/ })).toBeVisible();
    expect(screen.getByRole("button", { name: /Print/ })).toBeVisible();
    const more = await openMore();
    expect(within(more).queryByRole("menuitem", { name: /Delete plan/ })).toBeNull();
    expect(within(more).queryByRole("menuitem", { name: /Duplicate/ })).toBeNull();
  });

  it("gives a coach Save, Drill and Print at the top, Delete and Duplicate under More", async () => {
    renderAt(`/app/draft-plans/${PLAN_ID}`, workspaceAs("coach"));
    expect(await screen.findByRole("button", { name: /Save/ })).toBeVisible();
    expect(screen.getByRole("button", { name: /Drill/ })).toBeVisible();
    const more = await openMore();
    expect(within(more).getByRole("menuitem", { name: /Duplicate/ })).toBeVisible();
    expect(within(more).getByRole("menuitem", { name: /Delete plan/ })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("shows a viewer how the plan's branches fared in scrims, with links to the games", async () => {
    renderAt(`/app/draft-plans/${PLAN_ID}`, workspaceAs("viewer"), {
      ...noScrims,
      overall: figure(7, 2),
      games: 9,
      branches: [
        {
          branch_id: "poke",
          branch_label: "Against poke",
          in_plan: true,
          depth: 0,
          ...figure(7, 2),
          games: 9,
          verdicts: { draft_won: 4, draft_lost: 1, even: 0, execution: 2 },
          game_list: [
            {
              scrim_id: "s1",
              scrim_title: "Scrim vs G2",
              scrim_untitled: true,
              scrim_kind: "scrim",
              opponent_name: "G2",
              game_id: "g1",
              game_number: 2,
              starts_at: "2026-11-21T18:00:00.000Z",
              status: "played",
              winner: "us",
              verdict: "draft_won",
            },
          ],
        },
      ],
    });
    const section = await screen.findByRole("region", { name: "In our scrims" });
    const row = within(section).getByRole("row", { name: /Against poke/ });
    expect(row).toHaveTextContent("7-2");
    expect(within(row).getByRole("link", { name: /Scrim vs G2, game 2/ })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/scrims/s1#game-g1`,
    );
  });
});
