import {
  ROOM_BANK_DEFAULT_SECONDS,
  ROOM_BANK_MAX_SECONDS,
  ROOM_BANK_MIN_SECONDS,
  ROOM_TURN_DEFAULT_SECONDS,
  ROOM_TURN_MAX_SECONDS,
  ROOM_TURN_MIN_SECONDS,
} from "@draftroom/draft";
import { Radio } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { useOpenLiveRoom } from "../hooks/useOpenLiveRoom.ts";
import { describeError } from "../utils/errors.ts";

const inRange = (value: string, min: number, max: number) => {
  const n = Number(value);
  return value.trim() !== "" && Number.isInteger(n) && n >= min && n <= max;
};

/**
 * "Live room": the per-turn time and each team's reserve bank, then the room is created (or the
 * session's existing one opened) and its page shows the links to hand out.
 */
export function LiveRoomDialog({
  sessionId,
  open,
  onOpenChange,
}: {
  sessionId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("drafts");
  const [turn, setTurn] = useState(String(ROOM_TURN_DEFAULT_SECONDS));
  const [bank, setBank] = useState(String(ROOM_BANK_DEFAULT_SECONDS));
  const [submitted, setSubmitted] = useState(false);
  const openRoom = useOpenLiveRoom();
  const turnOk = inRange(turn, ROOM_TURN_MIN_SECONDS, ROOM_TURN_MAX_SECONDS);
  const bankOk = inRange(bank, ROOM_BANK_MIN_SECONDS, ROOM_BANK_MAX_SECONDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!sessionId || !turnOk || !bankOk) return;
    openRoom.mutate({ sessionId, turnSeconds: Number(turn), bankSeconds: Number(bank) });
  };
  const failure = openRoom.error ? (describeError(openRoom.error) ?? t("room.createFailed")) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("room.createTitle")}
      description={t("room.createText")}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t("room.turnSeconds")}
            hint={t("room.turnHint")}
            error={submitted && !turnOk ? t("room.turnRange") : null}
          >
            {(p) => (
              <Input {...p} inputMode="numeric" value={turn} onChange={(e) => setTurn(e.target.value)} />
            )}
          </Field>
          <Field
            label={t("room.bankSeconds")}
            hint={t("room.bankHint")}
            error={submitted && !bankOk ? t("room.bankRange") : null}
          >
            {(p) => (
              <Input {...p} inputMode="numeric" value={bank} onChange={(e) => setBank(e.target.value)} />
            )}
          </Field>
        </div>
        {failure && (
          <p role="alert" className="text-sm font-medium text-danger">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            {t("room.cancel")}
          </Button>
          <Button
            type="submit"
            loading={openRoom.isPending}
            leftIcon={<Radio className="size-4" aria-hidden />}
          >
            {t("room.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
