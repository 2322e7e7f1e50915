import { queryClient } from "@/lib/query-client.ts";
import { dataSourcesQuery, matchSummaryQuery } from "./api.ts";

/**
 * A page load of the Data page (`/app/data`) asks for the imported games' summary with its code
 * (app/lazy-page.ts), then, for a data administrator (the summary's `can_import`), the data sources
 * the page shows them. Settles when they have answered (or failed: the page asks again and shows it).
 */
export default function dataAhead(): Promise<unknown> {
  return queryClient
    .fetchQuery(matchSummaryQuery)
    .then((summary) => (summary.can_import ? queryClient.prefetchQuery(dataSourcesQuery) : undefined))
    .catch(() => undefined);
}
