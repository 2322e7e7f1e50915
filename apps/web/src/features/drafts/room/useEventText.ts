import type { Champion, RoomEvent, RoomSnapshot } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Turns a room event into a sentence ("T1 banned Ahri", "Red captain disconnected"). One function
 * while the language, names and sides stay: the room's log and announcements skip the clock's
 * refreshes on it.
 */
export function useEventText(
  snapshot: Pick<RoomSnapshot, "sides">,
  names: Record<Side, string>,
  championsById: ReadonlyMap<number, Champion>,
) {
  const { t } = useTranslation("drafts");
  const sides = snapshot.sides;
  return useMemo(() => eventText(t, sides, names, championsById), [t, sides, names, championsById]);
}

function eventText(
  t: TFunction<"drafts">,
  sides: RoomSnapshot["sides"],
  names: Record<Side, string>,
  championsById: ReadonlyMap<number, Champion>,
) {
  const teamName = (team: RoomTeam | null, side: Side | null = null) =>
    side ? names[side] : team ? names[sides[team]] : "";
  const champion = (id: number | null) => (id === null ? "?" : (championsById.get(id)?.name ?? `#${id}`));
  return (event: Pick<RoomEvent, "actor" | "body" | "at">): string | null => {
    const body = event.body;
    const n = (step: number) => step + 1;
    switch (body.kind) {
      case "ready": {
        const team = teamName(body.team);
        return body.ready ? t("room.log.ready", { team }) : t("room.log.notReady", { team });
      }
      case "start":
        return body.forced ? t("room.log.startForced") : t("room.log.start");
      case "lock": {
        const team = teamName(body.team, body.side);
        if (body.champion_id === null) return t("room.log.skipped", { team });
        const name = champion(body.champion_id);
        if (body.is_auto)
          return t(body.action_type === "BAN" ? "room.log.autoBan" : "room.log.autoPick", {
            team,
            champion: name,
          });
        return t(body.action_type === "BAN" ? "room.log.ban" : "room.log.pick", { team, champion: name });
      }
      case "pause":
        return t("room.log.pause");
      case "resume":
        return t("room.log.resume");
      case "rewind":
        return t("room.log.rewind", { n: n(body.step) });
      case "correct":
        return t("room.log.correct", { n: n(body.step), champion: champion(body.champion_id) });
      case "complete":
        return t("room.log.complete");
      case "outage":
        return t("room.log.outage", { count: Math.max(1, Math.round((event.at - body.from_ms) / 1000)) });
      case "correction_request":
        return t("room.log.correctionRequest", {
          team: teamName(body.team),
          n: n(body.step),
          from: champion(body.from_champion_id),
          to: champion(body.champion_id),
        });
      case "correction_decision": {
        const by =
          event.actor === null
            ? ""
            : event.actor.role === "captain"
              ? t("room.seat.captain", { team: teamName(event.actor.team) })
              : t("room.seat.organiser");
        const params = {
          team: teamName(body.team),
          n: n(body.step),
          to: champion(body.requested_champion_id),
          by,
        };
        if (body.outcome === "approved") return t("room.log.correctionApproved", params);
        if (body.outcome === "denied") return t("room.log.correctionDenied", params);
        return t("room.log.correctionTimedOut", params);
      }
      case "delay":
        return t("room.log.delay", { count: body.delay_seconds });
      case "seat": {
        const seat =
          body.role === "captain"
            ? t("room.seat.captain", { team: teamName(body.team) })
            : t(body.role === "organiser" ? "room.seat.organiser" : "room.seat.spectator");
        return body.connected ? t("room.log.joined", { seat }) : t("room.log.left", { seat });
      }
      case "game":
        return null;
    }
  };
}
