import { afterEach, describe, expect, it, vi } from "vitest";
import { RELOAD_WINDOW_MS, reloadOnce, reloadSucceeded } from "./reload-once.ts";

afterEach(() => sessionStorage.clear());

describe("reloadOnce", () => {
  it("reloads once a minute per reason, and again after a load that worked", () => {
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadOnce("room-protocol", reload, t0)).toBe(true);
    // The reloaded page is refused again at once: no loop, the page shows its screen.
    expect(reloadOnce("room-protocol", reload, t0 + 5_000)).toBe(false);
    // Another reason has its own minute.
    expect(reloadOnce("chunk", reload, t0 + 5_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // A minute later the page may try again.
    expect(reloadOnce("room-protocol", reload, t0 + RELOAD_WINDOW_MS + 1)).toBe(true);
    // A load that worked clears the mark: the next deploy reloads at once.
    reloadSucceeded("room-protocol");
    expect(reloadOnce("room-protocol", reload, t0 + RELOAD_WINDOW_MS + 2)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(4);
  });
});
