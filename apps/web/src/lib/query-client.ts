import { QueryClient } from "@tanstack/react-query";
import { isApiRequestError } from "./api.ts";

/** One client for the app. Cached data is kept 60 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        gcTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.status !== null && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
