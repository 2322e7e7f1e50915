import { MessageSquare, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

/** Messages that arrived after the last one seen (the newest id seen while the drawer was open). */
export function unreadCount(messageIds: readonly string[], seenId: string | null): number {
  if (seenId === null) return messageIds.length;
  // Ids are random: what follows the last one seen in the list is new. A seen message that has
  // left the kept window leaves everything still shown as read.
  const seenAt = messageIds.lastIndexOf(seenId);
  return seenAt === -1 ? 0 : messageIds.length - 1 - seenAt;
}

/**
 * The team chat in a drawer at the side of the screen, so it is never below the fold: a button
 * that stays in the corner with the count of unread messages (on a phone a round icon, so it
 * hides as little of the grid as it can), and a panel over the page's edge.
 * Escape or the close button folds it back and returns focus to the button.
 */
export function ChatDrawer({
  messageIds,
  children,
}: {
  /** Ids of the channel's messages, oldest first. */
  messageIds: readonly string[];
  /** The chat itself (TeamChat). */
  children: ReactNode;
}) {
  const { t } = useTranslation("room");
  const id = useId();
  const [open, setOpen] = useState(false);
  // What was on the channel when the room opened counts as read (history, not news).
  const [seenId, setSeenId] = useState<string | null>(() => messageIds.at(-1) ?? null);
  const newest = messageIds.at(-1) ?? null;
  useEffect(() => {
    if (open && newest !== null) setSeenId(newest);
  }, [open, newest]);
  const unread = open ? 0 : unreadCount(messageIds, seenId);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="chat-drawer-button"
        className="fixed right-3 bottom-20 z-40 inline-flex items-center gap-2 rounded-full bg-primary p-3 text-sm font-bold text-primary-fg shadow-lg outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary lg:right-4 lg:bottom-4 lg:px-4 lg:py-2.5"
      >
        <MessageSquare aria-hidden className="size-4" />
        {/* On a phone only the icon floats over the grid; the name stays for screen readers. */}
        <span className="sr-only lg:not-sr-only">{t("chat.button")}</span>
        {unread > 0 && (
          <span
            className="absolute -top-1 -right-1 grid min-w-5 place-items-center rounded-full bg-danger px-1 text-xs text-white lg:static"
            data-testid="chat-unread"
          >
            <span aria-hidden>{unread}</span>
            <span className="sr-only">{t("chat.unread", { count: unread })}</span>
          </span>
        )}
      </button>
      <section
        id={`${id}-panel`}
        ref={panel}
        tabIndex={-1}
        hidden={!open}
        aria-label={t("chat.button")}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className={cn(
          "fixed right-4 bottom-34 z-40 flex max-h-[70dvh] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-auto rounded-2xl border border-border bg-surface p-2 shadow-xl outline-none lg:bottom-18",
        )}
        data-testid="chat-drawer"
      >
        <div className="flex justify-end">
          <button
            type="button"
            onClick={close}
            aria-label={t("chat.close")}
            className="grid size-8 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
        {children}
      </section>
    </>
  );
}
