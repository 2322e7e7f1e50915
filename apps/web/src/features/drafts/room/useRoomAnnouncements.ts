import type { RoomEvent } from "@draftroom/contracts";
import type { RoomTeam } from "@draftroom/draft";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/toast-store.ts";

const ANNOUNCED = new Set<RoomEvent["body"]["kind"]>([
  "lock",
  "pause",
  "resume",
  "correction_request",
  "correction_decision",
  "outage",
]);

/**
 * What the room says aloud: the newest lock, pause, correction or held clock for screen readers,
 * and to the asking captain a toast with how its request ended (the log says it to everyone).
 */
export function useRoomAnnouncements(
  log: readonly RoomEvent[],
  fromSeq: number,
  myTeam: RoomTeam | null,
  eventText: (event: RoomEvent) => string | null,
): string | null {
  const { t } = useTranslation("drafts");
  const toldSeq = useRef(fromSeq);
  useEffect(() => {
    const fresh = log.filter((event) => event.seq > toldSeq.current);
    if (fresh.length === 0) return;
    toldSeq.current = Math.max(toldSeq.current, ...fresh.map((event) => event.seq));
    for (const event of fresh) {
      const body = event.body;
      if (body.kind !== "correction_decision" || myTeam === null || body.team !== myTeam) continue;
      const text = eventText(event);
      if (!text) continue;
      if (body.outcome === "approved") toast.success(text);
      else toast.error(text, { title: t("room.correction.refusedTitle") });
    }
  }, [log, myTeam, eventText, t]);
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const event = log[index]!;
    if (ANNOUNCED.has(event.body.kind)) return eventText(event);
  }
  return null;
}
