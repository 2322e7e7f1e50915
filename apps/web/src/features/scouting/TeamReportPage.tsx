import { ROUTES, rowIdOf } from "@draftroom/contracts";
import { ArrowLeft, Binoculars, GitCompareArrows } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { OraclesElixirAttribution } from "@/components/OraclesElixirAttribution.tsx";
import { StaleDataBanner } from "@/components/StaleDataBanner.tsx";
import { OurScrimDrafting } from "@/components/scrims/OurScrimDrafting.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { isNotFound } from "@/lib/api.ts";
import { reportRequest, useOwnTeamWorkspace, useScoutingReport } from "./api/scouting.ts";
import { ChampionList } from "./components/ChampionList.tsx";
import { type OwnTeamSource, OwnTeamSourceToggle } from "./components/OwnTeamSource.tsx";
import { RecordTiles } from "./components/RecordTiles.tsx";
import { ReportBasis, useReportSample } from "./components/ReportBasis.tsx";
import { ReportDetails } from "./components/ReportDetails.tsx";
import { ReportSkeleton } from "./components/ReportSkeleton.tsx";
import { paramsWithFilters, ScoutingFilters } from "./components/ScoutingFilters.tsx";
import { ScoutingUpsell } from "./components/ScoutingUpsell.tsx";

/**
 * `/app/scouting/teams/:teamId`: one team's scouting report (`?from=&to=&patch=&series=&drafts=1`).
 * Professional games only, unless `drafts=1` adds the user's own drafts (labelled). When the team
 * is the chosen workspace's own team, `source=scrims` shows its scrims from the ledger instead
 * (team-only; never added to the official games).
 */
export default function TeamReportPage() {
  const { t } = useTranslation("scouting");
  const teamId = rowIdOf(useParams().teamId);
  const [params, setParams] = useSearchParams();
  const { filters, reversed, asked, seriesId, includeDrafts } = reportRequest(params);
  const query = useScoutingReport(teamId, asked, seriesId, includeDrafts);
  const report = query.data;
  const sample = useReportSample(report);
  const filtered = Boolean(report && (report.filters.from || report.filters.to || report.filters.patch));
  const ownWorkspace = useOwnTeamWorkspace(teamId);
  const source: OwnTeamSource = ownWorkspace && params.get("source") === "scrims" ? "scrims" : "official";
  const setSource = (next: OwnTeamSource) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "scrims") updated.set("source", "scrims");
        else updated.delete("source");
        return updated;
      },
      { replace: true },
    );
  const setDrafts = (include: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (include) next.set("drafts", "1");
        else next.delete("drafts");
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <StaleDataBanner className="mb-4" />
      <Link to={ROUTES.scouting} className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("back")}
      </Link>
      {query.isPending ? (
        <ReportSkeleton label={t("loading")} />
      ) : query.isError && !report ? (
        isNotFound(query.error) ? (
          <EmptyState
            className="mt-6"
            icon={<Binoculars />}
            title={t("notFound.title")}
            message={t("notFound.body")}
            action={
              <Link to={ROUTES.scouting} className={buttonClasses("primary", "md")}>
                {t("notFound.cta")}
              </Link>
            }
          />
        ) : (
          <ErrorState
            className="mt-6"
            title={t("error")}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )
      ) : report ? (
        <>
          <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
              <h1 className="truncate text-3xl font-extrabold tracking-tight text-fg">{report.team.name}</h1>
              {/* What the official report rests on; the scrims view says its own basis. */}
              {source === "official" && <ReportBasis report={report} onDraftsChange={setDrafts} />}
            </div>
            <Link
              to={`${ROUTES.scouting}/compare?a=${report.team.id}`}
              className={buttonClasses("outline", "md", "self-start sm:self-auto")}
            >
              <GitCompareArrows aria-hidden="true" className="size-4" />
              {t("compareWith")}
            </Link>
          </header>
          <div className="mt-6">
            <ScoutingFilters
              value={filters}
              patches={report.patches}
              onChange={(next) => setParams((current) => paramsWithFilters(current, next), { replace: true })}
            />
          </div>
          {ownWorkspace && <OwnTeamSourceToggle value={source} onChange={setSource} />}
          {ownWorkspace && source === "scrims" ? (
            <OurScrimDrafting
              workspaceId={ownWorkspace}
              filters={{
                from: filters.from || undefined,
                to: (reversed ? "" : filters.to) || undefined,
                patch: filters.patch || undefined,
              }}
            />
          ) : (
            <div className="mt-6" aria-busy={query.isFetching || undefined}>
              {query.isError && (
                <p role="alert" className="mb-4 rounded-xl bg-danger-soft px-4 py-2 text-sm text-danger">
                  {t("errorStale")}
                </p>
              )}
              <RecordTiles summary={report.summary} />
              {report.summary.record.games === 0 ? (
                filtered ? (
                  <EmptyState
                    className="mt-6"
                    icon={<Binoculars />}
                    title={t("empty.title")}
                    message={t("empty.filtered")}
                  />
                ) : (
                  <EmptyState
                    className="mt-6"
                    icon={<Binoculars />}
                    title={t("empty.noProTitle", { team: report.team.name })}
                    message={t("empty.noProBody")}
                    action={
                      <Link to={ROUTES.data} className={buttonClasses("primary", "md")}>
                        {t("empty.noProCta")}
                      </Link>
                    }
                  />
                )
              ) : report.details ? (
                <ReportDetails details={report.details} fearless={report.fearless} sample={sample} />
              ) : (
                <div className="mt-6 grid gap-4 lg:grid-cols-3">
                  <ChampionList title={t("lists.topPicks")} data={report.top_picks} />
                  <div className="lg:col-span-2">
                    <ScoutingUpsell />
                  </div>
                </div>
              )}
              {report.summary.sources.matches > 0 && <OraclesElixirAttribution className="mt-8" />}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
