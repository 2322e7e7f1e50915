import "@/lib/i18n.ts";
import { DEFAULT_DRAFT_FORMAT, DEFAULT_DRAFT_SETTINGS, type DraftSession } from "@draftroom/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client.ts";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import DraftSessionPage from "./DraftSessionPage.tsx";
import sessionBoardAhead from "./session-board.ahead.ts";

const SESSION_ID = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";

const session: DraftSession = {
  id: SESSION_ID,
  title: "Scrim vs G2",
  description: "",
  league: null,
  blue_team: null,
  red_team: null,
  blue_team_name: "T1 Academy",
  red_team_name: "G2",
  settings: { ...DEFAULT_DRAFT_SETTINGS, timed: false },
  format: DEFAULT_DRAFT_FORMAT,
  series: null,
  current_phase: 1,
  current_step: 0,
  status: "in_progress",
  winner: null,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

const champions = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  name: `Champion ${index + 1}`,
  champion_key: `C${index + 1}`,
  role: "Mage" as const,
  tags: ["Mage"],
  icon_url: "",
  splash_url: "",
}));

describe("a page load of a session's board asks for the board's data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the board's first render is the board, and the board asks again for none of it", async () => {
    signInForTest();
    const requests = stubApi([
      [/^GET \/api\/drafts\/sessions\/[^/]+\/$/, session],
      [/^GET \/api\/drafts\/sessions\/[^/]+\/actions\/$/, []],
      [/^GET \/api\/drafts\/champions\/$/, champions],
      [/^GET \/api\/drafts\/champions\/positions\/$/, { positions: {} }],
      [/^GET \/api\/items\/session\/[^/]+\/context\/$/, { workspace_id: WORKSPACE_ID, last_edited: null }],
      [/^GET \/api\/workspaces\/$/, [workspaceAs("coach")]],
      [/^GET \/api\/comments\//, { workspace_id: WORKSPACE_ID, results: [] }],
    ]);
    await sessionBoardAhead({ sessionId: SESSION_ID });
    // Everything the page ever adds to the document, even what a later render removes at once.
    const shown: string[] = [];
    const note = (records: MutationRecord[]) => {
      for (const record of records) for (const node of record.addedNodes) shown.push(node.textContent ?? "");
    };
    const observer = new MutationObserver(note);
    observer.observe(document.body, { childList: true, subtree: true });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/app/draft/${SESSION_ID}`]}>
          <Routes>
            <Route path="/app/draft/:sessionId" element={<DraftSessionPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    note(observer.takeRecords());
    observer.disconnect();
    expect(shown.join("\n")).not.toContain("Loading Draft Session...");
    expect(screen.getByRole("heading", { name: "Scrim vs G2" })).toBeVisible();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    for (const path of [
      `/api/drafts/sessions/${SESSION_ID}/`,
      `/api/drafts/sessions/${SESSION_ID}/actions/`,
      "/api/drafts/champions/",
      "/api/drafts/champions/positions/",
    ]) {
      expect(requests.filter((request) => request === `GET ${path}`)).toHaveLength(1);
    }
  });
});
