import "@/lib/i18n.ts";
import type { Analytics } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import {
  planFeaturesOf,
  signInForTest,
  stubApi,
  subscriptionOn,
  WORKSPACE_ID,
  workspaceAs,
} from "@/test/workspace-fixtures.ts";
import AnalyticsPage from "./AnalyticsPage.tsx";
import AnalyticsSummary from "./AnalyticsSummary.tsx";
import { analyticsAccessOf } from "./api/analytics.ts";

/** A team's month: two sessions, one won by red, Jinx picked once. */
const figures: Analytics = {
  days: 30,
  sessions_created: 2,
  sessions_completed: 1,
  most_picked: [{ champion_id: 222, name: "Jinx", count: 1 }],
  most_banned: [],
  first_picks: [],
  first_bans: [],
  results: { blue_wins: 0, red_wins: 1, unrecorded: 0 },
  per_day: [],
};

const subscriptions = (plan: "community" | "pro") =>
  [
    /GET \/api\/subscriptions\/$/,
    { count: 1, next: null, previous: null, results: [subscriptionOn(plan)] },
  ] as const;
const workspaces = [/GET \/api\/workspaces\/$/, [workspaceAs("analyst")]] as const;

function renderIt(ui: React.ReactNode) {
  return renderInApp(ui);
}

describe("draft analytics follow the chosen space", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("in a workspace, a member on Community sees the team's figures: the workspace's plan may include them", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    const requests = stubApi([
      subscriptions("community"),
      workspaces,
      [/GET \/api\/drafts\/analytics\//, figures],
    ]);
    renderIt(<AnalyticsSummary />);
    expect(await screen.findByRole("heading", { name: "Draft analytics" })).toBeVisible();
    expect(screen.getByText("Top pick").nextElementSibling).toHaveTextContent("Jinx");
    expect(screen.getByText("Blue side win rate").nextElementSibling).toHaveTextContent("0%");
    expect(requests).toContain(`GET /api/drafts/analytics/?days=30&workspace=${WORKSPACE_ID}`);
  });

  it("in a workspace whose plan lacks them too (Plus), the upsell shows without asking the server", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    const requests = stubApi([
      subscriptions("community"),
      [/GET \/api\/workspaces\/$/, [workspaceAs("analyst", { plan: "plus" })]],
      [/GET \/api\/drafts\/analytics\//, figures],
    ]);
    renderIt(<AnalyticsSummary />);
    expect(await screen.findByRole("heading", { name: "Analytics are part of Pro" })).toBeVisible();
    expect(requests.filter((request) => request.includes("/drafts/analytics/"))).toEqual([]);
  });

  it("in a workspace not in the member's list, the server is asked and its 403 shows the upsell", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    const requests = stubApi([
      subscriptions("community"),
      [/GET \/api\/workspaces\/$/, []],
      [
        /GET \/api\/drafts\/analytics\//,
        Response.json({ detail: "Pro plan.", code: "forbidden" }, { status: 403 }),
      ],
    ]);
    renderIt(<AnalyticsSummary />);
    expect(await screen.findByRole("heading", { name: "Analytics are part of Pro" })).toBeVisible();
    expect(requests).toContain(`GET /api/drafts/analytics/?days=30&workspace=${WORKSPACE_ID}`);
  });

  it("in the personal space on Community, the upsell shows without asking the server", async () => {
    const requests = stubApi([subscriptions("community"), [/GET \/api\/drafts\/analytics\//, figures]]);
    renderIt(<AnalyticsSummary />);
    expect(await screen.findByRole("heading", { name: "Analytics are part of Pro" })).toBeVisible();
    expect(requests.filter((request) => request.includes("/drafts/analytics/"))).toEqual([]);
  });

  it("the full page asks for the personal space's figures and names the workspace's when one is chosen", async () => {
    const requests = stubApi([subscriptions("pro"), workspaces, [/GET \/api\/drafts\/analytics\//, figures]]);
    const { unmount } = renderIt(<AnalyticsPage />);
    expect(
      await screen.findByText("Draft patterns, priorities and results across your personal sessions."),
    ).toBeVisible();
    await vi.waitFor(() => expect(requests).toContain("GET /api/drafts/analytics/?days=30"));
    unmount();

    setCurrentWorkspace(WORKSPACE_ID);
    renderIt(<AnalyticsPage />);
    expect(
      await screen.findByText(
        "Draft patterns, priorities and results across T1 Academy's sessions, every member's.",
      ),
    ).toBeVisible();
    await vi.waitFor(() =>
      expect(requests).toContain(`GET /api/drafts/analytics/?days=30&workspace=${WORKSPACE_ID}`),
    );
  });
});

describe("analyticsAccessOf", () => {
  const pro = planFeaturesOf("pro");
  const plus = planFeaturesOf("plus");

  it("opens on the member's own plan with analytics, in any space", () => {
    expect(analyticsAccessOf(true, null)).toBe("open");
    expect(analyticsAccessOf(true, WORKSPACE_ID, plus)).toBe("open");
    expect(analyticsAccessOf(true, WORKSPACE_ID, undefined)).toBe("open");
  });

  it("in a workspace, opens on the workspace's plan and locks when neither plan has them", () => {
    expect(analyticsAccessOf(false, WORKSPACE_ID, pro)).toBe("open");
    expect(analyticsAccessOf(undefined, WORKSPACE_ID, pro)).toBe("open");
    expect(analyticsAccessOf(false, WORKSPACE_ID, plus)).toBe("locked");
    // Read-only: its plan gives nothing.
    expect(analyticsAccessOf(false, WORKSPACE_ID, null)).toBe("locked");
  });

  it("locks the personal space on a plan without them, and asks the server when a plan is unknown", () => {
    expect(analyticsAccessOf(false, null)).toBe("locked");
    expect(analyticsAccessOf(false, null, pro)).toBe("locked");
    expect(analyticsAccessOf(undefined, null)).toBe("unknown");
    expect(analyticsAccessOf(false, WORKSPACE_ID, undefined)).toBe("unknown");
    expect(analyticsAccessOf(undefined, WORKSPACE_ID, plus)).toBe("unknown");
  });
});
