import "@/lib/i18n.ts";
import type { Workspace } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import SeriesListPage from "./SeriesListPage.tsx";

function renderList(workspace: Workspace) {
  setCurrentWorkspace(WORKSPACE_ID);
  stubApi([
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/series\//, { count: 0, next: null, previous: null, results: [] }],
  ]);
  renderInApp(<SeriesListPage />);
}

describe("the series list offers New series only where the member may create one", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("tells a viewer why there is no New series", async () => {
    renderList(workspaceAs("viewer"));
    expect(await screen.findByText("Viewers can follow series but not change them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "New series" })).toBeNull();
    // The empty list says where the team's series come from, not "Create a fearless series".
    expect(
      await screen.findByText("The team's series will appear here once its staff creates one."),
    ).toBeVisible();
    expect(screen.queryByText(/^Create a fearless series/)).toBeNull();
  });

  it("offers a coach New series, with nothing to explain", async () => {
    renderList(workspaceAs("coach"));
    expect((await screen.findAllByRole("button", { name: "New series" })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("access-note")).toBeNull();
    expect(screen.getByText(/^Create a fearless series/)).toBeVisible();
  });
});
