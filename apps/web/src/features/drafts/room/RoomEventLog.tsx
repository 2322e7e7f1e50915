import type { RoomEvent } from "@draftroom/contracts";
import { Bot, ScrollText } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { dateTimeFormat } from "@/lib/format.ts";

/** A scrollable region must be reachable by keyboard (WCAG 2.1.1), so the list takes focus. */
const KEYBOARD_SCROLLABLE = { tabIndex: 0 } as const;

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit" };

/** The room's log, newest first: locks, automatic skips and picks, pauses, resumes, seats. */
export const RoomEventLog = memo(function RoomEventLog({
  events,
  text,
  offset,
  className,
}: {
  events: readonly RoomEvent[];
  text: (event: RoomEvent) => string | null;
  /** Server minus local clock: times are shown in local time. */
  offset: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation("drafts");
  const format = dateTimeFormat(i18n.language, TIME_OF_DAY);
  const rows = events
    .map((event) => ({ event, line: text(event) }))
    .filter((row): row is { event: RoomEvent; line: string } => row.line !== null)
    .reverse();
  return (
    <section
      aria-labelledby="room-log-title"
      className={cn(
        "flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80",
        className,
      )}
    >
      <h2 id="room-log-title" className="flex items-center gap-2 text-base font-bold text-fg">
        <ScrollText className="size-4" aria-hidden />
        {t("room.log.title")}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("room.log.empty")}</p>
      ) : (
        <ol
          {...KEYBOARD_SCROLLABLE}
          aria-labelledby="room-log-title"
          className="flex max-h-64 flex-col gap-1 overflow-y-auto"
        >
          {rows.map(({ event, line }) => (
            <li key={event.seq} className="flex items-start gap-2 text-sm" data-kind={event.body.kind}>
              <time
                dateTime={new Date(event.at).toISOString()}
                className="w-20 shrink-0 whitespace-nowrap text-xs text-muted tabular-nums"
              >
                {format.format(new Date(event.at - offset))}
              </time>
              {event.body.kind === "lock" && event.body.is_auto && (
                <Bot className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden />
              )}
              <span
                className={cn(
                  "min-w-0 flex-1 text-fg",
                  event.body.kind === "lock" ? "font-medium" : "text-muted",
                )}
              >
                {line}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
