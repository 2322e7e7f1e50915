import { pageCount } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { Layers, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Pagination } from "@/components/ui/Pagination.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { seriesApi, seriesKeys } from "@/lib/series-api.ts";
import { CreateSeriesDialog } from "./components/CreateSeriesDialog.tsx";
import "@/components/series/i18n-series.d.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";

/** The user's series (`/app/series`), newest first, and the create dialog. */
export default function SeriesListPage() {
  const { t } = useTranslation("series");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const workspace = useCurrentWorkspace();
  const here = useCurrentWorkspaceAccess();
  const mayCreate = here.may("edit_series");
  const query = useQuery({
    queryKey: seriesKeys.list(page, workspace),
    queryFn: () => seriesApi.list(page, workspace),
  });
  const data = query.data;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{t("list.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("list.subtitle")}</p>
        </div>
        {mayCreate && (
          <Button onClick={() => setCreating(true)} leftIcon={<Plus className="size-4" aria-hidden />}>
            {t("list.create")}
          </Button>
        )}
      </header>
      <AccessNote workspace={here.workspace} capability="edit_series" />
      {query.isPending ? (
        <div role="status" className="grid min-h-[30dvh] place-items-center text-muted">
          <Spinner size="lg" />
          <span className="sr-only">{t("list.loading")}</span>
        </div>
      ) : query.isError || !data ? (
        <ErrorState
          title={t("list.errorTitle")}
          message={t("list.errorText")}
          onRetry={() => void query.refetch()}
        />
      ) : data.count === 0 ? (
        <EmptyState
          icon={<Layers aria-hidden />}
          title={t("list.empty")}
          message={mayCreate ? t("list.emptyText") : t("list.emptyTextReadOnly")}
          action={
            mayCreate ? (
              <Button onClick={() => setCreating(true)} leftIcon={<Plus className="size-4" aria-hidden />}>
                {t("list.create")}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.results.map((series) => (
              <li key={series.id}>
                <Link
                  to={`/app/series/${series.id}`}
                  aria-label={t("list.open", { title: series.title })}
                  className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-card transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="truncate text-base font-bold text-fg">{series.title}</span>
                  <span className="flex flex-wrap gap-1.5 text-xs">
                    <Badge tone="primary">{t("bestOf", { n: series.best_of })}</Badge>
                    <Badge tone="accent">
                      {series.preset ? t(`presets.${series.preset}`) : t("presets.custom")}
                    </Badge>
                    <Badge tone={series.status === "complete" ? "success" : "neutral"}>
                      {t(`status.${series.status}`)}
                    </Badge>
                  </span>
                  <span className="flex items-center justify-between gap-2 text-sm font-semibold text-fg">
                    <span className="min-w-0 truncate">{series.team_a.name}</span>
                    <span className="rounded-md bg-surface-3 px-2 py-0.5 tabular-nums">
                      {t("scoreValue", { a: series.score.A, b: series.score.B })}
                    </span>
                    <span className="min-w-0 truncate text-right">{series.team_b.name}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount(data.count)} onPageChange={setPage} />
        </>
      )}
      <CreateSeriesDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
