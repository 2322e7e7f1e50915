import "@/lib/i18n.ts";
import type { Champion, Recommendations } from "@draftroom/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "@/lib/i18n.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { stubApi } from "@/test/workspace-fixtures.ts";
import { RoomAdvice } from "./RoomAdvice.tsx";

const ROOM = "9b1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const ahri: Champion = {
  id: 2,
  name: "Ahri",
  champion_key: "Ahri",
  role: "Mage",
  tags: ["Mage"],
  icon_url: "",
  splash_url: "",
};

const advice: Recommendations = {
  side: "BLUE",
  action: "PICK",
  draft_complete: false,
  items: [
    {
      champion_id: 2,
      champion: { id: 2, name: "Ahri", champion_key: "Ahri", icon_url: "" },
      rank: 1,
      score: 1,
      position: "mid",
      reasons: [
        { key: "recommend.reason.team_priority", params: { tier: "S" } },
        { key: "recommend.reason.blind_safe", params: {} },
        { key: "recommend.reason.adds_magic_damage", params: {} },
      ],
    },
  ],
  summary: [],
  basis: {
    statistics: false,
    games: 0,
    priorities: true,
    risk: 0,
    positions: "roles",
    advice: true,
    team_games: 0,
    opponent_games: 0,
    sources: { matches: 0, drafts: 0 },
  },
  win_estimate: null,
} as unknown as Recommendations;

function show(selectedId: number | null) {
  stubApi([[/^GET \/api\/rooms\/[^/]+\/recommendations\//, advice]]);
  renderInApp(
    <RoomAdvice
      source={{ kind: "link", roomId: ROOM, token: "captain-token" }}
      step={6}
      action="PICK"
      used={new Set()}
      championsById={new Map([[2, ahri]])}
      selectedId={selectedId}
      onSelect={() => {}}
    />,
  );
}

describe("a room seat's suggestions never cut a reason off for good", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("keeps every reason readable without hover: the chosen champion's, and all behind 'Why these?'", async () => {
    await loadNamespaces("drafts", "room");
    show(2);
    const why = await screen.findByTestId("room-advice-why");
    expect(why).toHaveTextContent(
      "Ahri: Your team's S-tier pick · Safe blind pick: few strong counters · Adds magic damage to your composition",
    );
    const details = screen.getByText("Why these? Every reason");
    fireEvent.click(details);
    const list = within(details.closest("details") as HTMLElement).getByRole("list");
    expect(list).toHaveTextContent("Adds magic damage to your composition");
  });

  it("shows nothing chosen until a champion is chosen", async () => {
    await loadNamespaces("drafts", "room");
    show(null);
    expect(await screen.findByText("Why these? Every reason")).toBeInTheDocument();
    expect(screen.getByTestId("room-advice-why")).toBeEmptyDOMElement();
  });

  it("keeps the last step's suggestions in place, not choosable, while the next step's load", async () => {
    await loadNamespaces("drafts", "room");
    const onSelect = vi.fn();
    const props = {
      source: { kind: "link" as const, roomId: ROOM, token: "captain-token" },
      action: "PICK" as const,
      used: new Set<number>(),
      championsById: new Map([[2, ahri]]),
      onSelect,
    };
    stubApi([[/^GET \/api\/rooms\/[^/]+\/recommendations\//, advice]]);
    const client = testQueryClient();
    const inApp = (step: number) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RoomAdvice {...props} step={step} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(inApp(6));
    const card = await screen.findByRole("button", { name: /^Ahri\./ });
    expect(card).toBeEnabled();
    let pending: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            pending = resolve;
          }),
      ),
    );
    rerender(inApp(7));
    const kept = screen.getByRole("button", { name: /^Ahri\./ });
    expect(kept).toBeDisabled();
    expect(kept.closest("ol")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Loading suggestions…")).toBeNull();
    fireEvent.click(kept);
    expect(onSelect).not.toHaveBeenCalled();
    pending(Response.json(advice));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Ahri\./ })).toBeEnabled());
    expect(screen.getByRole("button", { name: /^Ahri\./ }).closest("ol")).toHaveAttribute(
      "aria-busy",
      "false",
    );
  });
});
