import { type ComponentType, createElement, lazy } from "react";
import { loadNamespaces } from "@/lib/i18n.ts";
import { logger } from "@/lib/logger.ts";
import { reloadOnce, reloadSucceeded } from "@/lib/reload-once.ts";

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Loading chunk|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading CSS chunk/i.test(
    `${error.name} ${error.message}`,
  );
}

/**
 * A lazily loaded screen. When its chunk fails to load (usually a deploy replaced the files) the
 * page reloads once; a second failure within a minute reaches the error boundary instead.
 * `namespaces`: the screen's locale namespaces, loaded alongside its code (no untranslated flash).
 * The screen renders inside the app's TanStack Query provider, loaded in parallel with its code
 * (the landing page, which is not lazy, never loads TanStack Query).
 */
export function lazyPage<T extends ComponentType<object>>(
  load: () => Promise<{ default: T }>,
  namespaces: string[] = [],
) {
  return lazy(async () => {
    try {
      const [module, { QueryProvider }] = await Promise.all([
        load(),
        import("@/lib/QueryProvider.tsx"),
        loadNamespaces(...namespaces),
      ]);
      reloadSucceeded("chunk");
      const Screen: ComponentType<object> = module.default;
      const WithQueries = (props: object) => createElement(QueryProvider, null, createElement(Screen, props));
      WithQueries.displayName = `Lazy(${Screen.displayName ?? Screen.name})`;
      return { default: WithQueries as unknown as T };
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce("chunk")) {
        logger.warn("Chunk failed to load, reloading once", error);
        return new Promise<{ default: T }>(() => undefined);
      }
      throw error;
    }
  });
}
