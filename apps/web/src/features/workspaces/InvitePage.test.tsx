import "@/lib/i18n.ts";
import type { InvitePreview } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth.ts";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import InvitePage from "./InvitePage.tsx";

const TOKEN = "inv-token-1";

const preview = (
  role: InvitePreview["role"],
  state: InvitePreview["state"] = "valid",
  invitee: string | null = null,
): InvitePreview => ({
  state,
  role,
  workspace: { id: WORKSPACE_ID, name: "T1 Academy", tag: "T1A", colour: "#e11d48" },
  expires_at: "2026-12-11T19:00:00.000Z",
  invitee_username: invitee,
});

function Landed() {
  return <p>workspace page {useParams().workspaceId}</p>;
}

function renderInvite() {
  renderInApp(
    <Routes>
      <Route path="/app/invite/:token" element={<InvitePage />} />
      <Route path="/app/workspaces/:workspaceId" element={<Landed />} />
    </Routes>,
    { at: `/app/invite/${TOKEN}` },
  );
}

describe("an invite opened by someone already signed in", () => {
  beforeEach(() => signInForTest());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
    await i18n.changeLanguage("en");
  });

  it("shows a member of the team the way in, not a join that can only fail", async () => {
    const requests = stubApi([
      [/^GET \/api\/invites\/inv-token-1\/$/, preview("coach")],
      [/^GET \/api\/workspaces\/$/, [workspaceAs("player")]],
    ]);
    renderInvite();
    expect(await screen.findByRole("heading", { name: "You are already in T1 Academy" })).toBeVisible();
    expect(
      screen.getByText(
        "Your role there: Player. This invite offers Coach: an owner changes roles in the member list.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join the workspace" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Open the workspace" }));
    expect(await screen.findByText(`workspace page ${WORKSPACE_ID}`)).toBeVisible();
    expect(requests.some((request) => request.startsWith("POST"))).toBe(false);
  });

  it("says it in Spanish, and a spent invite to the member's own team still opens it", async () => {
    await i18n.changeLanguage("es");
    stubApi([
      [/^GET \/api\/invites\/inv-token-1\/$/, preview("player", "used")],
      [/^GET \/api\/workspaces\/$/, [workspaceAs("player")]],
    ]);
    renderInvite();
    expect(await screen.findByRole("heading", { name: "Ya estás en T1 Academy" })).toBeVisible();
    expect(screen.getByText("Tu rol allí: Jugador.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Abrir el espacio" })).toBeVisible();
  });

  it("offers anyone else the join, and when the server says they joined meanwhile, the way in", async () => {
    let joined = false;
    stubApi([
      [/^GET \/api\/invites\/inv-token-1\/$/, preview("player")],
      [/^GET \/api\/workspaces\/$/, () => (joined ? [workspaceAs("player")] : [])],
      [
        /^POST \/api\/invites\/inv-token-1\/accept\/$/,
        () => {
          joined = true;
          return Response.json(
            { detail: "Already a member of this workspace.", code: "already_member" },
            { status: 409 },
          );
        },
      ],
    ]);
    renderInvite();
    await userEvent.click(await screen.findByRole("button", { name: "Join the workspace" }));
    expect(await screen.findByRole("heading", { name: "You are already in T1 Academy" })).toBeVisible();
  });

  it("tells another account that an invite by username is not theirs, and signs out to switch", async () => {
    const requests = stubApi([
      [/^GET \/api\/invites\/inv-token-1\/$/, preview("analyst", "valid", "ana")],
      [/^GET \/api\/workspaces\/$/, []],
      [/^POST \/api\/auth\/logout\/$/, {}],
    ]);
    renderInvite();
    expect(await screen.findByText("You are signed in as @vi: only @ana can accept it.")).toBeVisible();
    expect(screen.getByText(/This invite is for @ana\./)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join the workspace" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Sign out to switch accounts" }));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeVisible();
    expect(requests).not.toContain("POST /api/invites/inv-token-1/accept/");
  });

  it("lets the invited account itself join", async () => {
    stubApi([
      [/^GET \/api\/invites\/inv-token-1\/$/, preview("analyst", "valid", "vi")],
      [/^GET \/api\/workspaces\/$/, []],
    ]);
    renderInvite();
    expect(await screen.findByRole("button", { name: "Join the workspace" })).toBeVisible();
  });
});
