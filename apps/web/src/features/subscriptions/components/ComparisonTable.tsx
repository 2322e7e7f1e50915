import { TIER_FEATURE_KEYS, type Tier, WORKSPACE_PLAN_LIMITS } from "@draftroom/contracts";
import { Check, ChevronDown, Minus, TableProperties } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { useMediaQuery } from "@/lib/useMediaQuery.ts";
import { featureCell } from "../utils.ts";

interface Props {
  tiers: Tier[];
  currentTierId: number | null;
}

/** Toggled by a button on desktop; a collapsible panel on mobile (< 768 px). */
export function ComparisonTable({ tiers, currentTierId }: Props) {
  const { t } = useTranslation("subscriptions");
  const desktop = useMediaQuery("(min-width: 768px)");
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const table = (
    <div id={panelId} className={cn(desktop ? "mt-4 animate-pop-in" : "border-t border-border")}>
      <div
        className={cn(desktop && "overflow-hidden rounded-2xl border border-border bg-surface shadow-card")}
      >
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs sm:text-sm">
            <caption className="sr-only">{t("comparison.heading")}</caption>
            <thead>
              <tr className="bg-surface-2">
                <th scope="col" className="px-3 py-3 text-left font-semibold text-muted sm:px-5">
                  {t("comparison.feature")}
                </th>
                {tiers.map((tier) => (
                  <th
                    key={tier.id}
                    scope="col"
                    className={cn(
                      "px-1.5 py-3 text-center font-semibold sm:px-5",
                      tier.id === currentTierId ? "text-primary-soft-fg" : "text-fg",
                    )}
                  >
                    {tier.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(["max_workspaces", "staff_seats", "roster_size"] as const).map((limit) => (
                <tr key={limit} className="border-t border-border">
                  <th scope="row" className="px-3 py-3 text-left font-medium text-fg sm:px-5">
                    {t(`team.rows.${limit}`)}
                  </th>
                  {tiers.map((tier) => {
                    const value = WORKSPACE_PLAN_LIMITS[tier.key][limit];
                    return (
                      <td key={tier.id} className="px-1.5 py-3 text-center sm:px-5">
                        {value === 0 ? (
                          <span className="inline-grid size-6 place-items-center text-subtle">
                            <Minus aria-hidden="true" className="size-4" />
                            <span className="sr-only">{t("features.notIncluded")}</span>
                          </span>
                        ) : (
                          <span className="font-semibold tabular-nums text-fg">{value}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {TIER_FEATURE_KEYS.map((key) => (
                <tr key={key} className="border-t border-border">
                  <th scope="row" className="px-3 py-3 text-left font-medium text-fg sm:px-5">
                    {t(`features.${key}`)}
                  </th>
                  {tiers.map((tier) => {
                    const cell = featureCell(key, tier.features);
                    return (
                      <td key={tier.id} className="px-1.5 py-3 text-center sm:px-5">
                        {cell.kind === "check" && (
                          <span className="inline-grid size-6 place-items-center rounded-full bg-success-soft text-success">
                            <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                            <span className="sr-only">{t("features.included")}</span>
                          </span>
                        )}
                        {cell.kind === "dash" && (
                          <span className="inline-grid size-6 place-items-center text-subtle">
                            <Minus aria-hidden="true" className="size-4" />
                            <span className="sr-only">{t("features.notIncluded")}</span>
                          </span>
                        )}
                        {cell.kind === "unlimited" && (
                          <span className="font-semibold text-fg">{t("comparison.unlimited")}</span>
                        )}
                        {cell.kind === "value" && (
                          <span className="font-semibold tabular-nums text-fg">{cell.value}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <p className={cn("text-sm text-muted", desktop ? "mt-3 text-center" : "px-4 py-3")}>
        {t("comparison.note")}
      </p>
    </div>
  );

  if (desktop) {
    return (
      <section aria-labelledby={`${panelId}-heading`} className="mt-10">
        <h2 id={`${panelId}-heading`} className="sr-only">
          {t("comparison.heading")}
        </h2>
        <div className="flex justify-center">
          <Button
            variant="outline"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            leftIcon={<TableProperties aria-hidden="true" className="size-4" />}
          >
            {open ? t("comparison.hide") : t("comparison.show")}
          </Button>
        </div>
        {open && table}
      </section>
    );
  }

  return (
    <section className="mt-8 overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-3 px-4 py-4 text-left text-base font-semibold text-fg"
        >
          <span className="flex items-center gap-2">
            <TableProperties aria-hidden="true" className="size-4 text-primary" />
            {t("comparison.heading")}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn("size-5 text-muted transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      {open && table}
    </section>
  );
}
