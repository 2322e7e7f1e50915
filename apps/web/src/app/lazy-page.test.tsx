import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth.ts";
import { isChunkLoadError, lazyPage } from "./lazy-page.ts";

const SIGNED_OUT = { user: null, token: null, isAuthenticated: false, isLoading: false, error: null };

afterEach(() => {
  cleanup();
  authStore.set(SIGNED_OUT);
});

function Screen() {
  return <p>the screen</p>;
}

/** Renders the page inside a Suspense boundary whose fallback notes every time it shows. */
function renderInSuspense(Page: () => React.ReactNode) {
  const fallbackShown = vi.fn();
  function Fallback() {
    fallbackShown();
    return <p>loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>,
  );
  return fallbackShown;
}

describe("lazyPage", () => {
  it("suspends on its first render when its code was not asked for ahead", async () => {
    const Page = lazyPage(async () => ({ default: Screen }));
    const fallbackShown = renderInSuspense(Page);
    expect(screen.getByText("loading")).toBeTruthy();
    expect(await screen.findByText("the screen")).toBeTruthy();
    expect(fallbackShown).toHaveBeenCalled();
  });

  it("renders its screen in the first render once preloaded: no fallback is ever committed", async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const Page = lazyPage(load);
    await Page.preload();
    const fallbackShown = renderInSuspense(Page);
    expect(screen.getByText("the screen")).toBeTruthy();
    expect(fallbackShown).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks for its data ahead with the route's parameters and the address's query, for a signed-in member only", async () => {
    const ahead = vi.fn(async (_params: unknown, _search: URLSearchParams) => undefined);
    const Page = lazyPage(
      async () => ({ default: Screen }),
      [],
      async () => ({ default: ahead }),
    );
    await Page.preload({ sessionId: "s1" });
    expect(ahead).not.toHaveBeenCalled();
    authStore.set({ ...SIGNED_OUT, isAuthenticated: true, token: "t" });
    await Page.preload({ sessionId: "s1" });
    expect(ahead).toHaveBeenCalledWith({ sessionId: "s1" }, new URLSearchParams());
    await Page.preload({ teamId: "15" }, new URLSearchParams("series=3"));
    expect(ahead).toHaveBeenLastCalledWith({ teamId: "15" }, new URLSearchParams("series=3"));
    expect(ahead.mock.lastCall?.[1].get("series")).toBe("3");
  });

  it("waits for the data asked ahead, and settles when it fails or its code cannot load", async () => {
    authStore.set({ ...SIGNED_OUT, isAuthenticated: true, token: "t" });
    let answer!: () => void;
    const data = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const Page = lazyPage(
      async () => ({ default: Screen }),
      [],
      async () => ({ default: () => data }),
    );
    let settled = false;
    const preloading = Page.preload({}).then(() => {
      settled = true;
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(settled).toBe(false);
    answer();
    await preloading;
    expect(settled).toBe(true);

    const Failing = lazyPage(
      async () => ({ default: Screen }),
      [],
      () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    );
    await expect(Failing.preload({})).resolves.toBeUndefined();
    const Rejecting = lazyPage(
      async () => ({ default: Screen }),
      [],
      async () => ({
        default: () => Promise.reject(new Error("500")),
      }),
    );
    await expect(Rejecting.preload({})).resolves.toBeUndefined();
  });
});

describe("isChunkLoadError", () => {
  it("recognises failed dynamic imports in Chromium, Firefox, Safari and webpack wording", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 42 failed. (error: /assets/42.js)"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Loading chunk")).toBe(false);
  });
});
