import "@/lib/i18n.ts";
import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  type Series,
  type Workspace,
} from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import SeriesPage from "./SeriesPage.tsx";

const SERIES_ID = "3c2b1a0f-9e8d-4c7b-8a69-5f4e3d2c1b0a";

/** A Bo3 after game 1 (T1 Academy won): game 2 is ready to start. */
const series: Series = {
  id: SERIES_ID,
  title: "Bo3 vs G2",
  league: null,
  team_a: { id: null, name: "T1 Academy" },
  team_b: { id: null, name: "G2" },
  best_of: 3,
  rule: { from: "picks", scope: "both", reset_last_game: false },
  preset: "hard",
  disabled_champions: [],
  side_choice: "loser",
  scrim_block: false,
  format: DEFAULT_DRAFT_FORMAT,
  settings: DEFAULT_DRAFT_SETTINGS,
  score: { A: 1, B: 0, winner: null },
  status: "in_progress",
  next: { status: "ready", number: 2, chooser: { by: "team", team: "B" } },
  games: [
    {
      number: 1,
      session_id: "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21",
      blue_team: "A",
      winner: "A",
      status: "complete",
      current_step: 20,
      actions: [],
    },
  ],
  locked_game: 2,
  locked: { A: [], B: [] },
  champions: [],
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

function renderPage(workspace: Workspace | null, scrimGame: unknown = null) {
  const requests = stubApi([
    [/^GET \/api\/series\/[^/]+\/$/, series],
    [/^GET \/api\/scrims\/of-draft\/5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21\/$/, { game: scrimGame }],
    [
      /^GET \/api\/series\/[^/]+\/room\/$/,
      new Response(JSON.stringify({ detail: "Not found.", code: "not_found" }), { status: 404 }),
    ],
    [
      /^GET \/api\/items\/series\/[^/]+\/context\/$/,
      { workspace_id: workspace?.id ?? null, last_edited: null },
    ],
    [/^GET \/api\/workspaces\/$/, workspace ? [workspace] : []],
    [/^GET \/api\/comments\//, { workspace_id: WORKSPACE_ID, results: [] }],
  ]);
  renderInApp(<SeriesPage />, { at: `/app/series/${SERIES_ID}`, route: "/app/series/:seriesId" });
  return requests;
}

describe("the series page offers only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lets a viewer follow the series, says why, and offers no delete, next game, room or result", async () => {
    renderPage(workspaceAs("viewer"));
    expect(await screen.findByText("Viewers can follow series but not change them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Start game 2" })).toBeNull();
    expect(screen.queryByRole("button", { name: /won$/ })).toBeNull();
    expect(screen.queryByRole("group", { name: "Who won game 1?" })).toBeNull();
    expect(screen.queryByTestId("series-live-room")).toBeNull();
  });

  it("gives a coach every control and nothing to explain", async () => {
    renderPage(workspaceAs("coach"));
    expect(await screen.findByRole("button", { name: "Delete" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Start game 2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "T1 Academy won" })).toBeVisible();
    expect(screen.getByTestId("series-live-room")).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("links a fearless scrim's series back to the scrim; a series of no scrim, or a personal one, shows no link", async () => {
    renderPage(workspaceAs("viewer"), {
      scrim_id: "5b0c7c4e-2f7e-4d8a-9a51-0c1d2e3f4a5b",
      workspace_id: WORKSPACE_ID,
      title: "Scrim vs G2",
      untitled: true,
      kind: "scrim",
      opponent_name: "G2",
      game_id: "6c1d8d5f-3a8f-4e9b-8b62-1d2e3f4a5b6c",
      number: 1,
      result_kept: true,
    });
    expect(await screen.findByRole("link", { name: "Scrim ledger: Scrim vs G2" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/scrims/5b0c7c4e-2f7e-4d8a-9a51-0c1d2e3f4a5b`,
    );
    cleanup();

    const inWorkspace = renderPage(workspaceAs("coach"));
    expect(await screen.findByRole("button", { name: "Delete" })).toBeVisible();
    await vi.waitFor(() =>
      expect(inWorkspace.some((request) => request.includes("/scrims/of-draft/"))).toBe(true),
    );
    expect(screen.queryByTestId("series-scrim-link")).toBeNull();
    cleanup();

    const personal = renderPage(null);
    expect(await screen.findByRole("button", { name: "Delete" })).toBeVisible();
    expect(personal.some((request) => request.includes("/scrims/"))).toBe(false);
  });

  it("says a read-only workspace's series cannot change, even for its coach", async () => {
    renderPage(workspaceAs("coach", { readOnly: true }));
    expect((await screen.findAllByTestId("access-note"))[0]).toHaveTextContent(
      /^This workspace is read-only:/,
    );
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
