import type { Champion, RoomCorrectionInfo, RoomSeatInfo } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { Check, Undo2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";

/**
 * A pending misclick correction request, for every seat: the asking captain waits, the other
 * captain (or the organiser) approves or denies before the countdown ends, everyone else sees
 * what was asked. The turn clock stands still meanwhile.
 */
export function CorrectionBanner({
  correction,
  seat,
  mayDecide,
  sides,
  names,
  championsById,
  serverNow,
  busy,
  onDecide,
}: {
  correction: RoomCorrectionInfo;
  seat: RoomSeatInfo;
  /** This seat may approve or deny: `can(seat, state, now).decideCorrection` (the room's rule). */
  mayDecide: boolean;
  sides: Record<RoomTeam, Side>;
  names: Record<Side, string>;
  championsById: ReadonlyMap<number, Champion>;
  serverNow: number;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  const { t } = useTranslation("drafts");
  const side = sides[correction.team];
  const team = names[side];
  const name = (id: number | null) => (id === null ? "?" : (championsById.get(id)?.name ?? `#${id}`));
  const seconds = Math.max(0, Math.ceil((correction.expires_ms - serverNow) / 1000));
  const asker = seat.role === "captain" && seat.team === correction.team;
  const params = { team, from: name(correction.from_champion_id), to: name(correction.champion_id) };
  return (
    <section
      aria-labelledby="correction-title"
      data-testid="correction-banner"
      className={cn(
        "flex flex-col gap-2 rounded-xl border-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between",
        side === "BLUE" ? "border-team-blue/60 bg-team-blue-soft" : "border-team-red/60 bg-team-red-soft",
      )}
    >
      <div className="flex min-w-0 items-start gap-2">
        <Undo2 className="mt-0.5 size-5 shrink-0 text-fg" aria-hidden />
        <div className="min-w-0">
          <h2 id="correction-title" className="font-semibold text-fg">
            {asker ? t("room.correction.waiting", params) : t("room.correction.asked", params)}
          </h2>
          <p className="text-sm text-muted" role="timer" aria-live="off">
            {t("room.correction.timeLeft", { count: seconds })}
          </p>
        </div>
      </div>
      {mayDecide && (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="primary"
            loading={busy}
            onClick={() => onDecide(true)}
            leftIcon={<Check className="size-4" aria-hidden />}
          >
            {t("room.correction.approve")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onDecide(false)}
            leftIcon={<X className="size-4" aria-hidden />}
          >
            {t("room.correction.deny")}
          </Button>
        </div>
      )}
    </section>
  );
}
