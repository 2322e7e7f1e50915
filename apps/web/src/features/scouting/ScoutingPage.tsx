import { ROUTES } from "@draftroom/contracts";
import { Binoculars, GitCompareArrows, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { StaleDataBanner } from "@/components/StaleDataBanner.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Input } from "@/components/ui/Field.tsx";
import { matchesQuery } from "@/lib/search-text.ts";
import { useScoutingTeams } from "./api/scouting.ts";
import { TeamPicker } from "./components/TeamPicker.tsx";

/** `/app/scouting`: every team one can scout (those with games first) and the compare picker. */
export default function ScoutingPage() {
  const { t } = useTranslation("scouting");
  const navigate = useNavigate();
  const teams = useScoutingTeams();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  // Every word in the team's name, short name or league ("koi lvp"), case and accents ignored.
  const list = (teams.data ?? []).filter((team) =>
    matchesQuery(deferred, [team.name, team.short_name, team.league]),
  );
  const withGames = list.filter((team) => team.games > 0);
  const withoutGames = list.filter((team) => team.games === 0);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <StaleDataBanner className="mb-4" />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-fg">{t("title")}</h1>
        <p className="mt-1 max-w-2xl text-muted">{t("subtitle")}</p>
      </header>

      {teams.isPending ? (
        <div role="status" className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t("loading")}</span>
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <div key={index} aria-hidden="true" className="h-16 animate-pulse rounded-2xl bg-surface-3" />
          ))}
        </div>
      ) : teams.isError ? (
        <ErrorState
          className="mt-8"
          title={t("error")}
          onRetry={() => void teams.refetch()}
          retrying={teams.isFetching}
        />
      ) : (
        <>
          <section
            aria-labelledby="scouting-compare"
            className="mt-8 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
          >
            <h2 id="scouting-compare" className="flex items-center gap-2 text-base font-semibold text-fg">
              <GitCompareArrows aria-hidden="true" className="size-4 text-primary" />
              {t("compare.title")}
            </h2>
            <p className="mt-0.5 text-sm text-muted">{t("compare.help")}</p>
            <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <TeamPicker
                teams={teams.data}
                value={a}
                onChange={setA}
                label={t("compare.teamA")}
                exclude={b}
              />
              <TeamPicker
                teams={teams.data}
                value={b}
                onChange={setB}
                label={t("compare.teamB")}
                exclude={a}
              />
              <Button
                disabled={a === null || b === null}
                onClick={() => a !== null && b !== null && void navigate(ROUTES.scoutingCompare(a, b))}
              >
                {t("compare.cta")}
              </Button>
            </div>
          </section>

          <section aria-labelledby="scouting-teams" className="mt-8">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h2 id="scouting-teams" className="text-lg font-bold text-fg">
                {t("teams.title")}
              </h2>
              <div className="relative sm:w-72">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
                />
                <Input
                  type="search"
                  aria-label={t("teams.search")}
                  placeholder={t("teams.search")}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  className="pl-9"
                />
              </div>
            </div>
            {list.length === 0 ? (
              <EmptyState className="mt-4" icon={<Binoculars />} title={t("teams.none")} />
            ) : (
              <>
                <TeamGrid teams={withGames} />
                {withoutGames.length > 0 && (
                  <details className="mt-6" open={deferred.trim() !== "" || withGames.length === 0}>
                    <summary className="cursor-pointer text-sm font-semibold text-muted">
                      {t("teams.withoutGames", { count: withoutGames.length })}
                    </summary>
                    <TeamGrid teams={withoutGames} />
                  </details>
                )}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function TeamGrid({ teams }: { teams: { id: number; name: string; league: string; games: number }[] }) {
  const { t } = useTranslation("scouting");
  if (teams.length === 0) return null;
  return (
    // Columns of minmax(0, 1fr): a long imported team name truncates instead of widening the page.
    <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {teams.map((team) => (
        <li key={team.id} className="min-w-0">
          <Link
            to={ROUTES.scoutingTeam(team.id)}
            className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 py-3 shadow-card transition-colors hover:border-primary focus-visible:border-primary"
          >
            <span className="min-w-0">
              <span className="block truncate font-semibold text-fg" title={team.name}>
                {team.name}
              </span>
              <span className="block truncate text-xs text-muted">{team.league}</span>
            </span>
            <span className="shrink-0 text-sm tabular-nums text-muted">
              {team.games > 0 ? t("teams.games", { count: team.games }) : t("teams.noGames")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
