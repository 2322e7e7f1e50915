import { planByKey } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { formatPrice, pricingTier, pricingTiers } from "./pricing.ts";

describe("landing pricing", () => {
  it("computes every tier from the shared PLANS constant", () => {
    expect(pricingTiers("yearly").map((tier) => tier.plan.key)).toEqual(["community", "plus", "pro"]);
  });

  it("shows Community as free in both periods", () => {
    for (const period of ["monthly", "yearly"] as const) {
      const tier = pricingTier(planByKey("community"), period);
      expect(tier.isFree).toBe(true);
      expect(tier.perMonth).toBe(0);
      expect(tier.yearlyTotal).toBeNull();
    }
  });

  it("gives Plus 10 a month or 8 a month billed 96 a year (2 free months)", () => {
    expect(pricingTier(planByKey("plus"), "monthly")).toMatchObject({ perMonth: 10, yearlyTotal: null });
    expect(pricingTier(planByKey("plus"), "yearly")).toMatchObject({
      perMonth: 8,
      yearlyTotal: 96,
      originalPerMonth: null,
      yearlySavingPercent: 20,
    });
  });

  it("gives Pro the early-bird price with the regular one struck through", () => {
    expect(pricingTier(planByKey("pro"), "monthly")).toMatchObject({
      perMonth: 30,
      originalPerMonth: 50,
      discountPercent: 40,
    });
    const yearly = pricingTier(planByKey("pro"), "yearly");
    expect(yearly).toMatchObject({ perMonth: 25, yearlyTotal: 300, originalYearlyTotal: 500 });
    expect(yearly.originalPerMonth).toBeCloseTo(41.67, 2);
  });

  it("formats euros by language", () => {
    expect(formatPrice(25, "en")).toBe("€25");
    expect(formatPrice(25, "es").replace(/\s/g, " ")).toBe("25 €");
    expect(formatPrice(500 / 12, "en")).toBe("€41.67");
  });
});
