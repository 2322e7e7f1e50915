import { cleanup, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { useBoardPanelsAhead } from "./useBoardPanelsAhead.ts";

const SESSION_ID = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";

function Board() {
  useBoardPanelsAhead(SESSION_ID);
  return null;
}

/** The page with the hook, the session itself never answering (a board still loading). */
function mount(workspaceId: string | null, role: Parameters<typeof workspaceAs>[0] = "coach") {
  const requests = stubApi([
    [/^GET \/api\/drafts\/sessions\//, () => new Promise(() => undefined)],
    [/^GET \/api\/items\/session\/[^/]+\/context\/$/, { workspace_id: workspaceId, last_edited: null }],
    [/^GET \/api\/workspaces\/$/, [workspaceAs(role)]],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, []],
    [/^GET \/api\/comments\//, { workspace_id: workspaceId, results: [] }],
    [/^GET \/api\/draft-plans\/live\//, { selection: null }],
    [/^GET \/api\/draft-plans\//, { results: [] }],
    [/^GET \/api\/data\/freshness\/$/, { stale: false }],
    [/^GET \/api\/practice\/sessions\/[^/]+\/lookup\/$/, { practice: null }],
  ]);
  renderInApp(<Board />);
  return requests;
}

describe("the board's panels ask for their data with the page, not after the board", () => {
  beforeEach(signInForTest);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for the banner's, the practice's, the plan's, the comments' and the members' data", async () => {
    const requests = mount(WORKSPACE_ID);
    expect(requests).toEqual(
      expect.arrayContaining([
        "GET /api/data/freshness/",
        `GET /api/practice/sessions/${SESSION_ID}/lookup/`,
        `GET /api/draft-plans/live/sessions/${SESSION_ID}/`,
      ]),
    );
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining([
          `GET /api/comments/?item_type=session&item_id=${SESSION_ID}`,
          `GET /api/workspaces/${WORKSPACE_ID}/members/`,
          "GET /api/draft-plans/",
          `GET /api/draft-plans/?workspace_id=${WORKSPACE_ID}`,
        ]),
      ),
    );
  });

  it("asks a viewer for no plan list and no members (the panels offer them nothing)", async () => {
    const requests = mount(WORKSPACE_ID, "viewer");
    await waitFor(() =>
      expect(requests).toContain(`GET /api/comments/?item_type=session&item_id=${SESSION_ID}`),
    );
    expect(
      requests.filter(
        (request) => request.startsWith("GET /api/draft-plans/?") || request === "GET /api/draft-plans/",
      ),
    ).toEqual([]);
    expect(requests).not.toContain(`GET /api/workspaces/${WORKSPACE_ID}/members/`);
  });

  it("asks for no comments on a personal draft (it has none), but for the owner's plans", async () => {
    const requests = mount(null);
    await waitFor(() => expect(requests).toContain("GET /api/draft-plans/"));
    expect(requests.some((request) => request.startsWith("GET /api/comments/"))).toBe(false);
  });
});
