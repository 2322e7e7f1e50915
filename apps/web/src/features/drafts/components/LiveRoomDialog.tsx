import type { Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { Radio } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RoomTimerFields, useRoomTimers } from "@/components/room/RoomTimerFields.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { roomKeys, roomsApi } from "../api/rooms.ts";
import { useOpenLiveRoom } from "../hooks/useOpenLiveRoom.ts";
import { describeError, translateFieldErrors, validationText } from "../utils/errors.ts";
import { roomTimerLabels } from "../utils/room-timer-labels.ts";
import { OurSideField } from "./OurSideField.tsx";

/**
 * "Live room": the per-turn time and each team's reserve bank, then the room is created (or the
 * session's existing one opened) and its page shows the links to hand out. A workspace session
 * whose side is not known from its linked league team also asks which side our team plays
 * (decision 046): our captain seat follows the workspace's roles, the other team's links work
 * without an account.
 */
export function LiveRoomDialog({
  sessionId,
  names,
  open,
  onOpenChange,
}: {
  sessionId: string | null;
  /** The session's team names (useTeamNames), for "we play blue: G2 Esports". */
  names: Record<Side, string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("drafts");
  const timers = useRoomTimers();
  const [submitted, setSubmitted] = useState(false);
  const [ourSide, setOurSide] = useState<Side | null>(null);
  const openRoom = useOpenLiveRoom();
  // The same lookup the session page reads (the "Live room" button has just filled it).
  const lookup = useQuery({
    queryKey: roomKeys.ofSession(sessionId ?? ""),
    queryFn: () => roomsApi.lookupOfSession(sessionId ?? ""),
    enabled: open && sessionId !== null,
    staleTime: 10_000,
  });
  const question = lookup.data?.our_side ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another session asks afresh
  useEffect(() => {
    setOurSide(null);
    setSubmitted(false);
  }, [sessionId]);

  const sideMissing = question?.ask === true && ourSide === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!sessionId || !timers.valid || sideMissing) return;
    openRoom.mutate({
      sessionId,
      turnSeconds: timers.turnSeconds,
      bankSeconds: timers.bankSeconds,
      ...(question?.ask && ourSide ? { ourSide } : {}),
    });
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
        {question && (question.ask || question.side) && (
          <OurSideField
            question={question}
            names={names}
            value={ourSide}
            onChange={setOurSide}
            error={
              submitted && sideMissing
                ? validationText("ourSideRequired")
                : (translateFieldErrors(openRoom.error).our_side ?? null)
            }
          />
        )}
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
            disabled={lookup.isPending && lookup.fetchStatus !== "idle"}
            leftIcon={<Radio className="size-4" aria-hidden />}
          >
            {t("room.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
