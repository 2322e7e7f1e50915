import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import type { EffectiveTheme } from "@/lib/theme.ts";

/** Brand mark + wordmark; the wordmark colour follows the effective theme (light or dark variant). */
export function Logo({
  variant,
  className,
  wordmarkClassName,
}: {
  variant: EffectiveTheme;
  className?: string;
  /** e.g. `max-sm:sr-only` where a narrow header needs the room (the mark stays). */
  wordmarkClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)} data-logo-variant={variant}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--primary)" />
            <stop offset="1" stopColor="var(--secondary)" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-g)" />
        <path
          d="M9.5 8h6.8a8 8 0 0 1 0 16H9.5z"
          fill="none"
          stroke={variant === "dark" ? "hsl(230 60% 8%)" : "#fff"}
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M14.2 12.6l5 3.4-5 3.4z" fill="var(--accent)" />
      </svg>
      <span
        className={cn(
          "whitespace-nowrap font-extrabold text-[1.15rem] tracking-tight",
          variant === "dark" ? "text-white" : "text-[hsl(230_45%_12%)]",
          wordmarkClassName,
        )}
      >
        {t("appName")}
      </span>
    </span>
  );
}
