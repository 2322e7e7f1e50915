import "@/lib/i18n.ts";
import type { Champion, RosterPlayer } from "@draftroom/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client.ts";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import PoolsPage from "./PoolsPage.tsx";
import poolsAhead from "./pools.ahead.ts";

const roster: RosterPlayer[] = [
  {
    id: "6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d",
    name: "Zeus",
    position: "top",
    secondary_position: null,
    status: "active",
    user_id: null,
    pool: [],
  },
];
const champions = [{ id: 1, name: "Aatrox", champion_key: "Aatrox", icon_url: "" }] as Champion[];

describe("a page load of the pools page asks for its data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the page's first render shows the roster, and the page asks again for none of it", async () => {
    const base = `/api/workspaces/${WORKSPACE_ID}/`;
    const requests = stubApi([
      [new RegExp(`^GET ${base}$`), workspaceAs("coach")],
      [new RegExp(`^GET ${base}roster/$`), roster],
      [new RegExp(`^GET ${base}roster/records/$`), []],
      [new RegExp(`^GET ${base}members/$`), []],
      [
        new RegExp(`^GET ${base}priorities/$`),
        { priorities: [], derived: true, updated_at: null, updated_by_username: null },
      ],
      [new RegExp(`^GET ${base}scrims/analytics/`), { players: [] }],
      [/^GET \/api\/drafts\/champions\/$/, champions],
    ]);
    await poolsAhead({ workspaceId: WORKSPACE_ID });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/app/workspaces/${WORKSPACE_ID}/pools`]}>
          <Routes>
            <Route path="/app/workspaces/:workspaceId/pools" element={<PoolsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByText("Zeus").length).toBeGreaterThan(0);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const asked = requests.filter((request) => request.startsWith("GET "));
    expect(asked.filter((request, index) => asked.indexOf(request) !== index)).toEqual([]);
    expect(asked).toContain(`GET ${base}members/`);
  });
});
