import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS, TOAST_EXIT_MS } from "@draftroom/contracts";
import { createStore } from "@/lib/store.ts";

export type ToastType = "success" | "error" | "warning" | "info";
export type ToastPosition = "top-right" | "top-left" | "bottom-right" | "bottom-left" | "top-center";

export interface ToastAction {
  label: string;
  onClick: () => void;
  /** Close the toast after the action runs (default true). */
  dismissOnAction?: boolean;
}

export interface Toast {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
  /** Milliseconds; 0 keeps it until dismissed. Defaults: 5000, errors 7000. */
  duration: number;
  position: ToastPosition;
  action?: ToastAction;
  dismissible: boolean;
  showIcon: boolean;
  /** True once the exit animation (300 ms) has started. */
  leaving: boolean;
}

export type ToastOptions = Partial<Omit<Toast, "id" | "type" | "message" | "leaving">>;

export const toastStore = createStore<Toast[]>([]);

let counter = 0;

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  counter += 1;
  const id = `${Date.now()}-${counter}`;
  const next: Toast = {
    id,
    type,
    message,
    title: options.title,
    duration: options.duration ?? (type === "error" ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS),
    position: options.position ?? "top-right",
    action: options.action,
    dismissible: options.dismissible ?? true,
    showIcon: options.showIcon ?? true,
    leaving: false,
  };
  toastStore.set((list) => [...list, next]);
  return id;
}

/** Starts the 300 ms exit, then removes the toast. */
function dismiss(id?: string): void {
  const ids = id ? [id] : toastStore.get().map((item) => item.id);
  toastStore.set((list) => list.map((item) => (ids.includes(item.id) ? { ...item, leaving: true } : item)));
  setTimeout(() => toastStore.set((list) => list.filter((item) => !ids.includes(item.id))), TOAST_EXIT_MS);
}

/**
 * Fire-and-forget notifications, callable anywhere (also outside React).
 *
 * @example toast.success(t("auth:login.success"));
 * @example toast.error(message, { action: { label: t("actions.retry"), onClick: retry } });
 */
export const toast = {
  show,
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
  dismiss,
};
