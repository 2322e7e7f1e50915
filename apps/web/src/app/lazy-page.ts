import { type ComponentType, createElement, lazy, useState } from "react";
import { authStore } from "@/lib/auth.ts";
import { loadNamespaces } from "@/lib/i18n.ts";
import { logger } from "@/lib/logger.ts";
import { reloadOnce, reloadSucceeded } from "@/lib/reload-once.ts";

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Loading chunk|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading CSS chunk/i.test(
    `${error.name} ${error.message}`,
  );
}

/** The route's parameters, as the router matched them. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * What a screen asks for ahead on a page load, beside its code: the queries it needs to show its
 * content, started before it first renders (they would start as it commits). The module's default
 * export settles when they have answered (or failed: the screen then asks again and reports it).
 * Loaded on demand like the screen.
 */
export type LoadAhead = () => Promise<{
  default: (params: RouteParams, search: URLSearchParams) => Promise<unknown>;
}>;

/** A lazily loaded screen whose code (and first data) can be asked for before React renders it. */
export type LazyPage<T extends ComponentType<object>> = T & {
  /**
   * Starts loading the screen's code (once) and, for a signed-in member, its data ahead (for the
   * route's parameters and the address's query: never read from `window`, which the server's
   * first paint has not); settles when both are in or have failed.
   */
  preload(params?: RouteParams, search?: URLSearchParams): Promise<void>;
};

export function isLazyPage(value: unknown): value is LazyPage<ComponentType<object>> {
  return typeof value === "function" && typeof (value as { preload?: unknown }).preload === "function";
}

/**
 * A lazily loaded screen. When its chunk fails to load (usually a deploy replaced the files) the
 * page reloads once; a second failure within a minute reaches the error boundary instead.
 * `namespaces`: the screen's locale namespaces, loaded alongside its code (no untranslated flash).
 * The screen renders inside the app's TanStack Query provider, loaded in parallel with its code
 * (the landing page, which is not lazy, never loads TanStack Query).
 *
 * Once its code is loaded, the screen renders at once instead of suspending: a page load that
 * preloads it (main.tsx) then commits the screen itself, never the spinner first. A committed
 * Suspense fallback would hold the screen back until 300 ms after it (React throttles reveals),
 * and the screen's queries, which start when it commits, with it.
 */
export function lazyPage<T extends ComponentType<object>>(
  load: () => Promise<{ default: T }>,
  namespaces: string[] = [],
  ahead?: LoadAhead,
): LazyPage<T> {
  let loaded: ComponentType<object> | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const start = () => {
    loading ??= (async () => {
      try {
        const [module, { QueryProvider }] = await Promise.all([
          load(),
          import("@/lib/QueryProvider.tsx"),
          loadNamespaces(...namespaces),
        ]);
        reloadSucceeded("chunk");
        const Screen: ComponentType<object> = module.default;
        const WithQueries = (props: object) =>
          createElement(QueryProvider, null, createElement(Screen, props));
        WithQueries.displayName = `Lazy(${Screen.displayName ?? Screen.name})`;
        loaded = WithQueries;
        return { default: WithQueries as unknown as T };
      } catch (error) {
        if (isChunkLoadError(error) && reloadOnce("chunk")) {
          logger.warn("Chunk failed to load, reloading once", error);
          return new Promise<{ default: T }>(() => undefined);
        }
        throw error;
      }
    })();
    return loading;
  };
  const Lazy: ComponentType<object> = lazy(start) as unknown as ComponentType<object>;
  const Page = (props: object) => {
    // Chosen once per mount: switching between the two later would remount the screen.
    const [Screen] = useState(() => loaded ?? Lazy);
    return createElement(Screen, props);
  };
  // A failure is the screen's to show when it renders (its error boundary, its queries' errors),
  // never the preload's: the screen asks again for what failed.
  const preload = (params?: RouteParams, search = new URLSearchParams()) => {
    const data =
      ahead && params && authStore.get().isAuthenticated
        ? ahead().then((module) => module.default(params, search))
        : undefined;
    return Promise.allSettled([start(), data]).then(() => undefined);
  };
  return Object.assign(Page, { preload }) as unknown as LazyPage<T>;
}
