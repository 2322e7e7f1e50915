import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

const sizeClass = { sm: "size-4 border-2", md: "size-6 border-2", lg: "size-10 border-[3px]" } as const;

export function Spinner({
  size = "md",
  className,
  label,
}: {
  size?: keyof typeof sizeClass;
  className?: string;
  /** Accessible label; without one the spinner is decorative. */
  label?: string;
}) {
  const classes = cn(
    "inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent text-primary",
    sizeClass[size],
    className,
  );
  if (label) return <span role="status" aria-label={label} className={classes} />;
  return <span aria-hidden className={classes} />;
}

/** Centred spinner filling the viewport (auth loading, lazy routes). */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-[60dvh] w-full place-items-center" data-testid="full-screen-spinner">
      <div className="flex flex-col items-center gap-3">
        <Spinner size="lg" label={label ?? t("actions.loading")} />
        <span className="text-muted text-sm">{label ?? t("actions.loading")}</span>
      </div>
    </div>
  );
}
