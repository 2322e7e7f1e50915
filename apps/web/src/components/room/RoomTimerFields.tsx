import {
  ROOM_BANK_DEFAULT_SECONDS,
  ROOM_BANK_MAX_SECONDS,
  ROOM_BANK_MIN_SECONDS,
  ROOM_TURN_DEFAULT_SECONDS,
  ROOM_TURN_MAX_SECONDS,
  ROOM_TURN_MIN_SECONDS,
} from "@draftroom/draft";
import { useState } from "react";
import { Field, Input } from "@/components/ui/Field.tsx";

const inRange = (value: string, min: number, max: number) => {
  const n = Number(value);
  return value.trim() !== "" && Number.isInteger(n) && n >= min && n <= max;
};

/**
 * The timers of a new live room as the organiser types them (the turn time and each team's reserve
 * bank, in seconds), with the ranges the server enforces.
 */
export function useRoomTimers() {
  const [turn, setTurn] = useState(String(ROOM_TURN_DEFAULT_SECONDS));
  const [bank, setBank] = useState(String(ROOM_BANK_DEFAULT_SECONDS));
  const turnOk = inRange(turn, ROOM_TURN_MIN_SECONDS, ROOM_TURN_MAX_SECONDS);
  const bankOk = inRange(bank, ROOM_BANK_MIN_SECONDS, ROOM_BANK_MAX_SECONDS);
  return {
    turn,
    bank,
    setTurn,
    setBank,
    turnOk,
    bankOk,
    valid: turnOk && bankOk,
    turnSeconds: Number(turn),
    bankSeconds: Number(bank),
  };
}
export type RoomTimers = ReturnType<typeof useRoomTimers>;

/** The texts of the two fields, from the caller's own namespace. */
export interface RoomTimerLabels {
  turn: string;
  turnHint?: string;
  turnRange: string;
  bank: string;
  bankHint?: string;
  bankRange: string;
}

/**
 * The two timer fields of the live-room forms (session page, quick room, series): numeric inputs
 * with their hints, and each range error once the form was submitted.
 */
export function RoomTimerFields({
  timers,
  labels,
  submitted,
  fieldClassName,
}: {
  timers: RoomTimers;
  labels: RoomTimerLabels;
  submitted: boolean;
  fieldClassName?: string;
}) {
  return (
    <>
      <Field
        label={labels.turn}
        hint={labels.turnHint}
        error={submitted && !timers.turnOk ? labels.turnRange : null}
        className={fieldClassName}
      >
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            value={timers.turn}
            onChange={(e) => timers.setTurn(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={labels.bank}
        hint={labels.bankHint}
        error={submitted && !timers.bankOk ? labels.bankRange : null}
        className={fieldClassName}
      >
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            value={timers.bank}
            onChange={(e) => timers.setBank(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
