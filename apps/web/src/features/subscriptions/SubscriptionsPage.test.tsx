import "@/lib/i18n.ts";
import type { Subscription } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { PLAN_TIERS, subscriptionOn } from "@/test/workspace-fixtures.ts";
import SubscriptionsPage from "./SubscriptionsPage.tsx";

/** Community, with the trial still to take and two of its drafts used. */
const subscription: Subscription = {
  ...subscriptionOn("community"),
  trial_available: true,
  usage: { drafts_used: 2 },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPage() {
  return renderInApp(<SubscriptionsPage />);
}

describe("SubscriptionsPage", () => {
  beforeEach(() => {
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      matches: query.includes("min-width"),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("renders the current plan, usage and tier cards", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.includes("/tiers/")
          ? json(PLAN_TIERS)
          : json({ count: 1, next: null, previous: null, results: [subscription] }),
      ),
    );
    renderPage();
    const current = await screen.findByRole("region", { name: "Community" });
    expect(within(current).getByText("Active")).toBeVisible();
    expect(within(current).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("2");
    expect(within(current).getByText("1 draft session left on this plan")).toBeVisible();

    const pro = screen.getByRole("article", { name: "Pro" });
    expect(within(pro).getByText("Most Popular")).toBeVisible();
    expect(within(pro).getByText("€30 per month")).toBeVisible();
    const community = screen.getByRole("article", { name: "Community" });
    expect(within(community).queryByText("Most Popular")).toBeNull();
    expect(
      (within(community).getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(screen.getByRole("article", { name: "Plus" })).getByText("Save 20%")).toBeVisible();
    expect(screen.getByRole("button", { name: "Start 14-day free trial" })).toBeEnabled();

    // What a team gets leads each card: workspaces and seats, and joining a team costs nothing.
    expect(
      within(pro).getByText("Up to 5 team workspaces, each with 5 staff seats and 15 players"),
    ).toBeVisible();
    expect(
      within(pro).getByText("Live rooms, draft plans, drills and full scouting for every member"),
    ).toBeVisible();
    expect(
      within(screen.getByRole("article", { name: "Plus" })).getByText(
        "1 team workspace with 2 staff seats and 10 players",
      ),
    ).toBeVisible();
    expect(
      within(community).getByText(
        "Join your team's workspace by invite: the team's plan covers what you do there",
      ),
    ).toBeVisible();
  });

  it("shows the load error with a Retry that refetches", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (fail) return json({ detail: "down", code: "internal_error" }, 503);
        return url.includes("/tiers/") ? json(PLAN_TIERS) : json([subscription]);
      }),
    );
    renderPage();
    expect(await screen.findByText("Failed to load subscription information")).toBeVisible();
    expect(screen.queryByRole("article", { name: "Plus" })).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Plus" })).toBeVisible();
    expect(screen.queryByText("Failed to load subscription information")).toBeNull();
  });
});
