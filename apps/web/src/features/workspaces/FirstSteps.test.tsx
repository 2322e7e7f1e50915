import "@/lib/i18n.ts";
import type { RosterPlayer } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { workspaceKeys } from "./api.ts";
import { FirstSteps, type NextDraft } from "./FirstSteps.tsx";

const ME = 7;
const player = (pool: RosterPlayer["pool"], userId: number | null = ME): RosterPlayer => ({
  id: "5d3a1f0e-8c7b-4a6d-9e2f-1b0c3d4e5f60",
  name: "Ana",
  position: "support",
  secondary_position: null,
  status: "active",
  user_id: userId,
  pool,
});
const entry = {
  champion_id: 1,
  tier: "S" as const,
  notes: "",
  updated_at: "2026-11-20T10:00:00.000Z",
  updated_by_username: "ana",
};

function show(role: "player" | "coach", roster: RosterPlayer[], nextDraft: NextDraft | null = null) {
  stubApi([[/^GET \/api\/workspaces\/[^/]+\/roster\/$/, roster]]);
  const client = testQueryClient({ staleTime: Infinity });
  // The roster as the cache holds it once answered: what the card shows is decided at once.
  client.setQueryData(workspaceKeys.roster(WORKSPACE_ID), roster);
  renderInApp(<FirstSteps workspace={workspaceAs(role)} nextDraft={nextDraft} />, { client });
}

describe("a player's first steps in their workspace", () => {
  beforeEach(() => signInForTest({ id: ME, username: "ana", first_name: "Ana" }));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("says what to do first: fill your pool (a link to your own), then your next scrim", async () => {
    show("player", [player([])], { title: "Scrim vs Rivals", to: "/app/draft/abc" });
    const steps = await screen.findByRole("region", { name: "Start here in T1 Academy" });
    expect(steps).toHaveTextContent("Fill your champion pool");
    expect(screen.getByRole("link", { name: "Open my pool" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/pools?player=5d3a1f0e-8c7b-4a6d-9e2f-1b0c3d4e5f60`,
    );
    expect(screen.getByRole("link", { name: "Open “Scrim vs Rivals”" })).toHaveAttribute(
      "href",
      "/app/draft/abc",
    );
  });

  it("tells a player not on the roster yet whom to ask, and that nothing is in progress", async () => {
    show("player", [player([], 99)]);
    expect(await screen.findByText(/ask them to add you/)).toBeVisible();
    expect(screen.queryByRole("link", { name: "Open my pool" })).toBeNull();
    expect(screen.getByText(/No draft in progress yet/)).toBeVisible();
  });

  it("marks a filled pool done and disappears once nothing is left to do", async () => {
    show("player", [player([entry])], { title: "Scrim", to: "/app/draft/x" });
    expect(await screen.findByText("Your pool has 1 champion")).toBeVisible();
    cleanup();
    show("player", [player([entry])]);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("is a player's only (staff have their own pages) and speaks Spanish", async () => {
    show("coach", [player([])]);
    expect(screen.queryByRole("region")).toBeNull();
    cleanup();
    await i18n.changeLanguage("es");
    show("player", [player([])]);
    expect(await screen.findByRole("region", { name: "Empieza aquí en T1 Academy" })).toHaveTextContent(
      "Completa tu pool de campeones",
    );
  });
});
