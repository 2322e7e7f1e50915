import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

// Each test takes a fresh module graph: lib/schemas.ts keeps what it has loaded.
afterEach(() => {
  vi.doUnmock("./schemas.lazy.ts");
  vi.resetModules();
});

describe("useWithSchemas", () => {
  it("runs a submit once the schemas are there, and ignores a second one while it waits", async () => {
    const { useWithSchemas } = await import("./schemas.ts");
    const { result } = renderHook(() => useWithSchemas());
    const run = vi.fn();
    const failed = vi.fn();
    await Promise.all([result.current(run, failed), result.current(run, failed)]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(typeof run.mock.calls[0]![0].loginBodySchema.safeParse).toBe("function");
    expect(failed).not.toHaveBeenCalled();
    // Once the first has run, the next submit runs too.
    await result.current(run, failed);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("reports a load that fails as a FETCH_ERROR, and the next submit tries again", async () => {
    vi.doMock("./schemas.lazy.ts", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { useWithSchemas } = await import("./schemas.ts");
    const { ApiRequestError } = await import("./api.ts");
    const { result } = renderHook(() => useWithSchemas(false));
    const run = vi.fn();
    const failed = vi.fn();
    await result.current(run, failed);
    expect(run).not.toHaveBeenCalled();
    expect(failed).toHaveBeenCalledTimes(1);
    const error = failed.mock.calls[0]![0];
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.kind).toBe("FETCH_ERROR");
    vi.doUnmock("./schemas.lazy.ts");
    await result.current(run, failed);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
