import "@/lib/i18n.ts";
import type { Room, RoomLink, SessionRoomLookup } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { RoomLinks } from "../room/RoomLinks.tsx";
import { LiveRoomDialog } from "./LiveRoomDialog.tsx";

const SESSION = "5d1c8a46-3f0e-4b7e-9d5a-2a9a7c1e0b11";
const ROOM = "7e2f6b1a-9c4d-4e8f-a1b2-c3d4e5f60718";
const names = { BLUE: "Scrim Squad", RED: "Rivals Academy" };

const link = (
  n: number,
  kind: RoomLink["kind"],
  role: RoomLink["role"],
  team: RoomLink["team"],
): RoomLink => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind,
  role,
  team,
  token: `t${n}`,
  path: `/app/room/${ROOM}#t${n}`,
  delay_seconds: 0,
  revoked_at: null,
  created_at: "2026-11-29T07:00:00.000Z",
});
const links = [
  link(1, "blue_captain", "captain", "A"),
  link(2, "red_captain", "captain", "B"),
  link(3, "spectator", "spectator", null),
  link(4, "blue_team", "member", "A"),
  link(5, "red_team", "member", "B"),
];
const room = (ourSide: Room["our_side"]): Room => ({
  id: ROOM,
  session_id: SESSION,
  mode: "live",
  status: "lobby",
  turn_seconds: 30,
  bank_seconds: 60,
  spectator_delay_seconds: 0,
  seq: 0,
  links,
  our_side: ourSide,
  our_team: ourSide === null ? null : ourSide === "BLUE" ? "A" : "B",
  created_at: "2026-11-29T07:00:00.000Z",
});

/** Answers the session's room lookup and the room's creation, recording the create's body. */
function stubApi(question: SessionRoomLookup["our_side"]) {
  const created: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? "GET") === "GET" && url.includes(`/drafts/sessions/${SESSION}/live-room/`)) {
        return Response.json({ room: null, our_side: question } satisfies SessionRoomLookup);
      }
      const body = JSON.parse(String(init?.body)) as { our_side?: "BLUE" | "RED" };
      created.push(body);
      return Response.json(room(body.our_side ?? question.side), { status: 201 });
    }),
  );
  return created;
}

function show() {
  return renderInApp(<LiveRoomDialog sessionId={SESSION} names={names} open onOpenChange={() => {}} />);
}

describe("opening a workspace session's live room", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("asks which side our team plays when no linked league team says, and sends it", async () => {
    const created = stubApi({ ask: true, side: null });
    show();
    const sides = await screen.findByRole("group", { name: /Which side does our team play\?/ });
    const open = screen.getByRole("button", { name: "Open live room" });
    fireEvent.click(open);
    expect(await within(sides).findByRole("alert")).toHaveTextContent("Choose the side your team plays");
    expect(created).toEqual([]);

    fireEvent.click(within(sides).getByRole("radio", { name: /We play red/ }));
    expect(within(sides).getByRole("radio", { name: /Rivals Academy/ })).toBeChecked();
    fireEvent.click(open);
    await waitFor(() =>
      expect(created).toEqual([{ session_id: SESSION, turn_seconds: 30, bank_seconds: 60, our_side: "RED" }]),
    );
  });

  it("says which side the linked league team plays and asks nothing", async () => {
    const created = stubApi({ ask: false, side: "BLUE" });
    show();
    expect(await screen.findByTestId("our-side")).toHaveTextContent("Our team plays blue (Scrim Squad)");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Open live room" }));
    await waitFor(() =>
      expect(created).toEqual([{ session_id: SESSION, turn_seconds: 30, bank_seconds: 60 }]),
    );
  });
});

describe("a workspace room's links", () => {
  afterEach(cleanup);

  it("say whose they are: our captain signs in, the other team's needs no account", () => {
    render(<RoomLinks roomId={ROOM} links={links} ourTeam="B" />);
    const card = (kind: RoomLink["kind"]) =>
      document.querySelector<HTMLElement>(`[data-link-kind="${kind}"]`)!;
    expect(card("red_captain")).toHaveTextContent("Our team");
    expect(card("red_captain")).toHaveTextContent(
      "Opens for a workspace member signed in with a captain's role.",
    );
    expect(card("blue_captain")).toHaveTextContent("Other team");
    expect(card("blue_captain")).toHaveTextContent("Hand it to the other team: it works without an account.");
    expect(card("blue_team")).toHaveTextContent("Other team");
    expect(card("spectator")).not.toHaveTextContent(/team/i);
    // The panel's own promise follows: not "no account needed" for every seat.
    expect(screen.getByText(/The other team's links work without an account/)).toBeInTheDocument();
    expect(screen.queryByText(/Anyone with a link takes that seat/)).not.toBeInTheDocument();
    cleanup();
    // A personal room names no side.
    render(<RoomLinks roomId={ROOM} links={links} />);
    expect(screen.queryByText("Our team")).not.toBeInTheDocument();
    expect(screen.queryByText("Other team")).not.toBeInTheDocument();
    expect(screen.getByText(/Anyone with a link takes that seat, no account needed/)).toBeInTheDocument();
  });
});
