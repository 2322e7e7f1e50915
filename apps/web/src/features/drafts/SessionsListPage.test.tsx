import "@/lib/i18n.ts";
import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  type DraftSession,
  type Workspace,
} from "@draftroom/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import SessionsListPage from "./SessionsListPage.tsx";

const session: DraftSession = {
  id: "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21",
  title: "Scrim vs G2",
  description: "",
  league: null,
  blue_team: null,
  red_team: null,
  blue_team_name: "T1 Academy",
  red_team_name: "G2",
  settings: DEFAULT_DRAFT_SETTINGS,
  format: DEFAULT_DRAFT_FORMAT,
  series: null,
  current_phase: 1,
  current_step: 4,
  status: "in_progress",
  winner: null,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

function renderList(workspace: Workspace) {
  setCurrentWorkspace(WORKSPACE_ID);
  stubApi([
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/drafts\/sessions\/\?/, { count: 1, next: null, previous: null, results: [session] }],
    [/^GET \/api\/drafts\/leagues\//, []],
    [/^GET \/api\/drafts\/teams\//, []],
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SessionsListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    expect(screen.queryByRole("button", { name: "Edit Scrim vs G2" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Scrim vs G2" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Live room for Scrim vs G2" })).toBeNull();
  });

  it("gives a coach every control on the list and its cards", async () => {
    renderList(workspaceAs("coach"));
    expect(await screen.findByRole("button", { name: "Edit Scrim vs G2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Create Draft" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete Scrim vs G2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Live room for Scrim vs G2" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });
});
