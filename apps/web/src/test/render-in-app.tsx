// How a component test mounts a screen or a part of one: inside the app's data cache and a router,
// as the app does. One place for the wrapping the tests would otherwise repeat.
import { QueryClient, type QueryClientConfig, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";

/** A cache that reports a failed request at once instead of retrying it (a test's stub answers once). */
export function testQueryClient(queries: NonNullable<QueryClientConfig["defaultOptions"]>["queries"] = {}) {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
}

export interface InAppOptions {
  /** The address the router starts at ("/" unless given). */
  at?: string;
  /** A route pattern: `ui` is rendered as that route's element, so it reads its parameters. */
  route?: string;
  /** The cache to use, for a test that seeds or reads it; a fresh one otherwise. */
  client?: QueryClient;
}

/**
 * Renders `ui` with a data cache and a router at `at`.
 *
 * @example
 * renderInApp(<PoolsPage />, { at: `/app/workspaces/${id}/pools`, route: "/app/workspaces/:workspaceId/pools" });
 */
export function renderInApp(
  ui: ReactNode,
  { at = "/", route, client = testQueryClient() }: InAppOptions = {},
) {
  const routed =
    route === undefined ? (
      ui
    ) : (
      <Routes>
        <Route path={route} element={ui} />
      </Routes>
    );
  const rendered = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{routed}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}
