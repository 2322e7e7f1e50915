import type { RoomSnapshot } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { Check, Hourglass, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import type { RoomPresence } from "./room-state.ts";

/**
 * The lobby: each team's ready state; a captain says ready, the organiser can start anyway. Who
 * may do which comes from `can(seat, state, now)` (`ready`, `start`), not from the seat's role.
 */
export function ReadyCheck({
  snapshot,
  names,
  presence,
  modelledSide = null,
  myTeam,
  mayStart,
  busy,
  onReady,
  onStart,
}: {
  snapshot: RoomSnapshot;
  names: Record<Side, string>;
  presence: RoomPresence | null;
  /** A practice draft's side the server's model plays: said so, never "not connected". */
  modelledSide?: Side | null;
  /** The team this seat says ready for when `can()` lets it (`ready`), or null. */
  myTeam: RoomTeam | null;
  /** `can()` lets this seat start anyway (`start`). */
  mayStart: boolean;
  busy: boolean;
  onReady: (ready: boolean) => void;
  onStart: () => void;
}) {
  const { t } = useTranslation("drafts");
  const teams: RoomTeam[] = snapshot.sides.A === "BLUE" ? ["A", "B"] : ["B", "A"];
  const connected = (team: RoomTeam) =>
    presence?.seats.some((seat) => seat.role === "captain" && seat.team === team && seat.connected) ?? false;
  return (
    <section aria-labelledby="ready-title" className="flex flex-col gap-4 p-1">
      <div>
        <h2 id="ready-title" className="text-lg font-bold text-fg">
          {t("room.ready.title")}
        </h2>
        <p className="text-sm text-muted">{t("room.ready.text")}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {teams.map((team) => {
          const side = snapshot.sides[team];
          const ready = snapshot.ready[team];
          return (
            <li
              key={team}
              className={cn(
                "flex items-center gap-3 rounded-xl border p-3",
                side === "BLUE"
                  ? "border-team-blue/50 bg-team-blue-soft/50"
                  : "border-team-red/50 bg-team-red-soft/50",
              )}
            >
              {ready ? (
                <Check className="size-5 text-[hsl(152_62%_26%)] dark:text-success" aria-hidden />
              ) : (
                <Hourglass className="size-5 text-muted" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-fg" title={names[side]}>
                  {names[side]}
                </p>
                <p className="text-xs text-muted">
                  {ready ? t("room.ready.ready") : t("room.ready.waiting")} ·{" "}
                  {side === modelledSide
                    ? t("room.ready.model")
                    : connected(team)
                      ? t("room.ready.connected")
                      : t("room.ready.away")}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        {myTeam && (
          <Button
            size="lg"
            variant={snapshot.ready[myTeam] ? "outline" : "primary"}
            aria-pressed={snapshot.ready[myTeam]}
            loading={busy}
            onClick={() => onReady(!snapshot.ready[myTeam])}
            leftIcon={<Check className="size-5" aria-hidden />}
          >
            {snapshot.ready[myTeam] ? t("room.ready.cancel") : t("room.ready.imReady")}
          </Button>
        )}
        {mayStart && (
          <Button
            size="lg"
            variant="outline"
            loading={busy}
            onClick={onStart}
            leftIcon={<Play className="size-5" aria-hidden />}
          >
            {t("room.ready.startAnyway")}
          </Button>
        )}
      </div>
    </section>
  );
}
