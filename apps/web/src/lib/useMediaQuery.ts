import { useSyncExternalStore } from "react";

/**
 * Live result of a CSS media query (follows viewport and preference changes). False where there is
 * no `matchMedia` (server rendering, some test environments).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => typeof window !== "undefined" && Boolean(window.matchMedia?.(query).matches),
    () => false,
  );
}

/** Follows the operating system's reduced-motion setting live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
