import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import planEditorAhead from "@/features/draft-plans/plan-editor.ahead.ts";
import plansListAhead from "@/features/draft-plans/plans-list.ahead.ts";
import reportAhead from "@/features/scouting/report.ahead.ts";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import shellAhead from "./layout/shell.ahead.ts";

// What a page load asks for ahead is what the server's first paint draws from (decision 076): a
// request the screen makes only once it has rendered costs the server a second drawing of it.
const PLAN_ID = "77c59464-7f1b-4e90-8424-c5aaee00f70d";

describe("a page load asks ahead for what its screen first shows", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
  });

  it("the header: the unread mentions of a member of a workspace, and none for a member of none", async () => {
    const member = stubApi([
      [/^GET \/api\/workspaces\/$/, [workspaceAs("player")]],
      [/^GET \/api\/mentions\/$/, { unread: 2, results: [] }],
    ]);
    await shellAhead();
    expect(member).toContain("GET /api/mentions/");
    queryClient.clear();
    const alone = stubApi([[/^GET \/api\/workspaces\/$/, []]]);
    await shellAhead();
    expect(alone).toContain("GET /api/workspaces/");
    expect(alone).not.toContain("GET /api/mentions/");
  });

  it("the header settles when the workspaces cannot be read (the header shows it)", async () => {
    const requests = stubApi([]);
    await expect(shellAhead()).resolves.toBeDefined();
    expect(requests).not.toContain("GET /api/mentions/");
  });

  it("a plan's editor: the teams its opponent field offers and how its branches fared in scrims", async () => {
    const requests = stubApi([]);
    await planEditorAhead({ planId: PLAN_ID });
    expect(requests).toEqual(
      expect.arrayContaining(["GET /api/scouting/teams/", `GET /api/draft-plans/${PLAN_ID}/scrims/`]),
    );
  });

  it("a report and the plans list read their filters from the address given, never the window's", async () => {
    window.history.replaceState(null, "", "/app/scouting/teams/15?patch=14.1");
    setCurrentWorkspace(WORKSPACE_ID);
    const requests = stubApi([]);
    await reportAhead({ teamId: "15" }, new URLSearchParams("series=3&drafts=1"));
    expect(requests).toContain(
      `GET /api/scouting/teams/15/?series_id=3&include_drafts=true&workspace=${WORKSPACE_ID}`,
    );
    // The personal space asked for by the address, in a browser whose chosen space is a workspace.
    await plansListAhead({}, new URLSearchParams("workspace="));
    expect(requests).toContain("GET /api/draft-plans/");
    expect(requests.filter((request) => request.startsWith("GET /api/draft-plans/?"))).toEqual([]);
    window.history.replaceState(null, "", "/");
  });
});
