import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatRelativeTime, numberFormat, relativeTimeFormat } from "./format.ts";

const now = Date.parse("2025-03-10T12:00:00Z");

describe("formatRelativeTime", () => {
  it("uses the largest whole unit in English", () => {
    expect(formatRelativeTime("2025-03-10T09:00:00Z", "en", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2025-03-08T12:00:00Z", "en", now)).toBe("2 days ago");
    expect(formatRelativeTime("2025-03-10T11:58:00Z", "en", now)).toBe("2 minutes ago");
  });
  it("speaks Spanish", () => {
    expect(formatRelativeTime("2025-03-10T09:00:00Z", "es", now)).toBe("hace 3 horas");
    expect(formatRelativeTime("2025-03-09T12:00:00Z", "es", now)).toBe("ayer");
  });
  it("says now for the last few seconds and nothing for a bad date", () => {
    expect(formatRelativeTime("2025-03-10T11:59:50Z", "en", now)).toBe("now");
    expect(formatRelativeTime("not a date", "en", now)).toBe("");
  });
});

describe("formatter cache", () => {
  it("builds one formatter per language and options, and keeps them apart", () => {
    expect(dateTimeFormat("en", { dateStyle: "medium" })).toBe(dateTimeFormat("en", { dateStyle: "medium" }));
    expect(dateTimeFormat("en", { dateStyle: "medium" })).not.toBe(
      dateTimeFormat("es", { dateStyle: "medium" }),
    );
    expect(dateTimeFormat("en", { dateStyle: "medium" })).not.toBe(
      dateTimeFormat("en", { dateStyle: "long" }),
    );
    expect(numberFormat("en", { style: "percent" })).toBe(numberFormat("en", { style: "percent" }));
    expect(relativeTimeFormat("es", { numeric: "auto" }).format(-1, "day")).toBe("ayer");
    // A cached formatter still formats as asked: the Spanish one is not the English one.
    expect(formatRelativeTime("2025-01-01T10:00:00Z", "es", Date.parse("2025-01-01T13:00:00Z"))).toBe(
      "hace 3 horas",
    );
    expect(formatRelativeTime("2025-01-01T10:00:00Z", "en", Date.parse("2025-01-01T13:00:00Z"))).toBe(
      "3 hours ago",
    );
  });
});
