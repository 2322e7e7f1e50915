import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "./query-client.ts";

/**
 * The app's one TanStack Query client, provided around each lazily loaded screen (see
 * app/lazy-page.ts) rather than at the root: the landing page never loads TanStack Query. Every
 * screen shares the same client, so the cache survives navigation.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
