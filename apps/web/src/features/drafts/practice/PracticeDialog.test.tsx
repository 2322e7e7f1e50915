import "@/lib/i18n.ts";
import type { WorkspaceRole } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { PracticeDialog } from "./PracticeDialog.tsx";

/** Renders the dialog on a team, starts the practice and answers what was sent. */
async function startPractice(role: WorkspaceRole | null) {
  if (role) setCurrentWorkspace(WORKSPACE_ID);
  const sent: unknown[] = [];
  stubApi([
    [/GET \/api\/workspaces\/$/, role ? [workspaceAs(role)] : []],
    [
      /GET \/api\/practice\/teams\//,
      { teams: [{ name: "G2 Esports", games: 12, imported_games: 12, draft_games: 0 }] },
    ],
    [
      /POST \/api\/practice\/$/,
      (_url: URL, init: RequestInit | undefined) => {
        sent.push(JSON.parse(String(init?.body)));
        return { practice: {}, path: "/app/room/r1#token" };
      },
    ],
  ]);
  renderInApp(<PracticeDialog open onOpenChange={() => {}} initialTeam="G2 Esports" />);
  const start = await screen.findByRole("button", { name: "Start practice" });
  await vi.waitFor(() => expect(start).toBeEnabled());
  await screen.findByText(/G2 Esports · 12 games/);
  await userEvent.click(start);
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  return sent[0] as Record<string, unknown>;
}

describe("a new practice goes to the space on view when the member may add practices there", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("a coach's practice is the team's: in the workspace, under the team's name", async () => {
    const body = await startPractice("coach");
    expect(body).toMatchObject({
      opponent_team: "G2 Esports",
      workspace_id: WORKSPACE_ID,
      team_name: "T1 Academy",
    });
    expect(screen.getByText("Saved in T1 Academy, where the whole team sees it.")).toBeVisible();
  });

  it("a player's practice stays personal, and the dialog says why", async () => {
    const body = await startPractice("player");
    expect(body).not.toHaveProperty("workspace_id");
    expect(body).toMatchObject({ team_name: "Your team" });
    expect(
      screen.getByText("Saved in your personal space: your role in T1 Academy does not add practices there."),
    ).toBeVisible();
  });

  it("in the personal space nothing is said and no workspace is sent", async () => {
    const body = await startPractice(null);
    expect(body).not.toHaveProperty("workspace_id");
    expect(screen.queryByText(/^Saved in/)).toBeNull();
  });
});
