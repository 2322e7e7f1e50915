import { useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isNotFound } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { seriesApi, seriesKeys } from "@/lib/series-api.ts";
import { GameCard, LockedChampions, SeriesScoreHeader } from "./components/SeriesView.tsx";

/** Refresh period while the series is still being played. */
const LIVE_REFRESH_MS = 5000;

/** Read-only view of a shared series (`/app/public/series/{id}`); no sign-in needed. */
export default function PublicSeriesPage() {
  const { seriesId = "" } = useParams();
  const { t } = useTranslation("series");
  const auth = useAuth();
  const query = useQuery({
    queryKey: seriesKeys.public(seriesId),
    queryFn: () => seriesApi.getPublic(seriesId),
    refetchInterval: (q) => (q.state.data?.status === "complete" ? false : LIVE_REFRESH_MS),
    refetchIntervalInBackground: false,
  });
  const series = query.data;
  const championsById = useMemo(() => new Map((series?.champions ?? []).map((c) => [c.id, c])), [series]);

  if (query.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("page.loading")}</span>
      </div>
    );
  }
  if (query.isError || !series) {
    const notFound = isNotFound(query.error);
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorState
          title={notFound ? t("page.notFoundTitle") : t("page.errorTitle")}
          message={notFound ? t("page.publicNotFound") : t("page.errorText")}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-5 lg:py-6">
      <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-surface-3 px-2.5 py-0.5 text-[11px] font-semibold text-muted">
        <Eye className="size-3.5" aria-hidden />
        {t("page.public")}
      </p>
      <SeriesScoreHeader series={series} actions={<ShareMenu series={series} access="public" />} />
      <LockedChampions series={series} championsById={championsById} />
      <section aria-labelledby="games-title" className="flex flex-col gap-3">
        <h2 id="games-title" className="text-lg font-bold text-fg">
          {t("page.games")}
        </h2>
        {series.games.map((game) => (
          <GameCard key={game.number} series={series} game={game} championsById={championsById} />
        ))}
      </section>
      {!auth.user && (
        <Link to="/register" className={buttonClasses("outline", "md", "self-center")}>
          {t("page.signIn")}
        </Link>
      )}
    </div>
  );
}
