import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { shallowEqual, useShallowStable } from "./useShallowStable.ts";

describe("useShallowStable", () => {
  it("keeps the first object while an equal one comes, and takes a changed one", () => {
    const first = { lock: true, step: 3 };
    const { result, rerender } = renderHook(({ value }) => useShallowStable(value), {
      initialProps: { value: first },
    });
    rerender({ value: { lock: true, step: 3 } });
    expect(result.current).toBe(first);
    const changed = { lock: false, step: 3 };
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });

  it("compares keys and values one level deep", () => {
    expect(shallowEqual({ a: 1, b: null }, { a: 1, b: null })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: 2 } as { a: number })).toBe(false);
    expect(shallowEqual({ a: [1] }, { a: [1] })).toBe(false);
    expect(shallowEqual({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
  });
});
