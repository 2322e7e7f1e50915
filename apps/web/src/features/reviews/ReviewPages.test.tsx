import "@/lib/i18n.ts";
import type { Review, Workspace } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import ReviewCreatePage from "./ReviewCreatePage.tsx";
import ReviewDetailPage from "./ReviewDetailPage.tsx";

const REVIEW_ID = "0b6f1d62-5d52-4a3e-9a51-3a9f0c2d7e41";

const review = (canEdit: boolean): Review => ({
  id: REVIEW_ID,
  league: { id: 1, name: "LCK" },
  team: { id: 2, name: "T1" },
  season: "2026 Spring",
  title: "Their mid lane",
  description: "What we expect",
  review_text: "They swap mid laners in scrims.",
  status: "rumor",
  players: [],
  author: { id: 9, username: "analyst", name: null },
  is_owner: false,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  workspace_id: WORKSPACE_ID,
  can_edit: canEdit,
});

function renderAt(path: string, workspace: Workspace) {
  stubApi([
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/rosters\/reviews\/[^/]+\/$/, review(workspace.capabilities.includes("edit_practice"))],
    [/^GET \/api\/items\/review\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
    [/^GET \/api\/drafts\/leagues\//, []],
  ]);
  renderInApp(
    <Routes>
      <Route path="/app/rosters/reviews/create" element={<ReviewCreatePage />} />
      <Route path="/app/rosters/reviews/:id" element={<ReviewDetailPage />} />
    </Routes>,
    { at: path },
  );
}

describe("roster reviews offer only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("shows a viewer a workspace review without Edit or Delete, and why", async () => {
    renderAt(`/app/rosters/reviews/${REVIEW_ID}`, workspaceAs("viewer"));
    expect(
      await screen.findByText("Viewers can read practice runs and reviews but not start or change them."),
    ).toBeVisible();
    expect(screen.getByRole("heading", { name: "Their mid lane" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("gives an analyst Edit and Delete, with nothing to explain", async () => {
    renderAt(`/app/rosters/reviews/${REVIEW_ID}`, workspaceAs("analyst"));
    expect(await screen.findByRole("button", { name: "Edit" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("does not offer a viewer the form to write a review in the workspace", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    renderAt("/app/rosters/reviews/create", workspaceAs("viewer"));
    expect(
      await screen.findByText("Viewers can read practice runs and reviews but not start or change them."),
    ).toBeVisible();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("offers a coach the form, saying the review stays in the workspace", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    renderAt("/app/rosters/reviews/create", workspaceAs("coach"));
    expect(await screen.findByTestId("review-workspace-note")).toHaveTextContent("T1 Academy");
    expect(screen.getAllByRole("textbox").length).toBeGreaterThan(0);
    expect(screen.queryByTestId("access-note")).toBeNull();
  });
});
