import "@/lib/i18n.ts";
import {
  type Champion,
  effectiveCapabilities,
  type PoolRecord,
  type RosterPlayer,
  type Workspace,
} from "@draftroom/contracts";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { planFeaturesOf } from "@/test/workspace-fixtures.ts";
import PoolsPage from "./PoolsPage.tsx";
import poolsAhead from "./pools.ahead.ts";

/** Roster players are named by random public ids (decision 041): the page picks, edits and saves by them. */

const WORKSPACE_ID = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";
const ZEUS = "6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d";
const FAKER = "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b";

const workspace: Workspace = {
  id: WORKSPACE_ID,
  name: "T1 Academy",
  tag: "T1A",
  colour: "#e11d48",
  team_id: null,
  team_name: null,
  role: "coach",
  capabilities: effectiveCapabilities("coach", { readOnly: false, suspended: false }),
  read_only: false,
  read_only_reason: null,
  seats: { staff_used: 2, staff_limit: 5, roster_used: 2, roster_limit: 15 },
  plan_features: planFeaturesOf("pro"),
  billing: { owner: { user_id: 1, username: "owner", name: null }, offer: null },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

const entry = (champion_id: number, tier: "S" | "A") => ({
  champion_id,
  tier,
  notes: "",
  updated_at: "2026-11-20T10:00:00.000Z",
  updated_by_username: "coach",
});
const roster: RosterPlayer[] = [
  {
    id: ZEUS,
    name: "Zeus",
    position: "top",
    secondary_position: null,
    status: "active",
    user_id: null,
    pool: [entry(1, "S")],
  },
  {
    id: FAKER,
    name: "Faker",
    position: "mid",
    secondary_position: null,
    status: "active",
    user_id: null,
    pool: [entry(2, "A")],
  },
];
const records: PoolRecord[] = [
  { player_id: ZEUS, champion_id: 1, games: 1, wins: 0 },
  { player_id: FAKER, champion_id: 2, games: 4, wins: 3 },
];
const champions = [
  { id: 1, name: "Aatrox", champion_key: "Aatrox", icon_url: "" },
  { id: 2, name: "Ahri", champion_key: "Ahri", icon_url: "" },
] as Champion[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const derivedPriorities = {
  priorities: [],
  derived: true,
  updated_at: null,
  updated_by_username: null,
  updated_by: null,
};

/** The server, by path; writes are recorded and answered with the player, reads into `reads`. */
function stubServer(reads: string[] = [], priorities: unknown = derivedPriorities) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const method = init?.method ?? "GET";
      if (method === "GET") reads.push(path);
      if (method !== "GET") {
        writes.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
        return json(roster.find((player) => path.includes(player.id)));
      }
      const base = `/api/workspaces/${WORKSPACE_ID}/`;
      const answers: Record<string, unknown> = {
        [base]: workspace,
        [`${base}roster/`]: roster,
        [`${base}roster/records/`]: records,
        [`${base}priorities/`]: priorities,
        [`${base}members/`]: [],
        [`${base}scrims/analytics/`]: { players: [] },
        "/api/drafts/champions/": champions,
      };
      return path in answers ? json(answers[path]) : json({ detail: "Not found.", code: "not_found" }, 404);
    }),
  );
  return writes;
}

function renderPage(client = testQueryClient()) {
  return renderInApp(<PoolsPage />, {
    at: `/app/workspaces/${WORKSPACE_ID}/pools`,
    route: "/app/workspaces/:workspaceId/pools",
    client,
  });
}

describe("PoolsPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens another player's pool by their id, with their pro record, and saves it to their id", async () => {
    const writes = stubServer();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole("list", { name: "Zeus's pool" })).toBeVisible();

    await user.selectOptions(screen.getByLabelText("Player"), FAKER);
    const pool = await screen.findByRole("list", { name: "Faker's pool" });
    expect(within(pool).getByText("Pro games: 4, 3 won")).toBeVisible();
    await user.selectOptions(within(pool).getByLabelText("Comfort tier of Ahri"), "S");
    await user.click(screen.getByRole("button", { name: "Save pool" }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: "PUT",
      path: `/api/workspaces/${WORKSPACE_ID}/roster/${FAKER}/pool/`,
      body: { entries: [{ champion_id: 2, tier: "S", notes: "" }] },
    });
  });

  it("changes a player's status at their id", async () => {
    const writes = stubServer();
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText("Status of Faker"), "substitute");
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: "PATCH",
      path: `/api/workspaces/${WORKSPACE_ID}/roster/${FAKER}/`,
      body: { status: "substitute" },
    });
  });

  it("names who set the team's priorities as the team knows them", async () => {
    stubServer([], {
      priorities: [{ champion_id: 2, tier: "S", positions: ["mid"], note: "" }],
      derived: false,
      updated_at: "2026-11-20T10:00:00.000Z",
      updated_by_username: "marta",
      updated_by: { id: 4, username: "marta", name: "Marta Ruiz" },
    });
    renderPage();
    expect(await screen.findByText(/^Set by Marta Ruiz \(@marta\)\./)).toBeVisible();
  });
});

describe("a page load of the pools page asks for its data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the page's first render shows the roster, and the page asks again for none of it", async () => {
    const reads: string[] = [];
    stubServer(reads);
    await poolsAhead({ workspaceId: WORKSPACE_ID });
    renderPage(queryClient);
    expect(screen.getAllByText("Zeus").length).toBeGreaterThan(0);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(reads.filter((read, index) => reads.indexOf(read) !== index)).toEqual([]);
    // A coach may link roster players to members: the ahead asked for them as the page does.
    expect(reads).toContain(`/api/workspaces/${WORKSPACE_ID}/members/`);
  });
});
