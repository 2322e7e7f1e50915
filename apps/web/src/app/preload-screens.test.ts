import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePreloadScreens } from "./preload-screens.ts";

/** requestIdleCallback under the test's control: `idle()` runs what is waiting. */
let waiting: (() => void)[] = [];
const idle = async () => {
  const now = waiting;
  waiting = [];
  for (const callback of now) callback();
  await Promise.resolve();
  await Promise.resolve();
};

beforeEach(() => {
  waiting = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => waiting.push(callback));
  vi.stubGlobal("cancelIdleCallback", () => {
    waiting = [];
  });
});
afterEach(() => vi.unstubAllGlobals());

function screens(count: number) {
  return Array.from({ length: count }, () => ({ preload: vi.fn(() => Promise.resolve()) }));
}

describe("usePreloadScreens", () => {
  it("loads the screens one at a time, each when the browser is idle", async () => {
    const list = screens(3);
    renderHook(() => usePreloadScreens(true, list));
    expect(list.map((screen) => screen.preload.mock.calls.length)).toEqual([0, 0, 0]);
    await idle();
    expect(list.map((screen) => screen.preload.mock.calls.length)).toEqual([1, 0, 0]);
    await idle();
    await idle();
    expect(list.map((screen) => screen.preload.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("loads nothing for a signed-out visitor, and stops when the component goes", async () => {
    const list = screens(2);
    const { rerender, unmount } = renderHook(({ on }) => usePreloadScreens(on, list), {
      initialProps: { on: false },
    });
    await idle();
    expect(list[0]!.preload).not.toHaveBeenCalled();
    rerender({ on: true });
    await idle();
    expect(list[0]!.preload).toHaveBeenCalledTimes(1);
    unmount();
    await idle();
    expect(list[1]!.preload).not.toHaveBeenCalled();
  });

  it("loads nothing on a connection that asks to save data", async () => {
    vi.stubGlobal("navigator", { ...navigator, connection: { saveData: true } });
    const list = screens(1);
    renderHook(() => usePreloadScreens(true, list));
    await idle();
    expect(list[0]!.preload).not.toHaveBeenCalled();
  });
});
