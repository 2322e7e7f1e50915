import { Suspense } from "react";
import { Spinner } from "@/components/ui/Spinner.tsx";
import AnalyticsSummary from "@/features/analytics/AnalyticsSummary.tsx";
import SessionsListPage from "@/features/drafts/SessionsListPage.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

/**
 * /app/dashboard: the user's own draft sessions first, then the analytics summary (or, on plans
 * without analytics, its short upsell) below them. Composed from two features.
 */
export default function DashboardPage() {
  return (
    <div className="flex flex-col">
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
