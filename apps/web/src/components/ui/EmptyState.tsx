import type { ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

export function EmptyState({
  icon,
  title,
  message,
  action,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-2xl border border-border border-dashed bg-surface/60 px-6 py-14 text-center",
        className,
      )}
    >
      {icon && (
        <div className="mb-4 grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg [&_svg]:size-7">
          {icon}
        </div>
      )}
      <h2 className="font-semibold text-fg text-lg tracking-tight">{title}</h2>
      {message && <p className="mt-1.5 max-w-md text-muted text-sm">{message}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
