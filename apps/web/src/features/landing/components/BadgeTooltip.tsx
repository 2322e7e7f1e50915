import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn.ts";

/** Spec: the badge tooltip opens after 300 ms and closes 200 ms after the pointer or focus leaves. */
export const TOOLTIP_ENTER_DELAY_MS = 300;
export const TOOLTIP_LEAVE_DELAY_MS = 200;

interface BadgeTooltipProps {
  children: ReactNode;
  tooltip: string;
  className?: string;
}

/**
 * A focusable badge with a hover/focus tooltip. The tooltip stays open while hovered and closes
 * on Escape (WCAG 1.4.13); its text is always the badge's description for screen readers.
 */
export function BadgeTooltip({ children, tooltip, className }: BadgeTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setOpen(next),
      next ? TOOLTIP_ENTER_DELAY_MS : TOOLTIP_LEAVE_DELAY_MS,
    );
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-describedby={id}
        onMouseEnter={() => schedule(true)}
        onMouseLeave={() => schedule(false)}
        onFocus={() => schedule(true)}
        onBlur={() => schedule(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            window.clearTimeout(timer.current);
            setOpen(false);
          }
        }}
        className={cn("cursor-help", className)}
      >
        {children}
      </button>
      <span
        role="tooltip"
        id={id}
        hidden={!open}
        onMouseEnter={() => schedule(true)}
        onMouseLeave={() => schedule(false)}
        className="landing-tooltip absolute bottom-full left-1/2 z-30 mb-2 w-56 -translate-x-1/2 rounded-lg bg-fg px-3 py-2 text-center text-xs font-medium text-background shadow-pop"
      >
        {tooltip}
      </span>
    </span>
  );
}
