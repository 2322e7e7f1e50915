import { ToggleGroup } from "radix-ui";
import { useTranslation } from "react-i18next";
import { ANALYTICS_RANGES, type AnalyticsRange } from "../api/analytics.ts";

interface Props {
  value: AnalyticsRange;
  onChange: (value: AnalyticsRange) => void;
}

/** 7 / 30 / 90-day segmented control. */
export function RangeSelector({ value, onChange }: Props) {
  const { t } = useTranslation("analytics");
  return (
    <ToggleGroup.Root
      type="single"
      value={String(value)}
      onValueChange={(next) => next && onChange(Number(next) as AnalyticsRange)}
      aria-label={t("range.label")}
      className="inline-flex rounded-xl border border-border bg-surface-2 p-1"
    >
      {ANALYTICS_RANGES.map((days) => (
        <ToggleGroup.Item
          key={days}
          value={String(days)}
          aria-label={t("range.last", { count: days })}
          className="h-8 rounded-lg px-3 text-sm font-semibold text-muted transition hover:text-fg data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-card"
        >
          {t("range.days", { count: days })}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
