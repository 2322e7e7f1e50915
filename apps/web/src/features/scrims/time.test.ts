import { describe, expect, it } from "vitest";
import { formatDuration, isoToZoned, parseDuration, resultsDue, zonedToIso } from "./time.ts";

describe("scrim times", () => {
  it("reads a wall-clock time in the scrim's zone, summer and winter", () => {
    expect(zonedToIso("2026-07-01T19:00", "Europe/Madrid")).toBe("2026-07-01T17:00:00.000Z");
    expect(zonedToIso("2026-12-01T19:00", "Europe/Madrid")).toBe("2026-12-01T18:00:00.000Z");
    expect(zonedToIso("2026-12-01T19:00", "America/New_York")).toBe("2026-12-02T00:00:00.000Z");
    expect(zonedToIso("nope", "UTC")).toBeNull();
  });
  it("gives the form back the same wall-clock time", () => {
    expect(isoToZoned("2026-12-01T18:00:00.000Z", "Europe/Madrid")).toBe("2026-12-01T19:00");
    expect(isoToZoned(zonedToIso("2026-03-29T12:30", "Asia/Tokyo") ?? "", "Asia/Tokyo")).toBe(
      "2026-03-29T12:30",
    );
  });
  it("types a duration as minutes or m:ss", () => {
    expect(parseDuration("31:05")).toBe(1865);
    expect(parseDuration("28")).toBe(1680);
    expect(parseDuration("")).toBeNull();
    expect(parseDuration("12:75")).toBeNaN();
    expect(formatDuration(1865)).toBe("31:05");
    expect(formatDuration(null)).toBe("–");
  });
});

describe("resultsDue", () => {
  const now = Date.parse("2026-12-03T12:00:00Z");
  it("marks a planned or confirmed scrim whose start has passed, and nothing else", () => {
    const at = (status: "planned" | "confirmed" | "played" | "cancelled", startsAt: string) =>
      resultsDue({ status, starts_at: startsAt }, now);
    expect(at("planned", "2026-12-02T18:00:00Z")).toBe(true);
    expect(at("confirmed", "2026-12-03T12:00:00Z")).toBe(true);
    expect(at("confirmed", "2026-12-03T12:00:01Z")).toBe(false);
    expect(at("played", "2026-12-02T18:00:00Z")).toBe(false);
    expect(at("cancelled", "2026-12-02T18:00:00Z")).toBe(false);
  });
});
