import "@/lib/i18n.ts";
import type { Workspace, WorkspaceMember } from "@draftroom/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client.ts";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import WorkspacePage from "./WorkspacePage.tsx";
import workspaceAhead from "./workspace.ahead.ts";

const member: WorkspaceMember = {
  user_id: 3,
  username: "sol",
  name: "Sol Ortega",
  role: "coach",
  status: "active",
  joined_at: "2026-11-20T10:00:00.000Z",
  last_seen_at: null,
};

function stub(workspace: Workspace) {
  return stubApi([
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, [member]],
    [/^GET \/api\/workspaces\/[^/]+\/invites\/$/, []],
    [/^GET \/api\/draft-plans\/\?workspace_id=/, { results: [] }],
    [/^GET \/api\/workspaces\/[^/]+\/activity\//, { results: [], next_before: null }],
    [/^GET \/api\/mentions\/$/, { unread: 0, results: [] }],
    [/^GET \/api\/drafts\/sessions\//, { count: 0, results: [] }],
    [/^GET \/api\/drafts\/leagues\/$/, []],
  ]);
}

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/app/workspaces/${WORKSPACE_ID}`]}>
        <Routes>
          <Route path="/app/workspaces/:workspaceId" element={<WorkspacePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The requests a list holds more than once (the page asking again for what was asked ahead). */
const repeated = (requests: string[]) =>
  requests.filter((request, index) => requests.indexOf(request) !== index);

describe("a page load of the workspace page asks for its data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the page's first render shows the workspace and its members, and nothing is asked twice", async () => {
    const requests = stub(workspaceAs("owner"));
    await workspaceAhead({ workspaceId: WORKSPACE_ID });
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/invites/`);
    renderPage();
    // No spinner first: the same keys, the same answers.
    expect(screen.queryByText("Loading the workspace…")).toBeNull();
    expect(within(screen.getByRole("region", { name: "Members" })).getByText("Sol Ortega")).toBeVisible();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(repeated(requests)).toEqual([]);
  });

  it("asks for the invites only where the member may manage them, as the page shows them", async () => {
    const requests = stub(workspaceAs("viewer"));
    await workspaceAhead({ workspaceId: WORKSPACE_ID });
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/`);
    expect(requests).not.toContain(`GET /api/workspaces/${WORKSPACE_ID}/invites/`);
  });
});
