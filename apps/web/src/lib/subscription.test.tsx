import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi } from "@/test/workspace-fixtures.ts";
import { createQueryClient } from "./query-client.ts";
import { currentSubscriptionQuery, useCurrentSubscription } from "./subscription.ts";

function Plan() {
  const subscription = useCurrentSubscription();
  return <p>{subscription.data ? "plan read" : "reading"}</p>;
}

describe("useCurrentSubscription", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("uses the plan just asked for ahead instead of asking again (the client's default freshness)", async () => {
    const requests = stubApi([[/^GET \/api\/subscriptions\/$/, [{ id: 1, is_active: true, tier: null }]]]);
    const client = createQueryClient();
    await client.prefetchQuery(currentSubscriptionQuery);
    renderInApp(<Plan />, { client });
    expect(screen.getByText("plan read")).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(requests.filter((request) => request === "GET /api/subscriptions/")).toHaveLength(1);
  });
});
