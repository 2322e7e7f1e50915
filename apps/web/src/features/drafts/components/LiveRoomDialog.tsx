import { Radio } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { RoomTimerFields, useRoomTimers } from "@/components/room/RoomTimerFields.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { useOpenLiveRoom } from "../hooks/useOpenLiveRoom.ts";
import { describeError } from "../utils/errors.ts";
import { roomTimerLabels } from "../utils/room-timer-labels.ts";

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
  const timers = useRoomTimers();
  const [submitted, setSubmitted] = useState(false);
  const openRoom = useOpenLiveRoom();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!sessionId || !timers.valid) return;
    openRoom.mutate({ sessionId, turnSeconds: timers.turnSeconds, bankSeconds: timers.bankSeconds });
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
          <RoomTimerFields timers={timers} submitted={submitted} labels={roomTimerLabels(t)} />
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
