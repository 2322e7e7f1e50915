import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "draftroom:scroll-positions";

/** Scroll position of each history entry this tab visited (by location key), also across reloads. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions === null) {
    try {
      const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
      positions = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false; // not a decodable id
  }
}

/**
 * Scroll handling across screens: a new screen starts at the top (or at the element its hash
 * names), Back and Forward return to where that history entry was left, also after a reload. The
 * first screen of a visit is left where the browser put it.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const record = () => {
      savedPositions()[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        /* storage unavailable or full: positions last for this page only */
      }
    };
    window.addEventListener("scroll", record, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", record);
      window.removeEventListener("pagehide", persist);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const previousKey = currentKey.current;
    currentKey.current = location.key;
    const saved = navigationType === "POP" ? savedPositions()[location.key] : undefined;
    if (typeof saved === "number") window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash) && previousKey !== location.key) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
