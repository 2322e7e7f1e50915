import type { TeamMember } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { Eye, UserMinus, UsersRound } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { cn } from "@/lib/cn.ts";
import { roomsApi } from "../api/rooms.ts";
import type { RoomPresence } from "./room-state.ts";

/**
 * The organiser's view of who is where: each team's captain (connected or not) and the members
 * on its team link by name, with Remove, and how many watch. Removing closes that person's screen;
 * a new team link (above) keeps them from coming back.
 */
export function SeatPanel({
  roomId,
  sides,
  names,
  presence,
  roster,
}: {
  roomId: string;
  sides: Record<RoomTeam, Side>;
  names: Record<Side, string>;
  presence: RoomPresence | null;
  roster: readonly TeamMember[];
}) {
  const { t } = useTranslation("drafts");
  const id = useId();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);
  const teams: RoomTeam[] = sides.A === "BLUE" ? ["A", "B"] : ["B", "A"];

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await roomsApi.removeMember(roomId, removing.id);
      toast.success(t("room.seats.removed", { name: removing.name }));
      setRemoving(null);
    } catch {
      toast.error(t("room.seats.removeFailed", { name: removing.name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="seat-panel"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold text-fg">
          <UsersRound className="size-4" aria-hidden />
          {t("room.seats.title")}
        </h2>
        <span className="inline-flex items-center gap-1 text-sm text-muted">
          <Eye className="size-3.5" aria-hidden />
          {t("room.spectators", { count: presence?.spectators ?? 0 })}
        </span>
      </div>
      <div className="grid gap-2 md:grid-cols-2">
        {teams.map((team) => {
          const side = sides[team];
          const captain = presence?.seats.find((seat) => seat.role === "captain" && seat.team === team);
          const members = roster.filter((member) => member.team === team);
          return (
            <div
              key={team}
              className={cn(
                "flex flex-col gap-1.5 rounded-xl border p-2.5",
                side === "BLUE"
                  ? "border-team-blue/40 bg-team-blue-soft/40"
                  : "border-team-red/40 bg-team-red-soft/40",
              )}
            >
              <h3 className="text-sm font-bold text-fg">{names[side]}</h3>
              <p className="text-sm text-fg">
                {t("room.seats.captain")}:{" "}
                <span className={captain?.connected ? "font-semibold" : "text-muted"}>
                  {captain?.connected ? t("room.ready.connected") : t("room.ready.away")}
                </span>
              </p>
              {members.length === 0 ? (
                <p className="text-sm text-muted">{t("room.seats.noMembers")}</p>
              ) : (
                <ul
                  className="flex flex-col gap-1"
                  aria-label={t("room.seats.membersOf", { team: names[side] })}
                >
                  {members.map((member) => (
                    <li
                      key={member.id}
                      className="flex items-center justify-between gap-2 rounded-lg bg-surface px-2 py-1"
                    >
                      <span className="min-w-0 truncate text-sm font-medium text-fg" title={member.name}>
                        {member.name}
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t("room.seats.removeLabel", { name: member.name })}
                        onClick={() => setRemoving(member)}
                        leftIcon={<UserMinus className="size-3.5" aria-hidden />}
                      >
                        {t("room.seats.remove")}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
      <p className="text-xs text-muted">{t("room.seats.hint")}</p>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("room.seats.confirmTitle", { name: removing?.name ?? "" })}
        message={t("room.seats.confirmText")}
        confirmLabel={t("room.seats.remove")}
        destructive
        loading={busy}
        onConfirm={remove}
      />
    </section>
  );
}
