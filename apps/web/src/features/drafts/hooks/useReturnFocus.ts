import { useEffect, useRef } from "react";

/**
 * Puts keyboard focus back where it was when a dialog closes. The shared dialog has no trigger
 * element to return to, so focus would fall to the page body; this remembers the last element
 * focused outside any dialog and refocuses it (or `fallback` when it left the page, e.g. a slot
 * removed by Modify).
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null): void {
  const last = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest("[role=dialog], [role=alertdialog]"))
        last.current = target;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);

  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const id = window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const target = last.current?.isConnected ? last.current : (fallbackRef.current?.() ?? null);
      target?.focus();
    }, 0);
    return () => window.clearTimeout(id);
  }, [open]);
}
