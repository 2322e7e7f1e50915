import { ROUTES } from "@draftroom/contracts";
import { Radio } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { useTeamNames } from "../hooks/useTeamNames.ts";
import { boardFromDraft, roomCountdown } from "./room-state.ts";
import { headlineText } from "./TurnBanner.tsx";
import { clockText, clockTone, MAY_NOTHING, turnHeadline } from "./turn-state.ts";
import { useRoomConnection, useServerNow } from "./useRoomConnection.ts";

const toneText = {
  calm: "text-fg",
  amber: "text-[hsl(32_90%_30%)] dark:text-warning",
  red: "text-[hsl(354_72%_38%)] dark:text-danger",
} as const;

/**
 * On the owner's page of a session whose live room is running: the room's own state (step, whose
 * turn, the server's clock) and the way into it, instead of a second board with a clock of its own
 * (decision 026). It follows the room over the owner's socket, as the room page does.
 */
export function LiveRoomStatus({ roomId }: { roomId: string }) {
  const { t } = useTranslation("drafts");
  const { t: tRoom } = useTranslation("room");
  const auth = useAuth();
  const { state } = useRoomConnection(roomId, auth.token ? { auth: auth.token } : null);
  const snapshot = state?.room?.snapshot ?? null;
  const names = useTeamNames(snapshot?.session);
  // The folded room (room-state.ts: one `applyRoomEvent` step per event), never a replay here.
  const roomState = state?.room?.state ?? null;
  const board = useMemo(
    () => (roomState && snapshot ? boardFromDraft(roomState.draft, snapshot.actions) : null),
    [roomState, snapshot],
  );
  const status = snapshot?.clock.status ?? "lobby";
  const running = status === "running" && (snapshot?.clock.turn_ms ?? 0) > 0;
  const serverNow = useServerNow(state?.offset ?? null, running);
  const countdown = roomState && running ? roomCountdown(roomState, serverNow) : null;

  const next = board?.next ?? null;
  const headline = turnHeadline({
    status: board?.complete ? "complete" : status,
    next,
    mySide: null,
    may: MAY_NOTHING,
    resumesInMs: countdown?.resumes_in_ms ?? 0,
    correctionSide: null,
  });
  const msLeft = countdown ? (countdown.on_bank ? countdown.bank_ms_left : countdown.turn_ms_left) : null;
  const tone = clockTone(msLeft, status === "paused");
  const side = next?.side ?? null;
  const total = board?.state.format.steps.length ?? 0;

  return (
    <section
      aria-labelledby="live-room-status-title"
      data-testid="live-room-status"
      className={cn(
        "flex flex-col gap-3 rounded-2xl border border-l-8 bg-surface p-4 shadow-card sm:flex-row sm:items-center dark:bg-surface/80",
        side === "BLUE" ? "border-team-blue" : side === "RED" ? "border-team-red" : "border-border",
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="live-room-status-title" className="flex items-center gap-2 text-sm font-bold text-muted">
          <Radio className="size-4" aria-hidden />
          {t("liveStatus.title")}
        </h2>
        <p className="font-display text-xl font-extrabold text-fg" data-testid="live-room-headline">
          {snapshot ? headlineText(headline, names, tRoom) : t("liveStatus.connecting")}
        </p>
        <p className="text-sm text-muted">
          {board && next
            ? t("liveStatus.step", { step: next.index + 1, total })
            : board?.complete
              ? t("liveStatus.done")
              : ""}{" "}
          {t("liveStatus.hint")}
        </p>
      </div>
      {msLeft !== null && (
        <div
          role="timer"
          aria-label={tRoom("banner.clock", { time: clockText(msLeft) })}
          data-testid="live-room-clock"
          data-tone={tone}
          className={cn("font-display text-3xl font-extrabold tabular-nums", toneText[tone])}
        >
          {clockText(msLeft)}
        </div>
      )}
      <Link to={ROUTES.room(roomId)} className={buttonClasses("primary", "md", "shrink-0")}>
        <Radio className="size-4" aria-hidden />
        {t("liveStatus.open")}
      </Link>
    </section>
  );
}
