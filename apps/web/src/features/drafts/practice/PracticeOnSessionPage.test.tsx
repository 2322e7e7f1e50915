import "@/lib/i18n.ts";
import type { Practice, Workspace } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, workspaceAs } from "@/test/workspace-fixtures.ts";
import { PracticeOnSessionPage } from "./PracticeOnSessionPage.tsx";

const SESSION_ID = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";

const practice: Practice = {
  session_id: SESSION_ID,
  room_id: "6e5d4c3b-2a19-4f8e-8d7c-6b5a4f3e2d1c",
  opponent_team: "G2",
  user_side: "BLUE",
  style: "balanced",
  review: null,
  created_at: "2026-11-20T10:00:00.000Z",
  completed_at: null,
};

function renderPanel(workspace: Workspace) {
  stubApi([[/^GET \/api\/practice\/sessions\/[^/]+\/lookup\/$/, { practice }]]);
  renderInApp(
    <PracticeOnSessionPage
      sessionId={SESSION_ID}
      complete={false}
      champions={new Map()}
      mayContinue={workspace.capabilities.includes("edit_practice")}
      workspace={workspace}
    />,
  );
}

describe("a practice on its session's page offers Continue only to those who may practise", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a viewer the practice without Continue, and why", async () => {
    renderPanel(workspaceAs("viewer"));
    expect(
      await screen.findByText("Viewers can read practice runs and reviews but not start or change them."),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Continue the practice" })).toBeNull();
  });

  it("offers an analyst Continue", async () => {
    renderPanel(workspaceAs("analyst"));
    expect(await screen.findByRole("button", { name: "Continue the practice" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });
});
