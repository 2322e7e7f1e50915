import type { Champion, LockedChampion, Series, SeriesGame } from "@draftroom/contracts";
import type { SeriesTeam } from "@draftroom/draft";
import { Ban, Lock, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { lockReasonText } from "@/components/series/lock-reason.ts";
import { TeamLink } from "@/components/team/TeamLink.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { cn } from "@/lib/cn.ts";
import { seriesTeamName } from "@/lib/series-api.ts";
import "@/components/series/i18n-series.d.ts";

/** The series header: teams, score, length and rule. */
export function SeriesScoreHeader({
  series,
  actions,
  teamLinks = false,
}: {
  series: Series;
  actions?: ReactNode;
  /** Team names link to their scouting report with this series' fearless section (owner's view). */
  teamLinks?: boolean;
}) {
  const { t } = useTranslation("series");
  const winner = series.score.winner;
  return (
    <header className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="line-clamp-2 text-xl font-bold tracking-tight text-fg [overflow-wrap:anywhere] sm:text-2xl">
            {series.title}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
            <Badge tone="primary">{t("bestOfLong", { n: series.best_of })}</Badge>
            <Badge tone="accent">{series.preset ? t(`presets.${series.preset}`) : t("presets.custom")}</Badge>
            {series.rule.reset_last_game && <Badge>{t("resetLastGame")}</Badge>}
            {series.scrim_block && <Badge>{t("scrimBlock")}</Badge>}
            <Badge tone={series.status === "complete" ? "success" : "neutral"}>
              {t(`status.${series.status}`)}
            </Badge>
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-1">{actions}</div>}
      </div>
      <p className="flex items-center justify-center gap-3 text-base font-bold sm:text-2xl">
        <span className="sr-only">{t("score")}:</span>
        <span
          className={cn(
            // A long name takes two lines on a phone rather than losing its end.
            "line-clamp-2 min-w-0 flex-1 text-right [overflow-wrap:anywhere]",
            winner === "A" && "underline decoration-primary decoration-2 underline-offset-4",
          )}
        >
          <TeamLink id={teamLinks ? series.team_a.id : null} name={series.team_a.name} seriesId={series.id} />
        </span>
        <span className="rounded-lg bg-surface-3 px-3 py-1 tabular-nums" data-testid="series-score">
          {t("scoreValue", { a: series.score.A, b: series.score.B })}
        </span>
        <span
          className={cn(
            "line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere]",
            winner === "B" && "underline decoration-primary decoration-2 underline-offset-4",
          )}
        >
          <TeamLink id={teamLinks ? series.team_b.id : null} name={series.team_b.name} seriesId={series.id} />
        </span>
      </p>
      {winner && (
        <p className="flex items-center justify-center gap-2 text-sm font-semibold text-fg">
          <Trophy className="size-4 text-accent-soft-fg" aria-hidden />
          {t("page.decided", {
            team: seriesTeamName(series, winner),
            score: t("scoreValue", { a: series.score.A, b: series.score.B }),
          })}
        </p>
      )}
    </header>
  );
}

function ChampionChip({
  champion,
  banned,
  label,
}: {
  champion: Champion | undefined;
  banned?: boolean;
  label: string;
}) {
  return (
    <li className="relative" title={label}>
      <ChampionImage
        name={champion?.name ?? "?"}
        src={champion?.icon_url ?? ""}
        size={banned ? 30 : 38}
        muted={banned}
        decorative
      />
      <span className="sr-only">{label}</span>
      {banned && (
        <Ban
          className="absolute -right-1 -bottom-1 size-3.5 rounded-full bg-surface text-danger"
          aria-hidden
        />
      )}
    </li>
  );
}

/** One game: each team's picks and bans, the sides, the result; `footer` holds the owner's controls. */
export function GameCard({
  series,
  game,
  championsById,
  footer,
}: {
  series: Series;
  game: SeriesGame;
  championsById: ReadonlyMap<number, Champion>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation("series");
  const { t: td } = useTranslation("drafts");
  const teamRow = (team: SeriesTeam) => {
    const side = game.blue_team === team ? "BLUE" : "RED";
    const mine = game.actions.filter((action) => action.team_side === side);
    const picks = mine.filter((action) => action.action_type === "PICK");
    const bans = mine.filter((action) => action.action_type === "BAN" && action.champion_id !== null);
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex items-center gap-2 text-sm font-semibold text-fg">
          <span
            aria-hidden
            className={cn("size-2.5 rounded-full", side === "BLUE" ? "bg-team-blue" : "bg-team-red")}
          />
          <span className="truncate">{seriesTeamName(series, team)}</span>
          <span className="text-xs font-normal text-muted">
            {side === "BLUE" ? td("team.blue") : td("team.red")}
          </span>
          {game.winner === team && (
            <Trophy
              className="size-4 text-accent-soft-fg"
              aria-label={t("page.winner", { team: seriesTeamName(series, team) })}
            />
          )}
        </p>
        <ul className="flex flex-wrap gap-1" aria-label={td("page.picked")}>
          {picks.map((action) => {
            const champion = championsById.get(action.champion_id ?? 0);
            return (
              <ChampionChip
                key={action.id}
                champion={champion}
                label={`${td("page.picked")}: ${champion?.name ?? ""}`}
              />
            );
          })}
        </ul>
        {bans.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={td("page.banned")}>
            {bans.map((action) => {
              const champion = championsById.get(action.champion_id ?? 0);
              return (
                <ChampionChip
                  key={action.id}
                  champion={champion}
                  banned
                  label={`${td("page.banned")}: ${champion?.name ?? ""}`}
                />
              );
            })}
          </ul>
        )}
      </div>
    );
  };
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
      aria-labelledby={`game-${game.number}-title`}
      data-testid={`game-${game.number}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`game-${game.number}-title`} className="text-base font-bold text-fg">
          {t("page.game", { n: game.number })}
        </h3>
        <span className="text-xs text-muted">
          {game.winner ? t("page.wonBy", { team: seriesTeamName(series, game.winner) }) : t("page.noWinner")}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {teamRow(game.blue_team)}
        {teamRow(game.blue_team === "A" ? "B" : "A")}
      </div>
      {footer}
    </article>
  );
}

/** The locks both teams share (same champion, same reason) and each team's own. */
export function splitLocks(a: readonly LockedChampion[], b: readonly LockedChampion[]) {
  const same = (x: LockedChampion, y: LockedChampion) =>
    x.champion_id === y.champion_id && x.kind === y.kind && x.team === y.team && x.game === y.game;
  const shared = a.filter((entry) => b.some((other) => same(entry, other)));
  const isShared = (entry: LockedChampion) => shared.some((other) => same(entry, other));
  return {
    shared,
    onlyA: a.filter((entry) => !isShared(entry)),
    onlyB: b.filter((entry) => !isShared(entry)),
  };
}

/** Every champion each team may not take in the current (or next) game, with the reason. */
export function LockedChampions({
  series,
  championsById,
}: {
  series: Series;
  championsById: ReadonlyMap<number, Champion>;
}) {
  const { t } = useTranslation("series");
  const names = { A: series.team_a.name, B: series.team_b.name };
  const done = series.status === "complete";
  const { shared, onlyA, onlyB } = splitLocks(series.locked.A, series.locked.B);
  const list = (key: SeriesTeam | "both", title: string, locked: readonly LockedChampion[]) => (
    <div className="min-w-0" data-testid={`locked-${key}`}>
      <h3 className="mb-2 text-sm font-semibold text-fg">
        {title} <span className="font-normal text-muted">({locked.length})</span>
      </h3>
      {locked.length === 0 ? (
        <p className="text-xs text-muted">{t("page.noLocked")}</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(150px,1fr))] gap-1.5">
          {locked.map((entry) => {
            const champion = championsById.get(entry.champion_id);
            const reason = lockReasonText(
              t,
              entry.kind === "disabled"
                ? { kind: "disabled" }
                : { kind: entry.kind, team: entry.team ?? "A", game: entry.game ?? 0 },
              names,
            );
            return (
              <li
                key={entry.champion_id}
                className="flex min-w-0 items-center gap-2 rounded-lg bg-surface-2 p-1.5"
              >
                <ChampionImage
                  name={champion?.name ?? "?"}
                  src={champion?.icon_url ?? ""}
                  size={30}
                  muted
                  decorative
                />
                <span className="min-w-0 text-xs leading-tight">
                  <span className="block truncate font-semibold text-fg">
                    {champion?.name ?? entry.champion_id}
                  </span>
                  <span className="block text-muted">{reason}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
  return (
    <section
      aria-labelledby="locked-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
    >
      <h2 id="locked-title" className="flex items-center gap-2 text-lg font-bold text-fg">
        <Lock className="size-4 text-primary" aria-hidden />
        {t("page.locked")}
        <span className="text-sm font-normal text-muted">
          {done ? t("page.lockedAfter") : t("page.lockedForGame", { n: series.locked_game })}
        </span>
      </h2>
      {/* A champion locked for both teams (the same entry twice) is listed once. */}
      <div className="flex flex-col gap-4">
        {shared.length > 0 && list("both", t("lockedBoth.title"), shared)}
        {(shared.length === 0 || onlyA.length > 0 || onlyB.length > 0) && (
          <div className="grid gap-4 md:grid-cols-2">
            {list(
              "A",
              shared.length > 0
                ? t("lockedBoth.onlyFor", { team: names.A })
                : t("page.lockedFor", { team: names.A }),
              onlyA,
            )}
            {list(
              "B",
              shared.length > 0
                ? t("lockedBoth.onlyFor", { team: names.B })
                : t("page.lockedFor", { team: names.B }),
              onlyB,
            )}
          </div>
        )}
      </div>
    </section>
  );
}
