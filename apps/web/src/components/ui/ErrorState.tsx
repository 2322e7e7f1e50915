import { AlertTriangle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { Button } from "./Button.tsx";

/** Error panel with a Retry button (every data screen's error state). */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel,
  retrying,
  action,
  className,
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: ReactNode;
  retrying?: boolean;
  action?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center rounded-2xl border border-danger/30 bg-danger-soft/60 px-6 py-12 text-center",
        className,
      )}
    >
      <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-danger-soft text-danger">
        <AlertTriangle className="size-6" aria-hidden />
      </div>
      <h2 className="font-semibold text-fg text-lg">{title}</h2>
      {message && <p className="mt-1.5 max-w-md text-muted text-sm">{message}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button
            variant="outline"
            onClick={onRetry}
            loading={retrying}
            leftIcon={<RotateCw className="size-4" />}
          >
            {retryLabel ?? t("actions.retry")}
          </Button>
        )}
        {action}
      </div>
    </div>
  );
}
