import "@/lib/i18n.ts";
import type { DraftSession, Workspace } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { draftSession } from "@/test/session-fixtures.ts";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import SessionsListPage from "./SessionsListPage.tsx";

const session: DraftSession = draftSession({ current_step: 4 });

function renderList(workspace: Workspace, sessions: DraftSession[] = [session]) {
  setCurrentWorkspace(WORKSPACE_ID);
  stubApi([
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [
      /^GET \/api\/drafts\/sessions\/\?/,
      { count: sessions.length, next: null, previous: null, results: sessions },
    ],
    [/^GET \/api\/drafts\/leagues\//, []],
    [/^GET \/api\/drafts\/teams\//, []],
  ]);
  renderInApp(<SessionsListPage />);
}

describe("the sessions list offers only what the member may do in the chosen workspace", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("lists a workspace's drafts to a viewer without Create, Edit, Delete or Live room, and says why", async () => {
    renderList(workspaceAs("viewer"));
    expect(await screen.findByText("Viewers can read drafts but not change them.")).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Scrim vs G2" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Create Draft" })).toBeNull();
    // An import would add a draft to the team's space too.
    expect(screen.queryByRole("button", { name: "Import draft" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Scrim vs G2" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Scrim vs G2" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Live room for Scrim vs G2" })).toBeNull();
  });

  it("gives a coach every control on the list and its cards", async () => {
    renderList(workspaceAs("coach"));
    expect(await screen.findByRole("button", { name: "Edit Scrim vs G2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Create Draft" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Import draft" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete Scrim vs G2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Live room for Scrim vs G2" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("tells a viewer of an empty team space that the staff's drafts will show, not to create one", async () => {
    renderList(workspaceAs("viewer"), []);
    expect(
      await screen.findByText("The team's draft sessions will appear here once its staff creates one."),
    ).toBeVisible();
    expect(screen.queryByText("Create your first draft session to get started")).toBeNull();
  });

  it("invites an analyst of an empty team space to create the first draft", async () => {
    renderList(workspaceAs("analyst"), []);
    expect(await screen.findByText("Create your first draft session to get started")).toBeVisible();
  });
});
