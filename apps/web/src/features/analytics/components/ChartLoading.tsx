import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { cn } from "@/lib/cn.ts";

/**
 * Where a chart will be while its code (the chart library) or its data loads: a pulsing panel of
 * the chart's size with a spinner and a visible, announced label, never a blank box.
 */
export function ChartLoading({
  className,
  label,
  onCard = true,
}: {
  className?: string;
  label?: string;
  /** On a card (surface) the panel is one step darker than the card; on the page, two. */
  onCard?: boolean;
}) {
  const { t } = useTranslation("analytics");
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex animate-pulse flex-col items-center justify-center gap-2 rounded-xl text-sm text-muted",
        onCard ? "bg-surface-2" : "bg-surface-3",
        className,
      )}
    >
      <Spinner />
      <span>{label ?? t("loadingChart")}</span>
    </div>
  );
}
