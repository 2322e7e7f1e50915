import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { useOpenedOnce } from "@/lib/useOpenedOnce.ts";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Hide the corner close button (e.g. a modal that needs an explicit choice). */
  hideClose?: boolean;
  /** Block Escape and backdrop clicks. */
  dismissible?: boolean;
  className?: string;
}

/**
 * Modal dialog: Escape and backdrop click close it, page scroll is locked, focus is trapped
 * inside and returned to the opener; max width 500 px.
 */
export function Dialog(props: DialogProps) {
  // Radix mounts a closed dialog's portal parts anyway, and each sets its state as it mounts: a
  // screen's closed dialogs (the board has five) cost its first paint a second, synchronous render.
  // Nothing is mounted until the dialog first opens; from then on Radix keeps it as before.
  return useOpenedOnce(props.open) ? <MountedDialog {...props} /> : null;
}

function MountedDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideClose,
  dismissible = true,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  // Dialogs here are opened from state, not from a Radix Trigger, so Radix has no trigger to give
  // focus back to. Remember what had focus when the dialog opened and return there on close.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="dialog-backdrop"
          className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[500px] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-2xl border border-border bg-surface shadow-pop data-[state=open]:animate-pop-in focus:outline-none",
            className,
          )}
        >
          <div className="flex items-start gap-4 px-6 pt-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="font-bold text-fg text-lg tracking-tight">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-muted text-sm">
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                aria-label={t("actions.close")}
                className="-mt-1 -mr-2 grid size-9 place-items-center rounded-lg text-subtle hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-5" aria-hidden />
              </RadixDialog.Close>
            )}
          </div>
          {children !== undefined && <div className="overflow-y-auto px-6 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-border border-t px-6 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
          {!footer && children === undefined && <div className="pb-6" />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
