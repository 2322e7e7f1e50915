import type { Champion, RoomEvent, RoomSnapshot } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { useTranslation } from "react-i18next";

/** Turns a room event into a sentence ("T1 banned Ahri", "Red captain disconnected"). */
export function useEventText(
  snapshot: Pick<RoomSnapshot, "sides">,
  names: Record<Side, string>,
  championsById: ReadonlyMap<number, Champion>,
) {
  const { t } = useTranslation("drafts");
  const teamName = (team: RoomTeam | null, side: Side | null = null) =>
    side ? names[side] : team ? names[snapshot.sides[team]] : "";
  const champion = (id: number | null) => (id === null ? "?" : (championsById.get(id)?.name ?? `#${id}`));
  return (event: RoomEvent): string | null => {
    const team = teamName(event.team, event.side);
    switch (event.kind) {
      case "ready":
        return event.data.ready === true ? t("room.log.ready", { team }) : t("room.log.notReady", { team });
      case "start":
        return event.data.forced === true ? t("room.log.startForced") : t("room.log.start");
      case "lock": {
        if (event.champion_id === null) return t("room.log.skipped", { team });
        const name = champion(event.champion_id);
        if (event.is_auto)
          return t(event.action_type === "BAN" ? "room.log.autoBan" : "room.log.autoPick", {
            team,
            champion: name,
          });
        return t(event.action_type === "BAN" ? "room.log.ban" : "room.log.pick", { team, champion: name });
      }
      case "pause":
        return t("room.log.pause");
      case "resume":
        return t("room.log.resume");
      case "rewind":
        return t("room.log.rewind", { n: (event.step ?? 0) + 1 });
      case "correct":
        return t("room.log.correct", { n: (event.step ?? 0) + 1, champion: champion(event.champion_id) });
      case "complete":
        return t("room.log.complete");
      case "correction_request": {
        const from = typeof event.data.from_champion_id === "number" ? event.data.from_champion_id : null;
        return t("room.log.correctionRequest", {
          team,
          n: (event.step ?? 0) + 1,
          from: champion(from),
          to: champion(event.champion_id),
        });
      }
      case "correction_decision": {
        const requested =
          typeof event.data.requested_champion_id === "number" ? event.data.requested_champion_id : null;
        const by =
          event.actor === null
            ? ""
            : event.actor.role === "captain"
              ? t("room.seat.captain", { team: teamName(event.actor.team) })
              : t("room.seat.organiser");
        const params = { team, n: (event.step ?? 0) + 1, to: champion(requested), by };
        if (event.data.outcome === "approved") return t("room.log.correctionApproved", params);
        if (event.data.outcome === "denied") return t("room.log.correctionDenied", params);
        return t("room.log.correctionTimedOut", params);
      }
      case "delay":
        return t("room.log.delay", { count: Number(event.data.delay_seconds ?? 0) });
      case "seat": {
        const actor = event.actor;
        if (!actor) return null;
        const seat =
          actor.role === "captain"
            ? t("room.seat.captain", { team: teamName(actor.team) })
            : t(actor.role === "organiser" ? "room.seat.organiser" : "room.seat.spectator");
        return event.data.connected === false ? t("room.log.left", { seat }) : t("room.log.joined", { seat });
      }
      default:
        return null;
    }
  };
}
