import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn.ts";

export type BadgeTone =
  | "neutral"
  | "primary"
  | "secondary"
  | "accent"
  | "success"
  | "warning"
  | "danger"
  | "info"
  | "blue"
  | "red";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-surface-3 text-muted",
  primary: "bg-primary-soft text-primary-soft-fg",
  secondary: "bg-secondary-soft text-secondary-soft-fg",
  accent: "bg-accent-soft text-accent-soft-fg",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
  info: "bg-info-soft text-info",
  blue: "bg-team-blue-soft text-team-blue",
  red: "bg-team-red-soft text-team-red",
};

export function Badge({
  tone = "neutral",
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold text-xs leading-5 whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
