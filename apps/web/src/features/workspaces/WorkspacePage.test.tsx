import "@/lib/i18n.ts";
import type { Workspace, WorkspaceMember } from "@draftroom/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import WorkspacePage from "./WorkspacePage.tsx";

const member: WorkspaceMember = {
  user_id: 3,
  username: "sol",
  role: "coach",
  status: "active",
  joined_at: "2026-11-20T10:00:00.000Z",
  last_seen_at: null,
};

function renderPage(workspace: Workspace) {
  stubApi([
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, [member]],
    [/^GET \/api\/workspaces\/[^/]+\/invites\/$/, []],
    [/^GET \/api\/workspaces\/[^/]+\/activity\//, { results: [], next_before: null }],
    [/^GET \/api\/mentions\/$/, { unread: 0, results: [] }],
    [/^GET \/api\/drafts\/sessions\//, { count: 0, results: [] }],
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/app/workspaces/${WORKSPACE_ID}`]}>
        <Routes>
          <Route path="/app/workspaces/:workspaceId" element={<WorkspacePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the workspace page offers member management only to those who may", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a viewer the members with their roles, no controls, and why", async () => {
    renderPage(workspaceAs("viewer"));
    const members = within(await screen.findByRole("region", { name: "Members" }));
    expect(await members.findByText("sol")).toBeVisible();
    expect(members.getByText("Viewers can see the members but not invite or manage them.")).toBeVisible();
    expect(members.queryByLabelText("Role of sol")).toBeNull();
    expect(screen.queryByRole("region", { name: "Invites" })).toBeNull();
  });

  it("gives an owner the role controls and the invites, with nothing to explain", async () => {
    renderPage(workspaceAs("owner"));
    const members = within(await screen.findByRole("region", { name: "Members" }));
    expect(await members.findByLabelText("Role of sol")).toBeVisible();
    expect(screen.getByRole("region", { name: "Invites" })).toBeVisible();
    expect(members.queryByTestId("access-note")).toBeNull();
  });
});
