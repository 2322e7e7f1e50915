import "@/lib/i18n.ts";
import type { Workspace } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth.ts";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { planFeaturesOf, signInForTest, subscriptionOn } from "@/test/workspace-fixtures.ts";
import WorkspacesPage from "./WorkspacesPage.tsx";

const ME = 5;

const workspace = (id: string, billedTo: number): Workspace => ({
  id,
  name: `Team ${id.slice(-1)}`,
  tag: "TM",
  colour: "#e11d48",
  team_id: null,
  team_name: null,
  role: billedTo === ME ? "owner" : "analyst",
  capabilities: [],
  read_only: false,
  read_only_reason: null,
  seats: { staff_used: 1, staff_limit: 2, roster_used: 0, roster_limit: 10 },
  plan_features: planFeaturesOf("pro"),
  billing: {
    owner: { user_id: billedTo, username: billedTo === ME ? "quinn" : "ana", name: null },
    offer: null,
  },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

function stubApi(plan: "community" | "plus" | "pro", workspaces: Workspace[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.includes("/subscriptions/")
        ? Response.json({ count: 1, next: null, previous: null, results: [subscriptionOn(plan)] })
        : Response.json(workspaces),
    ),
  );
}

function renderPage() {
  return renderInApp(<WorkspacesPage />);
}

describe("the workspaces page says what the plan allows before any form", () => {
  beforeEach(() => signInForTest({ id: ME, username: "quinn", token: "account-token" }));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    authStore.set({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
    await i18n.changeLanguage("en");
  });

  it("on Community: no form, the reason and how to join a team instead", async () => {
    // An analyst seat in someone else's workspace costs the analyst nothing.
    stubApi("community", [workspace("00000000-0000-4000-8000-00000000000b", 9)]);
    renderPage();
    expect(await screen.findByText("Your Community plan does not include team workspaces.")).toBeDefined();
    expect(screen.getByText(/open the invite link from your coach/)).toBeDefined();
    expect(screen.getByRole("link", { name: "See the plans" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "New workspace" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Create a workspace" })).toBeNull();
  });

  it("on Plus with its one workspace used: says so and offers no form", async () => {
    stubApi("plus", [workspace("00000000-0000-4000-8000-00000000000a", ME)]);
    renderPage();
    expect(
      await screen.findByText(
        "Your Plus plan: 1 workspace (1 in use), each with 2 staff seats and 10 roster places.",
      ),
    ).toBeDefined();
    expect(screen.getByText(/Every workspace your plan includes is in use/)).toBeDefined();
    expect(screen.queryByRole("button", { name: "New workspace" })).toBeNull();
  });

  it("on Pro with room left: the allowance, then the form on request, in Spanish too", async () => {
    stubApi("pro", [workspace("00000000-0000-4000-8000-00000000000a", ME)]);
    renderPage();
    expect(
      await screen.findByText(
        "Your Pro plan: 5 workspaces (1 in use), each with 5 staff seats and 15 roster places.",
      ),
    ).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "New workspace" }));
    expect(screen.getByRole("form", { name: "Create a workspace" })).toBeDefined();
    await i18n.changeLanguage("es");
    expect(
      await screen.findByText(
        "Tu plan Pro: 5 espacios (1 en uso), cada uno con 5 plazas de staff y 15 plazas de plantilla.",
      ),
    ).toBeDefined();
  });
});
