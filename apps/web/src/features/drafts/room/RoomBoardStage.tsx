import type { RoomClock } from "@draftroom/contracts";
import type { DraftStep, Side } from "@draftroom/draft";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BoardStage } from "@/components/draft-board/BoardStage.tsx";
import type { ChampionBoard } from "@/components/draft-board/types.ts";
import { formatSeconds, RoomClockDisplay } from "./RoomClockDisplay.tsx";
import type { roomCountdown } from "./room-state.ts";

/** The room's board: each team's bank, the server's countdown across the top, the seat's centre. */
export function RoomBoardStage({
  view,
  fill,
  clock,
  countdown,
  next,
  names,
  offset,
  synced,
  children,
}: {
  view: ChampionBoard;
  fill: boolean;
  clock: RoomClock;
  countdown: ReturnType<typeof roomCountdown>;
  next: DraftStep | null;
  names: Record<Side, string>;
  offset: number;
  synced: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  return (
    <BoardStage
      board={view}
      fill={fill}
      className="room-board-with-banner"
      centreLabel={t("page.board")}
      teamExtra={
        clock.turn_ms > 0
          ? (team) => (
              <span
                className="whitespace-nowrap tabular-nums"
                data-testid={`bank-${team.side.toLowerCase()}`}
              >
                {t("room.bankLeft", { time: formatSeconds(team.bankMs ?? 0) })}
              </span>
            )
          : undefined
      }
      clock={
        countdown && next && !view.complete ? (
          <div data-testid="room-clock" data-offset={Math.round(offset)} data-synced={synced}>
            <RoomClockDisplay
              side={next.side}
              teamName={names[next.side]}
              turnMsLeft={countdown.turn_ms_left}
              turnMs={clock.turn_ms}
              bankMsLeft={countdown.bank_ms_left}
              paused={countdown.paused}
              resumesInMs={countdown.resumes_in_ms}
            />
          </div>
        ) : null
      }
      status={
        clock.status === "lobby" ? (
          <p className="text-sm font-semibold text-muted">{t("room.ready.title")}</p>
        ) : clock.status === "paused" && !countdown ? (
          <p className="text-sm font-semibold text-muted">{t("room.paused")}</p>
        ) : undefined
      }
    >
      {children}
    </BoardStage>
  );
}
