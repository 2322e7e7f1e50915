import type { RoomSeatInfo } from "@draftroom/contracts";
import type { RoomPermissions, RoomTeam, Side } from "@draftroom/draft";
import { Eye, Hourglass, Pause, Play, Radio, RefreshCw, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { DraftHeader } from "../components/DraftHeader.tsx";
import type { RoomPresence } from "./room-state.ts";

export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "failed";

/**
 * The room's header: title, who this seat is, the connection, the delay, the audience, the scrim
 * the draft is a game of (for a member of the team), and the organiser's pause or resume (shown
 * when the room's rules accept it).
 */
export function RoomHeader({
  title,
  leagueName,
  seat,
  sides,
  names,
  status,
  delaySeconds,
  presence,
  perms,
  busy,
  onPause,
  onResume,
  scrimLink,
}: {
  title: string;
  leagueName?: string | null | undefined;
  seat: RoomSeatInfo;
  sides: Readonly<Record<RoomTeam, Side>>;
  names: Record<Side, string>;
  status: ConnectionStatus;
  delaySeconds: number;
  presence: RoomPresence | null;
  perms: Pick<RoomPermissions, "pause" | "resume">;
  busy: boolean;
  onPause: () => void;
  onResume: () => void;
  /** The link back to the scrim this room's draft is a game of, when the viewer may read it. */
  scrimLink?: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  const seatLabel =
    seat.role === "captain" && seat.team
      ? t("room.seat.captain", { team: names[sides[seat.team]] })
      : seat.role === "member" && seat.team
        ? t("room.seat.member", { team: names[sides[seat.team]] })
        : seat.role === "organiser"
          ? t("room.seat.organiser")
          : t("room.seat.spectator");
  return (
    <DraftHeader
      title={title}
      leagueName={leagueName}
      eyebrow={
        <p className="mb-1 inline-flex items-center gap-1.5 rounded-full bg-surface-3 px-2.5 py-0.5 text-[11px] font-semibold text-muted">
          {seat.role === "spectator" ? (
            <Eye className="size-3.5" aria-hidden />
          ) : (
            <Users className="size-3.5" aria-hidden />
          )}
          {t("room.you", { seat: seatLabel })}
        </p>
      }
      meta={
        <>
          <ConnectionPill status={status} />
          {delaySeconds > 0 && (
            <span className="inline-flex items-center gap-1 font-semibold" data-testid="room-delay">
              <Hourglass className="size-3.5" aria-hidden />
              {t("room.delay.watching", { count: delaySeconds })}
            </span>
          )}
          {presence && presence.spectators > 0 && (
            <span className="inline-flex items-center gap-1">
              <Eye className="size-3.5" aria-hidden />
              {t("room.spectators", { count: presence.spectators })}
            </span>
          )}
          {scrimLink}
        </>
      }
      actions={
        perms.resume ? (
          <Button
            size="sm"
            onClick={onResume}
            loading={busy}
            leftIcon={<Play className="size-4" aria-hidden />}
          >
            {t("room.resume")}
          </Button>
        ) : perms.pause ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onPause}
            loading={busy}
            leftIcon={<Pause className="size-4" aria-hidden />}
          >
            {t("room.pause")}
          </Button>
        ) : undefined
      }
    />
  );
}

function ConnectionPill({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation("drafts");
  const live = status === "open";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 font-semibold",
        live ? "text-[hsl(152_62%_26%)] dark:text-success" : "text-[hsl(32_90%_30%)] dark:text-warning",
      )}
    >
      {live ? (
        <Radio className="size-3.5" aria-hidden />
      ) : (
        <RefreshCw className="size-3.5 animate-spin" aria-hidden />
      )}
      {t(
        live
          ? "room.status.open"
          : status === "reconnecting"
            ? "room.status.reconnecting"
            : "room.status.connecting",
      )}
    </span>
  );
}
