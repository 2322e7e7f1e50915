import "@/lib/i18n.ts";
import type { Comment, Workspace, WorkspaceMember } from "@draftroom/contracts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { CommentsPanel } from "./CommentsPanel.tsx";

const SESSION_ID = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";

const comment: Comment = {
  id: "2c1b0a9f-8e7d-4c6b-9a58-4f3e2d1c0b9a",
  item_type: "session",
  item_id: SESSION_ID,
  parent_id: null,
  author: { id: 42, username: "sol", name: "Sol Vega" },
  body: "Azir here?",
  mentions: [],
  deleted: false,
  created_at: "2026-11-20T10:00:00.000Z",
  edited_at: null,
};

function renderPanel(workspace: Workspace, shown: Comment = comment, members: WorkspaceMember[] = []) {
  stubApi([
    [/^GET \/api\/items\/session\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
    [/^GET \/api\/comments\//, { workspace_id: WORKSPACE_ID, results: [shown] }],
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, members],
  ]);
  mountPanel();
}

function mountPanel() {
  renderInApp(<CommentsPanel type="session" id={SESSION_ID} />);
}

describe("comments offer only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lets a viewer read the discussion, says why there is no box, and offers no reply", async () => {
    renderPanel(workspaceAs("viewer"));
    expect(await screen.findByText("Viewers can read the discussion but not comment.")).toBeVisible();
    expect(screen.getByText("Azir here?")).toBeVisible();
    // The author as the team names them, with the username beside it.
    expect(screen.getByRole("article", { name: "Sol Vega (@sol)" })).toBeVisible();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
  });

  it("gives a player the box and Reply", async () => {
    renderPanel(workspaceAs("player"));
    expect(await screen.findByRole("button", { name: "Reply" })).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Write a comment" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("lets an owner moderate, but not once the workspace is read-only (the server refuses it)", async () => {
    renderPanel(workspaceAs("owner"));
    expect(await screen.findByRole("button", { name: "Delete" })).toBeVisible();
    cleanup();
    renderPanel(workspaceAs("owner", { readOnly: true }));
    expect(await screen.findByTestId("access-note")).toHaveTextContent(/^This workspace is read-only:/);
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("shows an @mention as the team names the person, with the username beside it", async () => {
    const ana: WorkspaceMember = {
      user_id: 7,
      username: "ana",
      name: "Ana Pérez",
      role: "player",
      status: "active",
      joined_at: "2026-11-20T10:00:00.000Z",
      last_seen_at: null,
    };
    const mentioning: Comment = {
      ...comment,
      body: "@ana take Azir",
      mentions: [{ id: 7, username: "ana", name: "Ana Pérez" }],
    };
    renderPanel(workspaceAs("player"), mentioning, [ana]);
    expect(await screen.findByText("Ana Pérez (@ana)")).toBeVisible();
  });

  it("asks for the rights and the mention list beside the comments, not after them", async () => {
    let answerComments: (body: unknown) => void = () => {};
    const requests = stubApi([
      [/^GET \/api\/items\/session\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
      [/^GET \/api\/comments\//, () => new Promise((resolve) => (answerComments = resolve))],
      [/^GET \/api\/workspaces\/$/, [workspaceAs("player")]],
      [/^GET \/api\/workspaces\/[^/]+\/members\/$/, []],
    ]);
    mountPanel();
    await waitFor(() => expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/members/`));
    expect(screen.getByText("Loading comments…")).toBeVisible();
    answerComments({ workspace_id: WORKSPACE_ID, results: [comment] });
    expect(await screen.findByText("Azir here?")).toBeVisible();
  });
});
