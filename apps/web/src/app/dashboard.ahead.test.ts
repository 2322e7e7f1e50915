import type { PlanKey } from "@draftroom/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import {
  signInForTest,
  stubApi,
  subscriptionOn,
  WORKSPACE_ID,
  workspaceAs,
} from "@/test/workspace-fixtures.ts";
import dashboardAhead from "./dashboard.ahead.ts";

/** A page load of the dashboard by a Community member of a workspace billed to `plan`. */
async function loadDashboardIn(plan: PlanKey): Promise<string[]> {
  setCurrentWorkspace(WORKSPACE_ID);
  const requests = stubApi([
    [
      /GET \/api\/subscriptions\/$/,
      { count: 1, next: null, previous: null, results: [subscriptionOn("community")] },
    ],
    [/GET \/api\/workspaces\/$/, [workspaceAs("analyst", { plan })]],
    [/GET \/api\/drafts\/sessions\//, { count: 0, next: null, previous: null, results: [] }],
    [/GET \/api\/drafts\/(leagues|teams)\//, []],
  ]);
  await dashboardAhead();
  return requests;
}

describe("a page load of the dashboard asks for the analytics only where a plan includes them", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("in a Pro workspace, a Community member's figures are asked for with the page's code", async () => {
    const requests = await loadDashboardIn("pro");
    expect(requests).toContain(`GET /api/drafts/analytics/?days=30&workspace=${WORKSPACE_ID}`);
    expect(requests.filter((request) => request === "GET /api/workspaces/")).toHaveLength(1);
  });

  it("in a Plus workspace, neither plan has them: no request that can only answer 403", async () => {
    const requests = await loadDashboardIn("plus");
    expect(requests).toContain("GET /api/workspaces/");
    expect(requests.filter((request) => request.includes("/drafts/analytics/"))).toEqual([]);
  });
});
