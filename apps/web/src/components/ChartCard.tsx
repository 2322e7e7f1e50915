import type { ReactNode } from "react";
import { useId } from "react";
import { cn } from "@/lib/cn.ts";

interface Props {
  title: string;
  hint?: string;
  className?: string;
  children: ReactNode;
  /** Screen-reader alternative to the chart (usually a data table). */
  alternative?: ReactNode;
  /** No border, padding or shadow (when the card sits inside another card). */
  bare?: boolean;
}

/**
 * A titled chart with a screen-reader alternative (a table): the chart itself is hidden from
 * assistive technology, which reads the table instead. One card for every feature's charts
 * (analytics, scrim analytics).
 */
export function ChartCard({ title, hint, className, children, alternative, bare = false }: Props) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        "flex min-w-0 flex-col",
        !bare && "rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5",
        className,
      )}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-fg">
        {title}
      </h2>
      {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
      <div className="mt-4 min-w-0 flex-1" aria-hidden={alternative ? true : undefined}>
        {children}
      </div>
      {alternative && <div className="sr-only">{alternative}</div>}
    </section>
  );
}

export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="grid h-full min-h-32 place-items-center rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
      {children}
    </div>
  );
}

export const tooltipStyle = {
  contentStyle: {
    background: "var(--surface)",
    border: "1px solid var(--border)",
    borderRadius: 10,
    boxShadow: "var(--shadow-pop)",
    color: "var(--fg)",
    fontSize: 13,
  },
  labelStyle: { color: "var(--fg)", fontWeight: 600, marginBottom: 4 },
  itemStyle: { color: "var(--fg)", padding: 0 },
  cursor: { fill: "var(--surface-2)" },
} as const;
