import type { TFunction } from "i18next";
import type { RoomTimerLabels } from "@/components/room/RoomTimerFields.tsx";

/** The drafts feature's texts for the live-room timer fields (session page and quick room). */
export function roomTimerLabels(t: TFunction<"drafts">): RoomTimerLabels {
  return {
    turn: t("room.turnSeconds"),
    turnHint: t("room.turnHint"),
    turnRange: t("room.turnRange"),
    bank: t("room.bankSeconds"),
    bankHint: t("room.bankHint"),
    bankRange: t("room.bankRange"),
  };
}
