import { type ActivityEntry, ROUTES } from "@draftroom/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { useActivityWho } from "@/components/workspace/activity-who.ts";
import { activityQuery } from "@/lib/collab-api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import "@/lib/i18n-collab.d.ts";

/**
 * Where an entry's item opens: only while it is still in this workspace (the server says so; a
 * deleted item, or one moved away, is named but not linked). A join is about the workspace itself.
 */
function itemLink(entry: ActivityEntry, workspaceId: string): string | null {
  if (!entry.item_available) return null;
  switch (entry.item_type) {
    case "session":
      return ROUTES.draftSession(entry.item_id);
    case "series":
      return ROUTES.seriesPage(entry.item_id);
    case "plan":
      return ROUTES.draftPlan(entry.item_id);
    case "review":
      return ROUTES.rosterReview(entry.item_id);
    case "scrim":
      return ROUTES.scrim(workspaceId, entry.item_id);
    case "pool":
      return `${ROUTES.workspace(workspaceId)}/pools?player=${encodeURIComponent(entry.item_id)}`;
    case "workspace":
      return null;
  }
}

/** The workspace's activity feed, newest first, 30 at a time ("Show older" loads the next page). */
export function ActivityFeed({ workspaceId }: { workspaceId: string }) {
  const { t, i18n } = useTranslation("collab");
  const who = useActivityWho();
  const headingId = useId();
  const feed = useInfiniteQuery(activityQuery(workspaceId));
  const entries = feed.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4">
      <h2 id={headingId} className="font-bold text-fg text-lg">
        {t("activity.title")}
      </h2>
      {feed.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-muted text-sm">
          <Spinner size="sm" />
          {t("activity.loading")}
        </p>
      ) : feed.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-danger text-sm">
          {t("activity.error")}: {errorMessage(feed.error)}
          <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
            {t("comments.retry")}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="mt-1 text-sm">
          <p className="font-semibold text-fg">{t("activity.empty")}</p>
          <p className="text-muted">{t("activity.emptyText")}</p>
        </div>
      ) : (
        <ol className="mt-2 flex flex-col divide-y divide-border" data-testid="activity-feed">
          {entries.map((entry) => {
            const link = itemLink(entry, workspaceId);
            const title = entry.item_title || t(`activity.types.${entry.item_type}`);
            // A join reads "ana joined the workspace": the workspace is this page, not a link.
            const aboutWorkspace = entry.item_type === "workspace";
            return (
              <li key={entry.id} className="flex flex-wrap items-baseline gap-x-1.5 py-2 text-sm">
                <span className="min-w-0 break-words font-semibold text-fg">{who(entry)}</span>
                <span className="text-muted">
                  {t(`activity.verbs.${entry.verb}`)}
                  {!aboutWorkspace && ` ${t(`activity.types.${entry.item_type}`)}`}
                </span>
                {aboutWorkspace ? null : link ? (
                  <Link className="min-w-0 break-words font-semibold text-primary underline" to={link}>
                    {title}
                  </Link>
                ) : (
                  <span className="min-w-0 break-words font-semibold text-fg">
                    {title}
                    {entry.verb !== "deleted" && entry.verb !== "moved_out" && (
                      <span className="font-normal text-muted"> ({t("activity.gone")})</span>
                    )}
                  </span>
                )}
                {entry.count > 1 && (
                  <span className="text-muted tabular-nums">
                    {t("activity.times", { count: entry.count })}
                  </span>
                )}
                <time dateTime={entry.updated_at} className="ml-auto text-muted text-xs">
                  {formatRelativeTime(entry.updated_at, i18n.language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
      {feed.hasNextPage && (
        <Button
          className="mt-2"
          size="sm"
          variant="outline"
          loading={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {t("activity.older")}
        </Button>
      )}
    </section>
  );
}
