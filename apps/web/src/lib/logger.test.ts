import { afterEach, describe, expect, it, vi } from "vitest";
import { logger, setReportingEnabled } from "./logger.ts";

describe("logger", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setReportingEnabled(false);
  });

  it("reports errors to POST /api/client-errors/ once per distinct message, not warnings", () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    setReportingEnabled(true);

    logger.warn("just a warning");
    logger.error("Render error", new Error("boom"), { screen: "profile" });
    logger.error("Render error", new Error("boom"));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/client-errors/");
    expect(init?.method).toBe("POST");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ level: "error", message: "Render error — Error: boom" });
    expect(body.context).toMatchObject({ screen: "profile", version: "1.0.0" });
    expect(typeof body.stack).toBe("string");
  });
});
