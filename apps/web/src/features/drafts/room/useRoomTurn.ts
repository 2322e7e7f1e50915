import type { RoomSeatInfo, RoomSnapshot } from "@draftroom/contracts";
import type { RoomCorrection, RoomPermissions, Side } from "@draftroom/draft";
import { useTranslation } from "react-i18next";
import type { roomCountdown } from "./room-state.ts";
import { turnTitle } from "./TurnBanner.tsx";
import { turnHeadline } from "./turn-state.ts";
import { useTurnAlerts, useTurnSoundPreference } from "./useTurnAlerts.ts";

/**
 * The turn as this seat hears it: the banner's headline (what the seat may do comes from `can()`,
 * never from its role), the time left on the running clock, and the tab title and sound alerts
 * that follow them.
 */
export function useRoomTurn({
  snapshot,
  seat,
  perms,
  next,
  complete,
  countdown,
  correction,
  names,
  myTurn,
}: {
  snapshot: RoomSnapshot;
  seat: RoomSeatInfo;
  perms: RoomPermissions;
  next: { index: number; side: Side; type: "PICK" | "BAN" } | null;
  complete: boolean;
  countdown: ReturnType<typeof roomCountdown>;
  correction: RoomCorrection | null;
  names: Record<Side, string>;
  /** The seat may lock now and has nothing in flight (`useRoomPlay`). */
  myTurn: boolean;
}) {
  const { t: tRoom } = useTranslation("room");
  const { status, turn_ms: turnMs } = snapshot.clock;
  // The side this seat plays for (captain or member): who asked a correction is "you" or not.
  const mySide =
    seat.team && (seat.role === "captain" || seat.role === "member") ? snapshot.sides[seat.team] : null;
  const headline = turnHeadline({
    status: complete ? "complete" : status === "lobby" ? "lobby" : status === "paused" ? "paused" : "running",
    next,
    mySide,
    may: perms,
    resumesInMs: countdown?.resumes_in_ms ?? 0,
    correctionSide: correction ? snapshot.sides[correction.team] : null,
  });
  const msLeft =
    countdown && turnMs > 0 && !complete
      ? countdown.on_bank
        ? countdown.bank_ms_left
        : countdown.turn_ms_left
      : null;
  const [sound, setSound] = useTurnSoundPreference();
  useTurnAlerts({
    title: turnTitle(headline, names, msLeft, tRoom),
    myTurnKey: myTurn && next ? next.index : null,
    secondsLeft: msLeft === null ? null : Math.ceil(msLeft / 1000),
    sound,
  });
  return { headline, msLeft, sound, setSound };
}
