import type { Side } from "@draftroom/draft";
import { Pause, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { clockTone } from "./turn-state.ts";

/** m:ss, or s under a minute. */
export function formatSeconds(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes}:${String(seconds).padStart(2, "0")}` : String(seconds);
}

export interface RoomClockDisplayProps {
  side: Side;
  teamName: string;
  turnMsLeft: number;
  turnMs: number;
  bankMsLeft: number;
  paused: boolean;
  /** Ms left of the 3 s resume countdown (0 when none). */
  resumesInMs: number;
}

/**
 * The live room's countdown, computed from the server's deadline and the measured clock offset:
 * the turn's seconds, then the reserve bank (marked), paused or the resume countdown.
 */
export function RoomClockDisplay({
  side,
  teamName,
  turnMsLeft,
  turnMs,
  bankMsLeft,
  paused,
  resumesInMs,
}: RoomClockDisplayProps) {
  const { t } = useTranslation("drafts");
  const onBank = turnMsLeft <= 0;
  const shownMs = onBank ? bankMsLeft : turnMsLeft;
  const seconds = Math.ceil(shownMs / 1000);
  // Amber under 20 s, red under 10 s (turn-state.ts), as on the turn banner.
  const tone = clockTone(shownMs, paused);
  const urgent = tone === "red";
  const fraction = onBank ? 0 : turnMs > 0 ? Math.min(1, turnMsLeft / turnMs) : 0;
  return (
    <div
      role="timer"
      aria-label={t("room.clockLabel", { team: teamName })}
      className="flex min-w-[128px] flex-col items-center gap-1"
      data-remaining={seconds}
      data-remaining-ms={Math.round(shownMs)}
      data-on-bank={onBank || undefined}
      data-tone={tone}
    >
      <div className="flex items-center gap-1.5">
        {paused ? (
          <Pause aria-hidden className="size-4 text-muted" />
        ) : (
          <Timer
            aria-hidden
            className={cn("size-5", urgent ? "text-[hsl(354_72%_40%)] dark:text-danger" : "text-muted")}
          />
        )}
        <span
          className={cn(
            "font-display text-4xl leading-none font-extrabold tabular-nums lg:text-5xl",
            onBank || tone === "amber" ? "text-[hsl(32_90%_30%)] dark:text-warning" : "text-fg",
            urgent && "text-[hsl(354_72%_40%)] dark:text-danger",
          )}
        >
          {formatSeconds(shownMs)}
        </span>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
        <div
          className={cn(
            "h-full origin-left rounded-full transition-transform duration-300 ease-linear",
            urgent ? "bg-danger" : side === "BLUE" ? "bg-team-blue" : "bg-team-red",
          )}
          // A transform, not a width: the bar moves four times a second, and a width relaid the page.
          style={{ transform: `scaleX(${fraction})` }}
        />
      </div>
      <span className="text-[10px] font-semibold tracking-wide text-muted uppercase">
        {paused
          ? t("room.paused")
          : resumesInMs > 0
            ? t("room.resumingIn", { count: Math.ceil(resumesInMs / 1000) })
            : onBank
              ? t("room.onBank")
              : t("room.turn")}
      </span>
    </div>
  );
}
