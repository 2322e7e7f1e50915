import type { Tier, TierFeatures } from "@draftroom/contracts";
import { UNLIMITED } from "@draftroom/contracts";
import { dateTimeFormat, numberFormat } from "@/lib/format.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const WHOLE_EUROS: Intl.NumberFormatOptions = {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
};

/** Whole euros in the reader's locale ("€10" in English, "10 €" in Spanish). */
export function formatEuros(amount: number, locale: string): string {
  return numberFormat(locale, WHOLE_EUROS).format(Math.round(amount));
}

export function formatDate(iso: string | null | undefined, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { dateStyle: "medium" }).format(date);
}

/** Whole days from `now` until `iso`, rounded up and never negative. */
export function daysUntil(iso: string | null | undefined, now: Date = new Date()): number | null {
  if (!iso) return null;
  const target = new Date(iso).getTime();
  if (Number.isNaN(target)) return null;
  return Math.max(0, Math.ceil((target - now.getTime()) / DAY_MS));
}

export function isUnlimited(maxDrafts: number): boolean {
  return maxDrafts === UNLIMITED || maxDrafts < 0;
}

/** Share of the draft allowance used, 0-100; null for unlimited plans. */
export function usagePercent(used: number, maxDrafts: number): number | null {
  if (isUnlimited(maxDrafts)) return null;
  if (maxDrafts === 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / maxDrafts) * 100)));
}

/** Drafts still allowed on a finite plan; null when unlimited. */
export function draftsLeft(used: number, maxDrafts: number): number | null {
  if (isUnlimited(maxDrafts)) return null;
  return Math.max(0, maxDrafts - used);
}

export type FeatureCell =
  | { kind: "check" }
  | { kind: "dash" }
  | { kind: "unlimited" }
  | { kind: "value"; value: number | string };

/** What a comparison-table cell shows for one feature of one tier. */
export function featureCell(key: keyof TierFeatures, features: TierFeatures): FeatureCell {
  const value = features[key];
  if (key === "max_drafts" && typeof value === "number") {
    return isUnlimited(value) ? { kind: "unlimited" } : { kind: "value", value };
  }
  if (typeof value === "boolean") return value ? { kind: "check" } : { kind: "dash" };
  return { kind: "value", value };
}

export function sortTiers(tiers: readonly Tier[]): Tier[] {
  return [...tiers].sort((a, b) => a.price_monthly - b.price_monthly || a.id - b.id);
}
