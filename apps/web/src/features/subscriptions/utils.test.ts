import { describe, expect, it } from "vitest";
import { daysUntil, draftsLeft, featureCell, formatEuros, usagePercent } from "./utils.ts";

const features = {
  max_drafts: 3,
  advanced_analytics: false,
  team_collaboration: true,
  export_capabilities: false,
  priority_support: false,
  custom_branding: false,
};

describe("subscription helpers", () => {
  it("formats whole euros per locale", () => {
    expect(formatEuros(10, "en")).toBe("€10");
    expect(formatEuros(300, "es").replace(/\s/g, " ")).toBe("300 €");
    expect(formatEuros(9.6, "en")).toBe("€10");
  });

  it("never returns negative days until renewal", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(daysUntil("2026-01-01T00:00:00Z", now)).toBe(0);
    expect(daysUntil("2026-01-12T12:00:00Z", now)).toBe(2);
    expect(daysUntil("2026-01-11T00:00:00Z", now)).toBe(1);
    expect(daysUntil(null, now)).toBeNull();
  });

  it("computes usage and drafts left for finite plans only", () => {
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(5, 3)).toBe(100);
    expect(usagePercent(2, -1)).toBeNull();
    expect(draftsLeft(2, 3)).toBe(1);
    expect(draftsLeft(4, 3)).toBe(0);
    expect(draftsLeft(4, -1)).toBeNull();
  });

  it("maps features to comparison cells", () => {
    expect(featureCell("max_drafts", features)).toEqual({ kind: "value", value: 3 });
    expect(featureCell("max_drafts", { ...features, max_drafts: -1 })).toEqual({ kind: "unlimited" });
    expect(featureCell("team_collaboration", features)).toEqual({ kind: "check" });
    expect(featureCell("advanced_analytics", features)).toEqual({ kind: "dash" });
  });
});
