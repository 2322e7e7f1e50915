import { pageCount, REVIEW_STATUSES, ROUTES } from "@draftroom/contracts";
import { FileSearch, NotebookPen, Plus } from "lucide-react";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Pagination } from "@/components/ui/Pagination.tsx";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";
import { type ReviewFilters, useReviews } from "./api/reviews.ts";
import { ReviewCard } from "./components/ReviewCard.tsx";
import { ReviewFiltersBar } from "./components/ReviewFiltersBar.tsx";
import type { ReviewStatus } from "./form.ts";

function positiveInt(value: string | null): number | null {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

function readFilters(params: URLSearchParams): Omit<ReviewFilters, "workspace"> {
  const status = params.get("status");
  return {
    page: positiveInt(params.get("page")) ?? 1,
    league: positiveInt(params.get("league")),
    team: positiveInt(params.get("team")),
    season: params.get("season") ?? "",
    status: (REVIEW_STATUSES as readonly string[]).includes(status ?? "") ? (status as ReviewStatus) : null,
  };
}

export default function ReviewsListPage() {
  const { t } = useTranslation("reviews");
  const [params, setParams] = useSearchParams();
  // With a workspace chosen in the header: its reviews (members only), like sessions and series.
  const workspaceId = useCurrentWorkspace();
  const here = useCurrentWorkspaceAccess();
  const workspace = here.workspace;
  const mayWrite = here.may("edit_practice");
  const filters = useMemo(() => ({ ...readFilters(params), workspace: workspaceId }), [params, workspaceId]);
  const query = useReviews(filters);

  const change = useCallback(
    (patch: Partial<Omit<ReviewFilters, "workspace">>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...readFilters(current), page: 1, ...patch };
          for (const key of ["page", "league", "team", "season", "status"] as const) {
            const value = merged[key];
            if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const filtered =
    filters.league !== null || filters.team !== null || filters.season !== "" || filters.status !== null;
  const total = query.data?.count ?? 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-fg">{t("title")}</h1>
          <p className="mt-1 text-muted">
            {workspace ? t("workspace.subtitle", { name: workspace.name }) : t("subtitle")}
          </p>
        </div>
        {mayWrite && (
          <Link
            to={ROUTES.rosterReviewCreate}
            className={buttonClasses("primary", "md", "self-start sm:self-auto")}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("newReview")}
          </Link>
        )}
      </header>

      <AccessNote workspace={workspace} capability="edit_practice" className="mt-3" />

      <div className="mt-6">
        <ReviewFiltersBar filters={filters} onChange={change} onClear={clear} />
      </div>

      <div className="mt-6">
        {query.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">{t("loading")}</span>
            {[0, 1, 2].map((index) => (
              <div key={index} aria-hidden="true" className="h-56 animate-pulse rounded-2xl bg-surface-3" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState
            title={t("loadError")}
            message={workspaceId ? t("workspace.loadErrorBody") : undefined}
            onRetry={() => void query.refetch()}
            retryLabel={t("retry")}
          />
        ) : query.data.results.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<FileSearch aria-hidden="true" />}
              title={t("list.noMatchTitle")}
              message={t("list.noMatchBody")}
              action={
                <button type="button" className={buttonClasses("outline")} onClick={clear}>
                  {t("filters.clear")}
                </button>
              }
            />
          ) : workspaceId ? (
            <EmptyState
              icon={<NotebookPen aria-hidden="true" />}
              title={t("workspace.emptyTitle")}
              message={mayWrite ? t("workspace.emptyBody") : t("workspace.emptyReadOnly")}
              action={
                mayWrite ? (
                  <Link to={ROUTES.rosterReviewCreate} className={buttonClasses("primary")}>
                    <Plus aria-hidden="true" className="size-4" />
                    {t("list.emptyCta")}
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <EmptyState
              icon={<NotebookPen aria-hidden="true" />}
              title={t("list.emptyTitle")}
              message={t("list.emptyBody")}
              action={
                <Link to={ROUTES.rosterReviewCreate} className={buttonClasses("primary")}>
                  <Plus aria-hidden="true" className="size-4" />
                  {t("list.emptyCta")}
                </Link>
              }
            />
          )
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {t("list.count", { count: total })}
            </p>
            <ul
              className={
                query.isPlaceholderData
                  ? "grid gap-4 opacity-60 sm:grid-cols-2 lg:grid-cols-3"
                  : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              }
            >
              {query.data.results.map((review) => (
                <ReviewCard key={review.id} review={review} />
              ))}
            </ul>
            <Pagination
              className="mt-8"
              page={filters.page}
              pageCount={pageCount(total)}
              onPageChange={(page) => change({ page })}
            />
          </>
        )}
      </div>
    </div>
  );
}
