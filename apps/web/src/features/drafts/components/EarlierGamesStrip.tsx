import type { Champion, Series } from "@draftroom/contracts";
import type { SeriesTeam } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import { seriesApi, seriesKeys, seriesTeamName } from "@/lib/series-api.ts";

/** A sideways-scrolling region must take focus for keyboard users (spread: a lint rule reads literals). */
const KEYBOARD_SCROLLABLE = { tabIndex: 0 } as const;

/**
 * Above the board of a fearless game: the picks of every earlier game of the series, team by
 * team, so a captain sees what the series has used without reading the grid's greyed tiles.
 * One row per game; scrolls sideways on a phone.
 */
export function EarlierGamesStrip({
  series,
  gameNumber,
  champions,
  inline = false,
}: {
  series: Series;
  gameNumber: number;
  /** Champions the page knows; the series' own list fills in the rest. */
  champions?: ReadonlyMap<number, Champion>;
  /** Inside the series bar's line (no box of its own, so the board does not move down). */
  inline?: boolean;
}) {
  const { t } = useTranslation("series");
  const byId = useMemo(
    () =>
      new Map<number, Champion>([...series.champions.map((c) => [c.id, c] as const), ...(champions ?? [])]),
    [series.champions, champions],
  );
  const earlier = series.games.filter((game) => game.number < gameNumber && game.actions.length > 0);
  if (earlier.length === 0) return null;
  return (
    <section
      aria-labelledby="earlier-games-title"
      data-testid="earlier-games"
      className={cn(
        "overflow-x-auto",
        inline
          ? "flex max-w-full min-w-0 items-center gap-2 border-border lg:border-l lg:pl-3"
          : "rounded-xl border border-border bg-surface px-3 py-2",
      )}
      {...KEYBOARD_SCROLLABLE}
    >
      <h2
        id="earlier-games-title"
        className={cn(
          "flex shrink-0 items-center gap-1.5 text-xs font-bold text-muted uppercase",
          // On the series line the icon says it; the title stays for screen readers.
          inline ? "[&>span]:sr-only" : "mb-1",
        )}
      >
        <History className="size-3.5" aria-hidden />
        <span>{t("earlierGames.title")}</span>
      </h2>
      <ol className="flex flex-col gap-1">
        {earlier.map((game) => {
          const row = (team: SeriesTeam) => {
            const side = game.blue_team === team ? "BLUE" : "RED";
            const picks = game.actions.filter(
              (action) =>
                action.team_side === side && action.action_type === "PICK" && action.champion_id !== null,
            );
            const name = seriesTeamName(series, team);
            return (
              <div className="flex min-w-0 items-center gap-1.5">
                <span
                  aria-hidden
                  className={cn(
                    "size-2 shrink-0 rounded-full",
                    side === "BLUE" ? "bg-team-blue" : "bg-team-red",
                  )}
                />
                <span
                  className={cn(
                    "truncate text-xs font-semibold text-fg",
                    inline ? "max-w-[6rem]" : "max-w-[9rem]",
                  )}
                  title={name}
                >
                  {name}
                </span>
                <ul
                  className="flex gap-0.5"
                  aria-label={t("earlierGames.picksOf", { team: name, n: game.number })}
                >
                  {picks.map((action) => {
                    const champion = byId.get(action.champion_id ?? 0);
                    return (
                      <li key={action.id} title={champion?.name}>
                        <ChampionImage
                          name={champion?.name ?? "?"}
                          src={champion?.icon_url ?? ""}
                          size={24}
                          className="rounded"
                        />
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          };
          return (
            <li key={game.number} className="flex min-w-max items-center gap-3 text-sm">
              <span className="w-14 shrink-0 text-xs font-bold text-muted">
                {t("page.game", { n: game.number })}
              </span>
              {row(game.blue_team)}
              {row(game.blue_team === "A" ? "B" : "A")}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A series room's strip: the earlier games come from the series' public view (any seat may read it). */
export function RoomEarlierGames({
  seriesId,
  gameNumber,
  champions,
}: {
  seriesId: string;
  gameNumber: number;
  champions: ReadonlyMap<number, Champion>;
}) {
  const query = useQuery({
    queryKey: [...seriesKeys.public(seriesId), gameNumber],
    queryFn: () => seriesApi.getPublic(seriesId),
    enabled: gameNumber > 1,
    staleTime: 60_000,
  });
  if (!query.data) return null;
  return <EarlierGamesStrip series={query.data} gameNumber={gameNumber} champions={champions} />;
}
