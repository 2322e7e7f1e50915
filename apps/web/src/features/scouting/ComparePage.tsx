import { ROUTES, type ScoutingReport } from "@draftroom/contracts";
import { ArrowLeft, GitCompareArrows } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { OraclesElixirAttribution } from "@/components/OraclesElixirAttribution.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { filtersFromParams, isScoutingLocked, useScoutingCompare, useScoutingTeams } from "./api/scouting.ts";
import { ChampionList } from "./components/ChampionList.tsx";
import { RankingChart } from "./components/RankingChart.tsx";
import { RecordLabel } from "./components/RecordLabel.tsx";
import { ReportSkeleton } from "./components/ReportSkeleton.tsx";
import { paramsWithFilters, ScoutingFilters } from "./components/ScoutingFilters.tsx";
import { ScoutingUpsell } from "./components/ScoutingUpsell.tsx";
import { TeamPicker } from "./components/TeamPicker.tsx";

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** `/app/scouting/compare?a=&b=`: two teams side by side before a series. */
export default function ComparePage() {
  const { t } = useTranslation("scouting");
  const [params, setParams] = useSearchParams();
  const a = idOf(params.get("a"));
  const b = idOf(params.get("b"));
  const filters = filtersFromParams(params);
  const teams = useScoutingTeams();
  const compare = useScoutingCompare(a ?? 0, b ?? 0, filters);
  const setTeam = (key: "a" | "b", id: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (id === null) copy.delete(key);
        else copy.set(key, String(id));
        return copy;
      },
      { replace: true },
    );
  const data = compare.data;
  const ready = a !== null && b !== null && a !== b;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <Link to={ROUTES.scouting} className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("back")}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-fg">{t("compare.pageTitle")}</h1>
      <p className="mt-1 text-muted">{t("compare.help")}</p>

      {teams.data && (
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <TeamPicker
            teams={teams.data}
            value={a}
            onChange={(id) => setTeam("a", id)}
            label={t("compare.teamA")}
            exclude={b}
          />
          <TeamPicker
            teams={teams.data}
            value={b}
            onChange={(id) => setTeam("b", id)}
            label={t("compare.teamB")}
            exclude={a}
          />
        </div>
      )}

      {!ready ? (
        <EmptyState className="mt-6" icon={<GitCompareArrows />} title={t("compare.pick")} />
      ) : compare.isPending ? (
        <ReportSkeleton label={t("loading")} />
      ) : compare.isError && !data ? (
        isScoutingLocked(compare.error) ? (
          <div className="mt-6">
            <ScoutingUpsell compact />
          </div>
        ) : (
          <ErrorState
            className="mt-6"
            title={t("error")}
            onRetry={() => void compare.refetch()}
            retrying={compare.isFetching}
          />
        )
      ) : data ? (
        <div aria-busy={compare.isFetching || undefined}>
          <div className="mt-6">
            <ScoutingFilters
              value={filters}
              patches={mergePatches(data.a.patches, data.b.patches)}
              onChange={(next) => setParams((current) => paramsWithFilters(current, next), { replace: true })}
            />
          </div>
          <section
            aria-labelledby="h2h"
            className="mt-6 rounded-2xl border border-border bg-surface p-4 shadow-card"
          >
            <h2 id="h2h" className="text-base font-semibold text-fg">
              {t("compare.headToHead", { a: data.a.team.name, b: data.b.team.name })}
            </h2>
            <p className="mt-1 text-sm">
              {data.head_to_head.games === 0 ? (
                <span className="text-muted">{t("compare.noMeetings")}</span>
              ) : (
                <>
                  <span className="text-fg">
                    {t("compare.meetings", { count: data.head_to_head.games })} ·{" "}
                  </span>
                  <RecordLabel record={data.head_to_head} />
                </>
              )}
            </p>
            {data.shared_picks.length > 0 && (
              <p className="mt-2 text-sm text-muted">
                {t("compare.shared")}{" "}
                {data.shared_picks
                  .slice(0, 6)
                  .map((entry) => t("compare.sharedEntry", { name: entry.name, a: entry.a, b: entry.b }))
                  .join(", ")}
              </p>
            )}
          </section>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <TeamColumn report={data.a} />
            <TeamColumn report={data.b} />
          </div>
          {data.a.summary.sources.matches + data.b.summary.sources.matches > 0 && (
            <OraclesElixirAttribution className="mt-8" />
          )}
        </div>
      ) : null}
    </div>
  );
}

function mergePatches(a: ScoutingReport["patches"], b: ScoutingReport["patches"]): ScoutingReport["patches"] {
  const counts = new Map<string, number>();
  for (const entry of [...a, ...b]) counts.set(entry.patch, (counts.get(entry.patch) ?? 0) + entry.games);
  return [...counts]
    .map(([patch, games]) => ({ patch, games }))
    .sort((x, y) => y.patch.localeCompare(x.patch, undefined, { numeric: true }));
}

function TeamColumn({ report }: { report: ScoutingReport }) {
  const { t } = useTranslation("scouting");
  const details = report.details;
  return (
    <section aria-labelledby={`team-${report.team.id}`} className="min-w-0 space-y-4">
      <div className="rounded-2xl border border-border bg-surface p-4 shadow-card">
        <h2 id={`team-${report.team.id}`} className="text-xl font-bold text-fg">
          <Link to={ROUTES.scoutingTeam(report.team.id)} className="hover:underline">
            {report.team.name}
          </Link>
        </h2>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted uppercase">{t("summary.games")}</dt>
            <dd className="font-semibold tabular-nums text-fg">{report.summary.record.games}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">{t("sides.blue")}</dt>
            <dd>
              <RecordLabel record={report.summary.sides.BLUE} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">{t("sides.red")}</dt>
            <dd>
              <RecordLabel record={report.summary.sides.RED} />
            </dd>
          </div>
        </dl>
      </div>
      {report.summary.record.games === 0 || !details ? (
        <EmptyState title={t("empty.title")} message={t("empty.body")} />
      ) : (
        <>
          <RankingChart title={t("charts.mostPicked")} data={details.picks} color="var(--primary)" />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChampionList
              title={t("lists.firstBlue")}
              data={details.first_picks.BLUE}
              accent="border-l-team-blue"
            />
            <ChampionList
              title={t("lists.firstRed")}
              data={details.first_picks.RED}
              accent="border-l-team-red"
            />
            <ChampionList title={t("charts.mostBanned")} data={details.bans} />
            <ChampionList title={t("charts.bansReceived")} data={details.bans_received} />
          </div>
        </>
      )}
    </section>
  );
}
