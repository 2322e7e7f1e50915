import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactNode } from "react";

/**
 * Enter delay 300 ms, leave 200 ms. Each `Tooltip` brings one, so the app root (and the landing
 * page's startup code) does not load Radix Tooltip; wrap a group of tooltips in one to share the
 * skip delay between them.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={300} skipDelayDuration={200}>
      {children}
    </RadixTooltip.Provider>
  );
}

/** Hover/focus tooltip. The child must be focusable (a button or link). */
export function Tooltip({
  content,
  children,
  side = "top",
}: {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
}) {
  return (
    <TooltipProvider>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 max-w-xs rounded-lg bg-fg px-3 py-1.5 text-background text-xs shadow-pop data-[state=delayed-open]:animate-fade-in"
          >
            {content}
            <RadixTooltip.Arrow className="fill-fg" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </TooltipProvider>
  );
}
