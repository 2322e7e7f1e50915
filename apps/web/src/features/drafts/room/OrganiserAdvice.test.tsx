import "@/lib/i18n.ts";
import type { Champion, Recommendations, Room, RoomSnapshot } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { OrganiserAdvice } from "./OrganiserAdvice.tsx";

const ROOM = "7e2f6b1a-9c4d-4e8f-a1b2-c3d4e5f60718";
const SESSION = "5d1c8a46-3f0e-4b7e-9d5a-2a9a7c1e0b11";
const ahri = { id: 103, name: "Ahri", champion_key: "Ahri", icon_url: "", role: "Mage" } as Champion;
const byId = new Map([[ahri.id, ahri]]);

// The organiser's view needs only these parts of the snapshot.
const snapshot = {
  room_id: ROOM,
  mode: "live",
  quick: null,
  session: { id: SESSION },
  sides: { A: "BLUE", B: "RED" },
} as unknown as RoomSnapshot;

const advice: Recommendations = {
  side: "RED",
  action: "BAN",
  draft_complete: false,
  items: [
    {
      champion_id: ahri.id,
      champion: { id: ahri.id, name: "Ahri", champion_key: "Ahri", icon_url: "" },
      rank: 1,
      score: 3,
      position: "mid",
      win_rate: null,
      win_rate_games: null,
      reasons: [{ key: "recommend.reason.comfort_pick", params: { player: "Faker", tier: "S" } }],
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
};

/** Answers the room (our team on `ourTeam`) and the board's suggestions, recording what was asked. */
function stubApi(ourTeam: Room["our_team"]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.endsWith(`/rooms/${ROOM}/`)) return Response.json({ id: ROOM, our_team: ourTeam });
      return Response.json(advice);
    }),
  );
  return asked;
}

function show(step: number) {
  return renderInApp(
    <OrganiserAdvice
      roomId={ROOM}
      snapshot={snapshot}
      next={DRAFT_SEQUENCE[step]!}
      used={new Set()}
      championsById={byId}
    />,
  );
}

describe("the organiser's suggestions in a workspace room", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads our side's board (with the pools' reasons) while our side is on the clock", async () => {
    const asked = stubApi("B");
    show(1); // red's first ban
    expect(await screen.findByText("Ahri")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Suggested bans for your team" })).toBeVisible();
    expect(asked).toContain(`/api/drafts/sessions/${SESSION}/recommendations/?side=RED&action=BAN&limit=5`);
    // Read, not picked: the organiser does not lock.
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows nothing while the other team drafts, or when no side is ours", async () => {
    const asked = stubApi("B");
    show(0); // blue's first ban: the other team's
    await vi.waitFor(() => expect(asked).toEqual([`/api/rooms/${ROOM}/`]));
    expect(screen.queryByTestId("room-advice")).not.toBeInTheDocument();
    cleanup();
    const personal = stubApi(null);
    show(1);
    await vi.waitFor(() => expect(personal).toEqual([`/api/rooms/${ROOM}/`]));
    expect(screen.queryByTestId("room-advice")).not.toBeInTheDocument();
  });
});
