import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStepTimer } from "./useStepTimer.ts";

const settings = { ban_timer: 10, pick_timer: 20 };

describe("useStepTimer", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("counts down, then expires once after the 2 s grace", () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useStepTimer(DRAFT_SEQUENCE[0]!, settings, false, onExpire));
    expect(result.current.remaining).toBe(10);
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.remaining).toBe(6);
    act(() => vi.advanceTimersByTime(7000));
    expect(result.current.phase).toBe("grace");
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1500));
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("a new step starts a fresh countdown and does not inherit the elapsed time", () => {
    const onExpire = vi.fn();
    let step = DRAFT_SEQUENCE[5]!;
    const { result, rerender } = renderHook(() => useStepTimer(step, settings, false, onExpire));
    act(() => vi.advanceTimersByTime(12_500));
    expect(onExpire).toHaveBeenCalledTimes(1);
    step = DRAFT_SEQUENCE[6]!; // a pick: 20 s
    rerender();
    expect(result.current.remaining).toBe(20);
    act(() => vi.advanceTimersByTime(1000));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(result.current.remaining).toBe(19);
    act(() => vi.advanceTimersByTime(21_500));
    expect(onExpire).toHaveBeenCalledTimes(2);
    expect(onExpire).toHaveBeenLastCalledWith(DRAFT_SEQUENCE[6]);
  });

  it("does not run while paused, and restart() gives the full time back", () => {
    const onExpire = vi.fn();
    let paused = true;
    const { result, rerender } = renderHook(() =>
      useStepTimer(DRAFT_SEQUENCE[0]!, settings, paused, onExpire),
    );
    act(() => vi.advanceTimersByTime(30_000));
    expect(onExpire).not.toHaveBeenCalled();
    expect(result.current.remaining).toBe(10);
    paused = false;
    rerender();
    act(() => vi.advanceTimersByTime(6000));
    expect(result.current.remaining).toBe(4);
    act(() => result.current.restart());
    expect(result.current.remaining).toBe(10);
  });
});
