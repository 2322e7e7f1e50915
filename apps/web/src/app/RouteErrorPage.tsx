import { useRouteError } from "react-router";
import { ErrorFallback } from "./ErrorBoundary.tsx";

/** Router-level error element (replaces React Router's "Unexpected Application Error!"). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main id="main" className="min-h-dvh">
      <ErrorFallback error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}
