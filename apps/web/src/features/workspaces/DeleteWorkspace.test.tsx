import "@/lib/i18n.ts";
import type { Workspace } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentWorkspace, setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { planFeaturesOf } from "@/test/workspace-fixtures.ts";
import { DeleteWorkspace } from "./DeleteWorkspace.tsx";

const workspace: Workspace = {
  id: "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001",
  name: "T1 Academy",
  tag: "T1A",
  colour: "#e11d48",
  team_id: null,
  team_name: null,
  role: "owner",
  capabilities: [],
  read_only: false,
  read_only_reason: null,
  seats: { staff_used: 1, staff_limit: 5, roster_used: 0, roster_limit: 15 },
  plan_features: planFeaturesOf("pro"),
  billing: { owner: { user_id: 1, username: "owner", name: null }, offer: null },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

function renderIt() {
  return renderInApp(
    <Routes>
      <Route path="/app/workspaces/:workspaceId" element={<DeleteWorkspace workspace={workspace} />} />
      <Route path="/app/workspaces" element={<p>All workspaces</p>} />
    </Routes>,
    { at: `/app/workspaces/${workspace.id}` },
  );
}

describe("DeleteWorkspace", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("deletes only once the name is typed, then leaves the workspace and the switcher's choice", async () => {
    const asked: { url: string; method: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        asked.push({ url, method: init?.method ?? "GET" });
        return new Response(null, { status: 204 });
      }),
    );
    setCurrentWorkspace(workspace.id);
    renderIt();
    fireEvent.click(screen.getByRole("button", { name: "Delete workspace…" }));
    const confirm = await screen.findByRole("button", { name: "Delete for everyone" });
    expect(screen.getByRole("dialog")).toHaveTextContent(/go back to the personal space/);
    expect(confirm.hasAttribute("disabled")).toBe(true);
    const name = screen.getByLabelText(/Type T1 Academy to confirm/);
    fireEvent.change(name, { target: { value: "T1 Academ" } });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    // Enter in the field does nothing while the name is wrong
    fireEvent.submit(name.closest("form")!);
    expect(asked.filter((call) => call.method === "DELETE")).toEqual([]);

    fireEvent.change(name, { target: { value: "T1 Academy" } });
    expect(confirm.hasAttribute("disabled")).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText("All workspaces");
    expect(asked.filter((call) => call.method === "DELETE").map((call) => call.url)).toEqual([
      `/api/workspaces/${workspace.id}/`,
    ]);
    await waitFor(() => expect(currentWorkspace()).toBeNull());
  });
});
