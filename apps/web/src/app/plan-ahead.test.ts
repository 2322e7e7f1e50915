import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionKey } from "@/lib/subscription.ts";
import { stubApi } from "@/test/workspace-fixtures.ts";
import { useCurrentPlanAhead } from "./plan-ahead.ts";

describe("the signed-in user's plan is asked for ahead", () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("asks as a signed-in screen mounts, without waiting for the browser to be idle", async () => {
    vi.stubGlobal("requestIdleCallback", () => 0);
    const requests = stubApi([[/^GET \/api\/subscriptions\/$/, { results: [] }]]);
    renderHook(() => useCurrentPlanAhead(true));
    await waitFor(() => expect(requests).toEqual(["GET /api/subscriptions/"]));
    await waitFor(() => expect(queryClient.getQueryState(currentSubscriptionKey)?.status).toBe("success"));
  });

  it("asks nothing for a signed-out visitor", async () => {
    const requests = stubApi([[/^GET \/api\/subscriptions\/$/, { results: [] }]]);
    const { rerender } = renderHook(({ signedIn }) => useCurrentPlanAhead(signedIn), {
      initialProps: { signedIn: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    rerender({ signedIn: true });
    await waitFor(() => expect(requests).toEqual(["GET /api/subscriptions/"]));
  });
});
