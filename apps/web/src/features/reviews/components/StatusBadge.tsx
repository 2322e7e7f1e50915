import type { PLAYER_STATUSES, REVIEW_STATUSES } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

type ReviewStatus = (typeof REVIEW_STATUSES)[number];
type PlayerStatus = (typeof PLAYER_STATUSES)[number];

const reviewTone: Record<ReviewStatus, string> = {
  rumor: "bg-warning-soft text-[hsl(28_90%_30%)] dark:text-warning ring-warning/30",
  confirmed: "bg-success-soft text-[hsl(152_70%_25%)] dark:text-success ring-success/30",
  denied: "bg-danger-soft text-[hsl(354_72%_42%)] dark:text-danger ring-danger/30",
};
const reviewDot: Record<ReviewStatus, string> = {
  rumor: "bg-warning",
  confirmed: "bg-success",
  denied: "bg-danger",
};

/** Colour per player status: confirmed green, smoke violet, benched grey, rumor amber, signed blue. */
const playerTone: Record<PlayerStatus, string> = {
  confirmed: "bg-success-soft text-[hsl(152_70%_25%)] dark:text-success ring-success/30",
  smoke: "bg-secondary-soft text-secondary-soft-fg ring-secondary/30",
  benched: "bg-surface-3 text-muted ring-border-strong",
  rumor: "bg-warning-soft text-[hsl(28_90%_30%)] dark:text-warning ring-warning/30",
  signed: "bg-info-soft text-[hsl(205_85%_32%)] dark:text-info ring-info/30",
};
const playerDot: Record<PlayerStatus, string> = {
  confirmed: "bg-success",
  smoke: "bg-secondary",
  benched: "bg-subtle",
  rumor: "bg-warning",
  signed: "bg-info",
};

const base =
  "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  const { t } = useTranslation("reviews");
  return (
    <span className={cn(base, reviewTone[status], className)} data-status={status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", reviewDot[status])} />
      {t(`status.${status}`)}
    </span>
  );
}

export function PlayerStatusBadge({ status, className }: { status: PlayerStatus; className?: string }) {
  const { t } = useTranslation("reviews");
  return (
    <span className={cn(base, playerTone[status], className)} data-status={status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", playerDot[status])} />
      {t(`playerStatus.${status}`)}
    </span>
  );
}
