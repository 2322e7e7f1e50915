import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAutoAdvance } from "./useAutoAdvance.ts";

describe("useAutoAdvance", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (initial: { phaseKey: number; paused: boolean }) => {
    const onAdvance = vi.fn();
    const hook = renderHook(
      (props: { phaseKey: number; paused: boolean }) =>
        useAutoAdvance({ delayMs: 3000, onAdvance, ...props }),
      { initialProps: initial },
    );
    return { onAdvance, ...hook };
  };

  it("ticks each second and advances 50 ms after zero, once per phase", () => {
    const { result, onAdvance } = setup({ phaseKey: 0, paused: false });
    expect(result.current).toEqual({ remaining: 3, totalSeconds: 3 });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.remaining).toBe(0);
    expect(onAdvance).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onAdvance).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it("restarts from full when the phase changes", () => {
    const { result, rerender, onAdvance } = setup({ phaseKey: 0, paused: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.remaining).toBe(1);
    rerender({ phaseKey: 1, paused: false });
    expect(result.current.remaining).toBe(3);
    act(() => vi.advanceTimersByTime(3000));
    act(() => vi.advanceTimersByTime(50));
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it("holds while paused and resumes where it stopped", () => {
    const { result, rerender, onAdvance } = setup({ phaseKey: 0, paused: false });
    act(() => vi.advanceTimersByTime(1000));
    rerender({ phaseKey: 0, paused: true });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.remaining).toBe(2);
    expect(onAdvance).not.toHaveBeenCalled();
    rerender({ phaseKey: 0, paused: false });
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(50));
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });
});
