import type { Champion, Recommendations } from "@draftroom/contracts";
import type { Reason, Side } from "@draftroom/draft";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { api } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { reasonText } from "../hooks/useRecommendations.ts";
import { PlanFirst } from "../plan/PlanFirst.tsx";

/**
 * Where a seat's advice comes from: a team link's (the link's token, its own side), or the
 * organiser's account reading the session's board for our side (a workspace's coach, decision 046).
 */
export type AdviceSource =
  | { readonly kind: "link"; readonly roomId: string; readonly token: string }
  | { readonly kind: "board"; readonly roomId: string; readonly sessionId: string; readonly side: Side };

/** One fetcher per source, each under its own key (the step and action on the clock in it). */
function adviceQuery(source: AdviceSource, step: number, action: "BAN" | "PICK") {
  if (source.kind === "link") {
    return {
      queryKey: ["rooms", source.roomId, "advice", step, action],
      queryFn: () =>
        api.get<Recommendations>(`/rooms/${source.roomId}/recommendations/`, {
          query: { action, limit: 5 },
          headers: { "X-Room-Token": source.token },
        }),
    };
  }
  return {
    queryKey: ["rooms", source.roomId, "advice", "board", source.side, step, action],
    queryFn: () =>
      api.get<Recommendations>(`/drafts/sessions/${source.sessionId}/recommendations/`, {
        query: { side: source.side, action, limit: 5 },
      }),
  };
}

/**
 * A seat's recommendations in a live room: the same engine as the owner's board (the team's
 * priorities and, in a workspace, its pools on our side; fearless locks), one row of up to five
 * champions with their first reason (every reason on hover and focus). For a captain a click
 * selects the champion (locking stays the captain's); the organiser, who does not lock, reads them.
 */
export function RoomAdvice({
  source,
  step,
  action,
  used,
  championsById,
  selectedId = null,
  onSelect,
}: {
  source: AdviceSource;
  /** The step on the clock: a new step asks again. */
  step: number;
  action: "BAN" | "PICK";
  used: ReadonlySet<number>;
  championsById: ReadonlyMap<number, Champion>;
  selectedId?: number | null;
  /** Absent: the advice is read, not picked from (the organiser's seat). */
  onSelect?: ((champion: Champion) => void) | undefined;
}) {
  const { t } = useTranslation("room");
  // While a new step's advice loads, the last step's stays in place, dimmed and not choosable: a
  // one-line "loading" in its place moved the grid and the lock button under the captain's pointer
  // at every step (a click meant for "Pick" landed on the advice).
  const query = useQuery({
    ...adviceQuery(source, step, action),
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });
  const previous = query.isPlaceholderData;
  const items = (query.data?.items ?? []).filter((item) => !used.has(item.champion_id));
  // The server's reasons are the engine's own (`recommend.reason.*`), checked as strings on the wire.
  const say = (reasons: readonly { key: string; params: Record<string, string | number> }[]) =>
    (reasons as unknown as readonly Reason[]).map(reasonText);
  const selectedItem = items.find((item) => item.champion_id === selectedId);
  const selectedReasons = selectedItem ? say(selectedItem.reasons) : [];
  return (
    <section
      aria-labelledby="room-advice-title"
      data-testid="room-advice"
      className="flex min-w-0 flex-1 flex-col gap-1"
    >
      <h2 id="room-advice-title" className="flex items-center gap-1.5 text-sm font-bold text-fg">
        <Sparkles aria-hidden className="size-4 text-accent" />
        {t(action === "BAN" ? "advice.bans" : "advice.picks")}
      </h2>
      {onSelect && (
        <PlanFirst step={step} championsById={championsById} selectedId={selectedId} onSelect={onSelect} />
      )}
      {query.isPending ? (
        <p className="text-xs text-muted">{t("advice.loading")}</p>
      ) : query.isError ? (
        <p className="text-xs text-muted">{t("advice.error")}</p>
      ) : items.length === 0 || query.data?.basis.advice === false ? (
        <p className="text-xs text-muted" data-testid="room-advice-none">
          {t("advice.none")}
        </p>
      ) : (
        <ol
          aria-busy={previous}
          className={cn("-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1", previous && "opacity-50")}
        >
          {items.map((item) => {
            const champion = championsById.get(item.champion_id);
            if (!champion) return null;
            const all = say(item.reasons);
            const reasons = all.join(" · ");
            const first = all[0] ?? "";
            const selected = selectedId === champion.id;
            const card = (
              <>
                <ChampionImage name={champion.name} src={champion.icon_url} size={32} decorative />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="truncate text-sm font-semibold text-fg">{champion.name}</span>
                  {first && <span className="truncate text-[11px] text-muted">{first}</span>}
                  {!onSelect && all.length > 1 && <span className="sr-only">{all.slice(1).join(" · ")}</span>}
                </span>
              </>
            );
            if (!onSelect)
              return (
                <li
                  key={item.champion_id}
                  title={reasons}
                  className="flex w-40 shrink-0 items-center gap-1.5 rounded-lg border border-border bg-surface p-1"
                >
                  {card}
                </li>
              );
            return (
              <li key={item.champion_id} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={selected}
                  title={reasons}
                  aria-label={first ? `${champion.name}. ${reasons}` : champion.name}
                  disabled={previous}
                  onClick={() => onSelect(champion)}
                  className={cn(
                    "flex w-40 items-center gap-1.5 rounded-lg border bg-surface p-1 text-left outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary",
                    selected
                      ? "border-primary ring-2 ring-primary/40"
                      : "border-border hover:border-border-strong",
                  )}
                >
                  {card}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {/* A card has room for one reason; every reason stays readable on a phone (no hover there):
          the chosen champion's under the list, and all of them behind "Why these?". */}
      {items.length > 0 && query.data?.basis.advice !== false && (
        <>
          {/* Its line is kept while empty, so that choosing a suggestion does not move the grid. */}
          <p className="min-h-4 text-xs text-fg" aria-live="polite" data-testid="room-advice-why">
            {selectedItem && selectedReasons.length > 0 && (
              <>
                <span className="font-semibold">{championsById.get(selectedItem.champion_id)?.name}: </span>
                {selectedReasons.join(" · ")}
              </>
            )}
          </p>
          <details className="text-xs">
            <summary className="cursor-pointer text-muted hover:text-fg">{t("advice.why")}</summary>
            <ul className="mt-1 flex flex-col gap-0.5">
              {items.map((item) => {
                const name = championsById.get(item.champion_id)?.name;
                if (!name) return null;
                return (
                  <li key={item.champion_id}>
                    <span className="font-semibold text-fg">{name}: </span>
                    <span className="text-muted">
                      {say(item.reasons).join(" · ") || t("advice.noReason")}
                    </span>
                  </li>
                );
              })}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}
