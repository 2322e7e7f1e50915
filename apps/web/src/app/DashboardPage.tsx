import { ROUTES } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { Spinner } from "@/components/ui/Spinner.tsx";
import AnalyticsSummary from "@/features/analytics/AnalyticsSummary.tsx";
import { draftQueries, firstSessionPage } from "@/features/drafts/api/drafts.ts";
import SessionsListPage from "@/features/drafts/SessionsListPage.tsx";
import { FirstSteps } from "@/features/workspaces/FirstSteps.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { useWorkspaceSwitcher } from "./layout/workspace-switcher-state.ts";

/**
 * /app/dashboard: in a workspace, a player's first steps (their pool, the draft in progress);
 * the space's draft sessions; then the analytics summary (or, on plans without analytics, its
 * short upsell) below them. Composed from three features.
 */
export default function DashboardPage() {
  return (
    <div className="flex flex-col">
      <PlayerStart />
      <SessionsListPage />
      <ErrorBoundary>
        <Suspense
          fallback={
            <div className="grid h-24 place-items-center">
              <Spinner />
            </div>
          }
        >
          <AnalyticsSummary />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

/** The first steps card for the current workspace, fed the list's first page (the same query). */
function PlayerStart() {
  const { current } = useWorkspaceSwitcher();
  // The list below asks for exactly these criteria on its first page: one request, one cache entry.
  const sessions = useQuery({
    ...draftQueries.sessionList(firstSessionPage(current?.id)),
    enabled: current?.role === "player",
  });
  if (!current) return null;
  const next = sessions.data?.results.find((session) => session.status === "in_progress");
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6 empty:hidden">
      <FirstSteps
        workspace={current}
        nextDraft={next ? { title: next.title, to: ROUTES.draftSession(next.id) } : null}
      />
    </div>
  );
}
