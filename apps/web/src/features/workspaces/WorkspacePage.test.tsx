import "@/lib/i18n.ts";
import type {
  DraftPlanSummary,
  DraftSession,
  Workspace,
  WorkspaceInvite,
  WorkspaceMember,
} from "@draftroom/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentWorkspace, setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { draftSession } from "@/test/session-fixtures.ts";
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

const invite = (label: string | null, invitee: string | null): WorkspaceInvite => ({
  id: `tok${label ?? invitee ?? "anyone"}`.replace(/[^A-Za-z0-9]/g, "").padEnd(24, "x"),
  role: "player",
  invitee_username: invitee,
  label,
  max_uses: 1,
  uses: 0,
  state: "valid",
  expires_at: "2026-12-06T10:00:00.000Z",
  created_at: "2026-11-29T10:00:00.000Z",
  created_by_username: "owner",
});

const planSummary: DraftPlanSummary = {
  id: "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  workspace_id: WORKSPACE_ID,
  name: "vs Rivals, blue",
  opponent_team: "Rivals Academy",
  side: "BLUE",
  version: 2,
  can_edit: true,
  updated_at: "2026-11-28T10:00:00.000Z",
};

const draft = (title: string, changes: Partial<DraftSession>): DraftSession =>
  draftSession({
    id: `5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e2${title.length % 10}`,
    title,
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...changes,
  });

/** The server of one workspace, as its page reads it; returns every request made. */
function stubWorkspace(
  workspace: Workspace,
  invites: WorkspaceInvite[] = [],
  sessions: DraftSession[] = [],
  sessionCount = sessions.length,
) {
  return stubApi([
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, [member]],
    [/^GET \/api\/workspaces\/[^/]+\/invites\/$/, invites],
    [/^GET \/api\/draft-plans\/\?workspace_id=/, { results: [planSummary] }],
    [/^GET \/api\/workspaces\/[^/]+\/activity\//, { results: [], next_before: null }],
    [/^GET \/api\/mentions\/$/, { unread: 0, results: [] }],
    [/^GET \/api\/drafts\/sessions\//, { count: sessionCount, results: sessions }],
    [/^PUT \/api\/workspaces\/current\/$/, { workspace_id: workspace.id, chosen: true }],
    [/^GET \/api\/drafts\/leagues\/$/, []],
    // What the staff's set-up card reads: an empty roster and ledger.
    [/^GET \/api\/workspaces\/[^/]+\/roster\/$/, []],
    [/^GET \/api\/workspaces\/[^/]+\/scrims\/$/, { results: [], next: null }],
    [/^GET \/api\/workspaces\/[^/]+\/scrims\/agenda\/$/, { next: [], results_due: [], results_due_count: 0 }],
  ]);
}

function renderWorkspacePage(client: QueryClient) {
  renderInApp(<WorkspacePage />, {
    at: `/app/workspaces/${WORKSPACE_ID}`,
    route: "/app/workspaces/:workspaceId",
    client,
  });
}

function renderPage(workspace: Workspace, invites: WorkspaceInvite[] = []) {
  stubWorkspace(workspace, invites);
  renderWorkspacePage(testQueryClient());
}

describe("the workspace page offers member management only to those who may", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a viewer the members with their roles, no controls, and why", async () => {
    renderPage(workspaceAs("viewer"));
    const members = within(await screen.findByRole("region", { name: "Members" }));
    // By name, with the username beside it.
    expect(await members.findByText("Sol Ortega")).toBeVisible();
    expect(members.getByText("@sol")).toBeVisible();
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

  it("tells a player who pays and what the team's plan gives them there, with nothing to hand over", async () => {
    renderPage(workspaceAs("player", { plan: "plus" }));
    const billing = within(await screen.findByRole("region", { name: "Billing" }));
    expect(billing.getByText("This workspace is billed to the plan of @owner.")).toBeVisible();
    expect(billing.getByText(/full scouting reports and draft analytics come with Pro/)).toBeVisible();
    expect(billing.queryByRole("button")).toBeNull();
    expect(billing.queryByRole("combobox")).toBeNull();
  });

  it("lists the workspace's plans where a coach looks, linked to them and to all plans", async () => {
    renderPage(workspaceAs("coach"));
    const plans = within(await screen.findByRole("region", { name: "Draft plans" }));
    expect(await plans.findByRole("link", { name: "vs Rivals, blue" })).toHaveAttribute(
      "href",
      `/app/draft-plans/${planSummary.id}`,
    );
    expect(plans.getByText("vs Rivals Academy")).toBeVisible();
    expect(plans.getByRole("link", { name: "All plans" })).toHaveAttribute(
      "href",
      `/app/draft-plans?workspace=${WORKSPACE_ID}`,
    );
  });

  it("says of each workspace draft who plays, where it stands and when it last moved", async () => {
    stubWorkspace(
      workspaceAs("player"),
      [],
      [
        draft("Scrim vs G2", { current_phase: 2, current_step: 8 }),
        draft("Final vs G2", { status: "complete", current_phase: 4, current_step: 20, winner: "RED" }),
        draft("Review vs G2", { status: "complete", current_phase: 4, current_step: 20, winner: null }),
        // Two bans a team switched off: 16 turns in all.
        draft("Fewer bans vs G2", {
          current_phase: 2,
          current_step: 6,
          format: { order: "tournament", disabled_slots: [4, 5, 14, 15], first_pick: "BLUE" },
        }),
      ],
    );
    renderWorkspacePage(testQueryClient());
    const drafts = within(await screen.findByRole("region", { name: "Workspace drafts" }));
    expect(await drafts.findByRole("link", { name: "Scrim vs G2" })).toBeVisible();
    expect(drafts.getByText("T1 Academy vs G2 · Pick Phase 1, 8 of 20 steps · 5 minutes ago")).toBeVisible();
    expect(drafts.getByText("T1 Academy vs G2 · G2 won · 5 minutes ago")).toBeVisible();
    expect(drafts.getByText("T1 Academy vs G2 · Draft complete · 5 minutes ago")).toBeVisible();
    expect(drafts.getByText("T1 Academy vs G2 · Pick Phase 1, 6 of 16 steps · 5 minutes ago")).toBeVisible();
  });

  it("says when it shows only the latest drafts, and leads to all of them in this workspace's space", async () => {
    setCurrentWorkspace(null);
    stubWorkspace(
      workspaceAs("coach"),
      [],
      [draft("Scrim vs G2 · Game 3", { current_phase: 2, current_step: 8 })],
      40,
    );
    renderWorkspacePage(testQueryClient());
    const drafts = within(await screen.findByRole("region", { name: "Workspace drafts" }));
    expect(await drafts.findByText(/The 1 latest of 40 drafts\./)).toBeVisible();
    const all = drafts.getByRole("link", { name: "All drafts" });
    expect(all).toHaveAttribute("href", "/app/dashboard");
    await act(async () => all.click());
    expect(currentWorkspace()).toBe(WORKSPACE_ID);
    setCurrentWorkspace(null);
  });

  it("has no such line when every draft is listed", async () => {
    stubWorkspace(
      workspaceAs("coach"),
      [],
      [draft("Scrim vs G2 · Game 1", { current_phase: 2, current_step: 8 })],
    );
    renderWorkspacePage(testQueryClient());
    const drafts = within(await screen.findByRole("region", { name: "Workspace drafts" }));
    expect(await drafts.findByRole("link", { name: "Scrim vs G2 · Game 1" })).toBeVisible();
    expect(drafts.queryByRole("link", { name: "All drafts" })).toBeNull();
  });

  it("says whom each pending invite is for, and puts invites before the feed and the settings", async () => {
    renderPage(workspaceAs("owner"), [
      invite("Ana, our support", null),
      invite(null, "bo"),
      invite(null, null),
    ]);
    const invites = within(await screen.findByRole("region", { name: "Invites" }));
    expect(await invites.findByText("For Ana, our support")).toBeVisible();
    expect(invites.getByText("For @bo")).toBeVisible();
    expect(invites.getByText("Anyone with the link")).toBeVisible();
    const order = screen.getAllByRole("region").map((region) => region.getAttribute("aria-labelledby"));
    expect(order.indexOf("ws-invites")).toBeLessThan(order.indexOf("ws-seats"));
    expect(order.indexOf("ws-invites")).toBeGreaterThan(order.indexOf("ws-items"));
  });
});

describe("a page load of the workspace page asks for its data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the page's first render shows the workspace and its members, and nothing is asked twice", async () => {
    const requests = stubWorkspace(workspaceAs("owner"));
    await workspaceAhead({ workspaceId: WORKSPACE_ID });
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/invites/`);
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/roster/`);
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/scrims/agenda/`);
    renderWorkspacePage(queryClient);
    // No spinner first: the same keys, the same answers.
    expect(screen.queryByText("Loading the workspace…")).toBeNull();
    expect(within(screen.getByRole("region", { name: "Members" })).getByText("Sol Ortega")).toBeVisible();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(requests.filter((request, index) => requests.indexOf(request) !== index)).toEqual([]);
  });

  it("asks for the invites only where the member may manage them, as the page shows them", async () => {
    const requests = stubWorkspace(workspaceAs("viewer"));
    await workspaceAhead({ workspaceId: WORKSPACE_ID });
    expect(requests).toContain(`GET /api/workspaces/${WORKSPACE_ID}/`);
    expect(requests).not.toContain(`GET /api/workspaces/${WORKSPACE_ID}/invites/`);
  });
});
