import "@/lib/i18n.ts";
import type { QuickRoom, RoomLink } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth.ts";
import { formatDate } from "@/lib/format.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { signInForTest } from "@/test/workspace-fixtures.ts";
import { quickRoomStore } from "./api.ts";
import { QuickRoomPanel } from "./QuickRoomPanel.tsx";

const ROOM_ID = "00000000-0000-4000-8000-00000000000a";
const TOKEN = "organiser-token";
const link = (n: number, kind: RoomLink["kind"], team: RoomLink["team"]): RoomLink => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  kind,
  role: kind === "spectator" ? "spectator" : "captain",
  team,
  token: `t${n}`,
  path: `/app/room/${ROOM_ID}#t${n}`,
  delay_seconds: 0,
  revoked_at: null,
  created_at: "2026-11-25T00:00:00.000Z",
});
const quick = {
  room: {
    id: ROOM_ID,
    links: [link(1, "blue_captain", "A"), link(2, "red_captain", "B"), link(3, "spectator", null)],
  },
  organiser: { token: TOKEN, path: `/app/room/${ROOM_ID}#${TOKEN}` },
  expires_at: "2026-12-02T00:00:00.000Z",
} as QuickRoom;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPanel() {
  return renderInApp(
    <QuickRoomPanel
      roomId={ROOM_ID}
      quick={{ claimed: false, expires_at: quick.expires_at }}
      organiserToken={TOKEN}
    />,
    { at: `/app/room/${ROOM_ID}#${TOKEN}` },
  );
}

const signedIn = () => signInForTest({ id: 5, username: "quinn", token: "account-token" });

describe("QuickRoomPanel", () => {
  beforeEach(() => {
    localStorage.clear();
    quickRoomStore.save(quick);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
  });

  it("signed out: says how long the room is kept and remembers to save the room after registering", async () => {
    renderPanel();
    // The links are the room's own panel now (RoomLinks), not repeated here.
    expect(screen.queryByLabelText("Blue captain")).toBeNull();
    expect(screen.getByText(/Kept until/)).toHaveTextContent(
      `Kept until ${formatDate(quick.expires_at, "en")} unless you save it to an account.`,
    );
    expect(quickRoomStore.pendingClaim(ROOM_ID)).toBeNull();
    await userEvent.click(screen.getByRole("link", { name: "Register and save" }));
    expect(quickRoomStore.pendingClaim(ROOM_ID)).toBe(TOKEN);
  });

  it("back signed in: claims at once; a full plan says so, links to the plans and keeps the room", async () => {
    quickRoomStore.requestClaim(ROOM_ID, TOKEN);
    const fetchMock = vi.fn(async () =>
      json({ detail: "The Community plan allows 3 saved draft sessions.", code: "plan_limit" }, 403),
    );
    vi.stubGlobal("fetch", fetchMock);
    signedIn();
    renderPanel();
    expect(await screen.findByText(/Your plan has no room for another saved draft/)).toBeVisible();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/app/subscriptions",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(`/quick-rooms/${ROOM_ID}/claim/`);
    expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN });
    // Asked once: the pending claim is used up; the room (and its kept links) stay.
    expect(quickRoomStore.pendingClaim(ROOM_ID)).toBeNull();
    expect(quickRoomStore.load(ROOM_ID)?.links.length).toBeGreaterThan(0);
  });

  it("signed in: Save to my account claims the room", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ room_id: ROOM_ID, session_id: "00000000-0000-4000-8000-00000000000b" })),
    );
    signedIn();
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Save to my account" }));
    expect(await screen.findByText("Saved to your account.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save to my account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Open my sessions" }).getAttribute("href")).toBe("/app/draft");
  });
});
