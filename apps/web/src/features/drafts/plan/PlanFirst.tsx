import type { Champion } from "@draftroom/contracts";
import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import { usePlanIntent } from "./plan-intent.ts";

/**
 * The followed plan's next action, first among the suggestions, with the plan's note as the
 * reason (decision 027). Nothing without a plan or off our turn.
 */
export function PlanFirst({
  step,
  championsById,
  selectedId,
  onSelect,
  className,
}: {
  /** The step on the clock, when known: a mark for another step is stale. */
  step?: number | null | undefined;
  championsById: ReadonlyMap<number, Champion>;
  selectedId: number | null;
  onSelect: (champion: Champion) => void;
  className?: string;
}) {
  const { t } = useTranslation("draftPlans");
  const mark = usePlanIntent();
  const champion =
    mark && (step == null || mark.step === step) ? championsById.get(mark.championId) : undefined;
  if (!mark || !champion) return null;
  const selected = selectedId === champion.id;
  return (
    <button
      type="button"
      data-testid="plan-first"
      onClick={() => onSelect(champion)}
      aria-pressed={selected}
      className={cn(
        "mt-1.5 flex w-full items-center gap-2 rounded-lg border bg-surface p-1.5 text-left lg:col-span-3",
        className,
        selected ? "border-primary ring-2 ring-primary/40" : "border-accent ring-1 ring-accent/50",
      )}
    >
      <ClipboardList className="size-4 shrink-0 text-accent" aria-hidden />
      <ChampionImage name={champion.name} src={champion.icon_url} size={24} decorative />
      <span className="min-w-0 flex-1">
        <span className="font-semibold text-fg">
          {t("live.planBadge")}: {champion.name}
        </span>
        <span className="block truncate text-xs text-muted" title={mark.note || undefined}>
          {mark.note || t("live.planReason")}
        </span>
      </span>
    </button>
  );
}
