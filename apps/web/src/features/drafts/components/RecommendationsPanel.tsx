import type { Champion } from "@draftroom/contracts";
import { Info, ListChecks, SlidersHorizontal, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import { type PanelRecommendations, reasonText } from "../hooks/useRecommendations.ts";
import { PlanFirst } from "../plan/PlanFirst.tsx";
import { WinEstimate } from "./WinEstimate.tsx";

export interface RecommendationsPanelProps {
  result: PanelRecommendations | null;
  championsById: ReadonlyMap<number, Champion>;
  teamName: string;
  /** The acting team's id, for the priorities editor link. */
  teamId: number | null;
  sessionId: string;
  selectedId: number | null;
  onSelect: (champion: Champion) => void;
}

/** Top picks or bans for the team on the clock, each with its reasons, and what they rest on. */
export function RecommendationsPanel({
  result,
  championsById,
  teamName,
  teamId,
  sessionId,
  selectedId,
  onSelect,
}: RecommendationsPanelProps) {
  const { t } = useTranslation("drafts");
  // A new list starts at the first suggestion: the strip is keyed by it, so a new element starts
  // unscrolled. Resetting `scrollLeft` in an effect forced a layout of the page on every lock
  // (about 9 ms of the click-to-board time in a profile).
  const firstId = result?.items[0]?.champion_id;
  if (!result) return null;
  const isBan = result.action === "BAN";
  const isBlue = result.side === "BLUE";
  const prioritiesLink = teamId !== null ? `/app/teams/${teamId}/priorities?session=${sessionId}` : null;
  const noPriorities =
    result.summary?.some((entry) => entry.key === "recommend.summary.no_priorities") ?? false;
  const chosenItem = result.items.find((item) => item.champion_id === selectedId);
  const chosenChampion = chosenItem ? championsById.get(chosenItem.champion_id) : undefined;
  const chosen =
    chosenItem && chosenChampion && chosenItem.reasons.length > 0
      ? { name: chosenChampion.name, reasons: chosenItem.reasons.map(reasonText).join(" · ") }
      : null;
  const basisLine = result.summary
    ?.filter((entry) => entry.key !== "recommend.summary.no_priorities")
    .map((entry) => reasonText(entry))
    .join(" · ");
  return (
    <section
      aria-labelledby="recommendations-title"
      className={cn(
        // Desktop: one line for the title, the notes and the link, then one row of two-line cards (the grid gets the height).
        "rounded-xl border bg-surface-2/70 p-2.5 lg:grid lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-center lg:gap-x-3 lg:px-2 lg:py-1.5",
        isBlue ? "border-team-blue/30" : "border-team-red/30",
      )}
      data-testid="recommendations"
    >
      <header className="mb-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 lg:contents">
        <h2 id="recommendations-title" className="flex items-center gap-1.5 text-sm font-bold text-fg">
          <Sparkles className="size-4 text-accent" aria-hidden />
          {isBan ? t("recommendations.bansTitle") : t("recommendations.picksTitle")}
        </h2>
        {prioritiesLink && (
          <Link
            to={prioritiesLink}
            className="ml-auto inline-flex items-center gap-1 text-xs font-semibold text-primary-soft-fg hover:underline lg:col-start-3 lg:row-start-1"
          >
            <SlidersHorizontal className="size-3.5" aria-hidden />
            {t("recommendations.editPriorities")}
          </Link>
        )}
      </header>
      <PlanFirst
        className="lg:row-start-2"
        championsById={championsById}
        selectedId={selectedId}
        onSelect={onSelect}
      />
      {/* Nothing tells the champions apart (no statistics, no priorities): the list is not advice. */}
      {!result.advice ? (
        <p className="text-sm text-muted lg:col-span-3" data-testid="recommendations-no-advice">
          {result.basis ? t("recommendations.noAdvice") : t("recommendations.basisLoading")}
        </p>
      ) : result.items.length === 0 ? (
        <p className="text-sm text-muted lg:col-span-3">{t("recommendations.empty")}</p>
      ) : (
        <>
          {/* On phones one row that scrolls sideways (from the first suggestion), so the grid stays near the top. */}
          <ol
            key={firstId}
            className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pt-1.5 pb-1 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:col-span-3 lg:row-start-3 lg:pb-0 xl:grid-cols-5"
          >
            {result.items.map((item, index) => {
              const champion = championsById.get(item.champion_id);
              if (!champion) return null;
              const selected = selectedId === champion.id;
              const [first] = item.reasons;
              const fullReasons = item.reasons.map(reasonText).join(" · ");
              return (
                <li key={item.champion_id} className="w-44 shrink-0 sm:w-auto sm:min-w-0">
                  <button
                    type="button"
                    onClick={() => onSelect(champion)}
                    aria-pressed={selected}
                    title={fullReasons}
                    aria-label={`${t("recommendations.select", { name: champion.name })}${first ? `. ${reasonText(first)}` : ""}`}
                    className={cn(
                      // Desktop: a small portrait beside the name, the reason across the card's whole width below.
                      "flex h-full w-full items-start gap-2 rounded-lg border bg-surface p-1.5 text-left transition-[border-color,box-shadow] lg:grid lg:grid-cols-[auto_minmax(0,1fr)] lg:items-center lg:gap-x-1.5 lg:gap-y-0.5 lg:py-1",
                      selected
                        ? "border-primary ring-2 ring-primary/40"
                        : "border-border hover:border-border-strong",
                      index === 0 && !selected && "draft-board-blink border-accent",
                    )}
                  >
                    <span className="relative size-9 shrink-0 lg:size-5">
                      <ChampionImage name={champion.name} src={champion.icon_url} size={36} fill decorative />
                      <span className="absolute -top-1.5 -left-1.5 grid size-4.5 place-items-center rounded-full bg-fg text-[10px] font-bold text-background lg:-top-1 lg:-left-1 lg:size-3.5 lg:text-[9px]">
                        {item.rank}
                      </span>
                    </span>
                    <span className="min-w-0 flex-1 lg:contents">
                      <span className="flex min-w-0 items-baseline gap-1">
                        <span
                          className="min-w-0 flex-1 truncate text-sm leading-tight font-semibold text-fg"
                          title={champion.name}
                        >
                          {champion.name}
                        </span>
                        {item.win_rate !== null && item.win_rate_games !== null && (
                          <span
                            title={t("recommendations.winRate", {
                              rate: item.win_rate,
                              count: item.win_rate_games,
                            })}
                            className="shrink-0 text-xs font-bold text-[hsl(152_62%_26%)] tabular-nums dark:text-success"
                          >
                            {Math.round(item.win_rate)}%
                          </span>
                        )}
                      </span>
                      {first && (
                        // Every reason in full on hover and, on a click, under the row.
                        <span className="line-clamp-2 text-xs leading-snug text-muted lg:col-span-2">
                          {reasonText(first)}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          {/* A tap selects a suggestion and shows every reason for it in full. */}
          {chosen && (
            <p
              className="mt-1 rounded-lg bg-surface px-2.5 py-1.5 text-sm leading-snug text-fg lg:col-span-3"
              aria-live="polite"
            >
              <span className="font-semibold">{t("recommendations.why", { name: chosen.name })} </span>
              {chosen.reasons}
            </p>
          )}
        </>
      )}
      <div className="contents lg:col-start-2 lg:row-start-1 lg:flex lg:min-w-0 lg:items-start lg:gap-3">
        {noPriorities && (
          <p
            className="mt-1.5 flex items-start gap-1.5 text-xs text-fg lg:mt-0 lg:min-w-0 lg:shrink"
            data-testid="recommendations-no-priorities"
          >
            <ListChecks className="mt-px size-3.5 shrink-0 text-accent" aria-hidden />
            {/* Cut to one line beside "Based on" on a wide board: the whole sentence on hover. */}
            <span className="lg:truncate" title={t("recommendations.noPriorities", { team: teamName })}>
              {t("recommendations.noPriorities", { team: teamName })}{" "}
              {prioritiesLink && (
                <Link
                  to={prioritiesLink}
                  className="font-semibold text-primary-soft-fg underline-offset-2 hover:underline"
                >
                  {t("recommendations.noPrioritiesLink")}
                </Link>
              )}
            </span>
          </p>
        )}
        <details className="group mt-1.5 text-xs text-muted lg:mt-0 lg:min-w-[9rem] lg:flex-1">
          <summary className="flex cursor-pointer list-none items-start gap-1.5 [&::-webkit-details-marker]:hidden">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 flex-1 truncate group-open:whitespace-normal">
              <span className="font-semibold">{t("recommendations.basedOn")}: </span>
              {basisLine ?? t("recommendations.basisLoading")}
            </span>
          </summary>
          {(result.basis?.sources?.matches ?? 0) > 0 && (
            <p className="mt-0.5 pl-5">{t("recommendations.attribution")}</p>
          )}
          <WinEstimate estimate={result.winEstimate} className="mt-1" />
        </details>
      </div>
    </section>
  );
}
