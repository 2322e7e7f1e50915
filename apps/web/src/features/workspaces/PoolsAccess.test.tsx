import "@/lib/i18n.ts";
import type { RosterPlayer, Workspace } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import PoolsPage from "./PoolsPage.tsx";

const ZEUS = "6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d";
const FAKER = "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b";

const player = (id: string, name: string): RosterPlayer => ({
  id,
  name,
  position: "mid",
  secondary_position: null,
  status: "active",
  user_id: null,
  pool: [
    {
      champion_id: 1,
      tier: "S",
      notes: "",
      updated_at: "2026-11-20T10:00:00.000Z",
      updated_by_username: null,
    },
  ],
});

const champions = [
  { id: 1, name: "Ahri", champion_key: "Ahri", role: "Mage", tags: ["Mage"], icon_url: "", splash_url: "" },
];

function renderPage(workspace: Workspace, search = "") {
  stubApi([
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/[^/]+\/roster\/$/, [player(FAKER, "Faker"), player(ZEUS, "Zeus")]],
    [/^GET \/api\/workspaces\/[^/]+\/roster\/records\/$/, []],
    [/^GET \/api\/workspaces\/[^/]+\/members\/$/, []],
    [
      /^GET \/api\/workspaces\/[^/]+\/priorities\/$/,
      {
        priorities: [{ champion_id: 1, tier: "S", positions: ["mid"], note: "" }],
        derived: true,
        updated_at: null,
        updated_by_username: null,
        updated_by: null,
      },
    ],
    [/^GET \/api\/drafts\/champions\//, champions],
  ]);
  renderInApp(<PoolsPage />, {
    at: `/app/workspaces/${WORKSPACE_ID}/pools${search}`,
    route: "/app/workspaces/:workspaceId/pools",
  });
}

describe("the roster and pools offer only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a viewer the roster, pools and priorities to read, with why they cannot change them", async () => {
    renderPage(workspaceAs("viewer"));
    const roster = within(await screen.findByRole("region", { name: "Roster" }));
    expect(
      roster.getByText("Viewers can see the roster but not add players, remove them or change their status."),
    ).toBeVisible();
    expect(roster.queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(roster.queryByRole("button", { name: "Add player" })).toBeNull();
    // A player's pool says what the viewer may not do there: change the pool (the roster says the rest).
    expect(await screen.findByText("Viewers can see the pools but not change them.")).toBeVisible();
    expect(await screen.findByText("Viewers can see the priorities but not change them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Keep this list as the team's priorities" })).toBeNull();
  });

  it("gives a coach the roster's controls and nothing to explain", async () => {
    renderPage(workspaceAs("coach"));
    const roster = within(await screen.findByRole("region", { name: "Roster" }));
    expect(roster.getByRole("button", { name: "Remove Faker from the roster" })).toBeVisible();
    expect(roster.getByRole("button", { name: "Add player" })).toBeVisible();
    expect(
      await screen.findByRole("button", { name: "Keep this list as the team's priorities" }),
    ).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });

  it("tells a player whose pool it is not that they change their own only", async () => {
    renderPage(workspaceAs("player"));
    expect(
      await screen.findByText("You can change your own pool only; a coach changes the others."),
    ).toBeVisible();
  });

  it("opens on the player an activity entry links to", async () => {
    renderPage(workspaceAs("viewer"), `?player=${ZEUS}`);
    expect(((await screen.findByLabelText("Player")) as HTMLSelectElement).value).toBe(ZEUS);
  });
});
