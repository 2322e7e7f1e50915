import "@/lib/i18n.ts";
import type { RosterPlayer, ScrimAgenda } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import {
  scrimSummaryOf,
  signInForTest,
  stubApi,
  WORKSPACE_ID,
  workspaceAs,
} from "@/test/workspace-fixtures.ts";
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

const NOTHING_PLANNED: ScrimAgenda = { next: [], results_due: [], results_due_count: 0 };

function show(
  role: "player" | "coach",
  roster: RosterPlayer[],
  nextDraft: NextDraft | null = null,
  agenda: ScrimAgenda = NOTHING_PLANNED,
) {
  stubApi([[/^GET \/api\/workspaces\/[^/]+\/roster\/$/, roster]]);
  const client = testQueryClient({ staleTime: Infinity });
  // The roster and the agenda as the cache holds them once answered: the card is decided at once.
  client.setQueryData(workspaceKeys.roster(WORKSPACE_ID), roster);
  client.setQueryData(workspaceKeys.scrimAgenda(WORKSPACE_ID), agenda);
  renderInApp(<FirstSteps workspace={workspaceAs(role)} nextDraft={nextDraft} />, { client });
}

describe("a player's first steps in their workspace", () => {
  beforeEach(() => signInForTest({ id: ME, username: "ana", first_name: "Ana" }));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("says what to do first: fill your pool (a link to your own), then the draft in progress", async () => {
    show("player", [player([])], { title: "Scrim vs Rivals", to: "/app/draft/abc" });
    const steps = await screen.findByRole("region", { name: "Start here in T1 Academy" });
    expect(steps).toHaveTextContent("Fill your champion pool");
    expect(screen.getByRole("link", { name: "Open my pool" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/pools?player=5d3a1f0e-8c7b-4a6d-9e2f-1b0c3d4e5f60`,
    );
    expect(steps).toHaveTextContent("The team's draft in progress");
    expect(screen.getByRole("link", { name: "Open “Scrim vs Rivals”" })).toHaveAttribute(
      "href",
      "/app/draft/abc",
    );
  });

  it("names the team's next scrim from its agenda first, in the player's language, the draft in progress beside it", async () => {
    const next = scrimSummaryOf(
      "0b4f3c1e-2d5a-4e6f-8a7b-9c0d1e2f3a4b",
      "UCAM Esports",
      "2026-12-07T17:00:00.000Z",
      {
        title: "Scrim vs UCAM Esports",
        untitled: true,
        kind: "official",
      },
    );
    const agenda = { next: [next], results_due: [], results_due_count: 0 };
    // A filled pool: the next scrim alone keeps the card.
    show("player", [player([entry])], null, agenda);
    const steps = await screen.findByRole("region", { name: "Start here in T1 Academy" });
    expect(steps).toHaveTextContent("Your next scrim");
    expect(screen.getByRole("link", { name: "Official match vs UCAM Esports" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/scrims/${next.id}`,
    );
    expect(steps).toHaveTextContent(/Dec 7.*Europe\/Madrid/);
    cleanup();

    await i18n.changeLanguage("es");
    show("player", [player([entry])], { title: "Práctica contra Weibo", to: "/app/draft/p" }, agenda);
    expect(await screen.findByRole("link", { name: "Partido oficial contra UCAM Esports" })).toBeVisible();
    expect(
      screen.getByRole("link", { name: "Draft en curso: abrir «Práctica contra Weibo»" }),
    ).toHaveAttribute("href", "/app/draft/p");
  });

  it("tells a player not on the roster yet whom to ask, and that nothing is in progress", async () => {
    show("player", [player([], 99)]);
    expect(await screen.findByText(/ask them to add you/)).toBeVisible();
    expect(screen.queryByRole("link", { name: "Open my pool" })).toBeNull();
    expect(screen.getByText(/Nothing planned yet/)).toBeVisible();
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
