import { type ComponentType, lazy } from "react";
import { loadNamespaces } from "@/lib/i18n.ts";
import { logger } from "@/lib/logger.ts";

const RELOAD_KEY = "draftroom:chunk-reload-at";
const RELOAD_WINDOW_MS = 60_000;

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
 */
export function lazyPage<T extends ComponentType<object>>(
  load: () => Promise<{ default: T }>,
  namespaces: string[] = [],
) {
  return lazy(async () => {
    try {
      const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
      sessionStorage.removeItem(RELOAD_KEY);
      return module;
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (isChunkLoadError(error) && Date.now() - last > RELOAD_WINDOW_MS) {
        logger.warn("Chunk failed to load, reloading once", error);
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<{ default: T }>(() => undefined);
      }
      throw error;
    }
  });
}
