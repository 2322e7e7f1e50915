import "@/lib/i18n.ts";
import { PLANS, type Subscription, type Tier } from "@draftroom/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SubscriptionsPage from "./SubscriptionsPage.tsx";

const tiers: Tier[] = PLANS.map((plan, index) => ({
  id: index + 1,
  key: plan.key,
  name: plan.name,
  price_monthly: plan.price_monthly,
  price_annual: plan.price_annual,
  features: plan.features,
}));

const subscription: Subscription = {
  id: "00000000-0000-4000-8000-000000000007",
  tier: tiers[0]!,
  is_active: true,
  is_trial: false,
  trial_available: true,
  next_billing_date: null,
  expires_at: null,
  created_at: "2026-01-05T10:00:00.000Z",
  usage: { drafts_used: 2 },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SubscriptionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
          ? json(tiers)
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
  });

  it("shows the load error with a Retry that refetches", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (fail) return json({ detail: "down", code: "internal_error" }, 503);
        return url.includes("/tiers/") ? json(tiers) : json([subscription]);
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
