import { afterEach, describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  formatCalendarDay,
  formatMoment,
  formatRelativeTime,
  numberFormat,
  relativeTimeFormat,
  setDisplayTimeZone,
} from "./format.ts";

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

describe("formatCalendarDay", () => {
  it("names the day a game's date gives, in each language, whatever the viewer's zone", () => {
    expect(formatCalendarDay("2025-01-11 11:11:24", "en")).toBe("Jan 11, 2025");
    expect(formatCalendarDay("2025-01-15", "es")).toBe("15 ene 2025");
    // Late in the day UTC is still that day: no shift into the next or the previous one.
    expect(formatCalendarDay("2025-01-15T23:59:00", "en")).toBe("Jan 15, 2025");
  });

  it("gives back a text that names no day as it is", () => {
    expect(formatCalendarDay("soon", "en")).toBe("soon");
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

describe("formatMoment", () => {
  afterEach(() => setDisplayTimeZone(null));

  it("gives the day and the minute in the zone moments are shown in, in the page's language", () => {
    setDisplayTimeZone("Europe/Madrid");
    expect(formatMoment("2026-12-04T05:30:07Z", "en")).toBe("Dec 4, 2026, 6:30 AM");
    expect(formatMoment("2026-12-04T05:30:07Z", "es")).toBe("4 dic 2026, 6:30");
    setDisplayTimeZone("UTC");
    expect(formatMoment("2026-12-04T05:30:07Z", "en")).toBe("Dec 4, 2026, 5:30 AM");
  });
});
