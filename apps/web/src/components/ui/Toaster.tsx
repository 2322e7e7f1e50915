import { TOAST_ENTER_DELAY_MS, TOAST_EXIT_MS, TOAST_MAX_VISIBLE } from "@draftroom/contracts";
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { useStore } from "@/lib/store.ts";
import { type Toast, type ToastPosition, type ToastType, toast, toastStore } from "./toast-store.ts";

const icons: Record<ToastType, typeof Info> = {
  success: CheckCircle2,
  error: XCircle,
  warning: AlertTriangle,
  info: Info,
};

const accent: Record<ToastType, string> = {
  success: "text-success",
  error: "text-danger",
  warning: "text-warning",
  info: "text-info",
};

const bar: Record<ToastType, string> = {
  success: "bg-success",
  error: "bg-danger",
  warning: "bg-warning",
  info: "bg-info",
};

// Top toasts start below the sticky header (h-16) with the same 1 rem gap as the sides, so they
// never cover its theme, language and account buttons.
const positions: Record<ToastPosition, string> = {
  "top-right": "top-20 right-4 items-end",
  "top-left": "top-20 left-4 items-start",
  "top-center": "top-20 left-1/2 -translate-x-1/2 items-center",
  "bottom-right": "bottom-4 right-4 items-end flex-col-reverse",
  "bottom-left": "bottom-4 left-4 items-start flex-col-reverse",
};

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const [entered, setEntered] = useState(false);
  const Icon = icons[item.type];

  useEffect(() => {
    const timer = setTimeout(() => setEntered(true), TOAST_ENTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (item.duration <= 0 || item.leaving) return;
    const timer = setTimeout(() => toast.dismiss(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item.duration, item.id, item.leaving]);

  const shown = entered && !item.leaving;
  return (
    <div
      role={item.type === "error" ? "alert" : "status"}
      data-toast-type={item.type}
      style={{ transitionDuration: `${TOAST_EXIT_MS}ms` }}
      className={cn(
        "pointer-events-auto relative flex w-[min(24rem,calc(100vw-2rem))] items-start gap-3 overflow-hidden rounded-xl border border-border bg-surface py-3.5 pr-3 pl-4 shadow-pop transition-[opacity,transform]",
        shown ? "translate-x-0 opacity-100" : "translate-x-4 opacity-0",
      )}
    >
      <span className={cn("absolute inset-y-0 left-0 w-1", bar[item.type])} aria-hidden />
      {item.showIcon && <Icon className={cn("mt-0.5 size-5 shrink-0", accent[item.type])} aria-hidden />}
      <div className="min-w-0 flex-1">
        {item.title && <p className="font-semibold text-fg text-sm">{item.title}</p>}
        <p className={cn("text-sm", item.title ? "text-muted" : "text-fg")}>{item.message}</p>
        {item.action && (
          <button
            type="button"
            className="mt-2 font-semibold text-primary text-sm hover:underline"
            onClick={() => {
              item.action?.onClick();
              if (item.action?.dismissOnAction !== false) toast.dismiss(item.id);
            }}
          >
            {item.action.label}
          </button>
        )}
      </div>
      {item.dismissible && (
        <button
          type="button"
          onClick={() => toast.dismiss(item.id)}
          aria-label={t("actions.dismiss")}
          className="grid size-7 shrink-0 place-items-center rounded-md text-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** Renders the toasts (mounted once by the app). Up to 5 visible; the rest wait their turn. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore);
  const byPosition = new Map<ToastPosition, Toast[]>();
  for (const item of toasts) {
    const list = byPosition.get(item.position) ?? [];
    if (list.length < TOAST_MAX_VISIBLE) list.push(item);
    byPosition.set(item.position, list);
  }
  return (
    <section aria-label={t("ui.notifications")} aria-live="polite">
      {[...byPosition.entries()].map(([position, list]) => (
        <div
          key={position}
          className={cn("pointer-events-none fixed z-[60] flex flex-col gap-2", positions[position])}
        >
          {list.map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
        </div>
      ))}
    </section>
  );
}

/** Hook form of the toast API (same functions as `toast`, plus the current list). */
export function useToast() {
  const toasts = useStore(toastStore);
  return { toast, dismiss: toast.dismiss, toasts };
}
