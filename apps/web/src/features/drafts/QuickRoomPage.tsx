import { useMutation } from "@tanstack/react-query";
import { Zap } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { RoomTimerFields, useRoomTimers } from "@/components/room/RoomTimerFields.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { quickRoomStore, quickRoomsApi } from "./quick-room/api.ts";
import { describeError } from "./utils/errors.ts";
import { roomTimerLabels } from "./utils/room-timer-labels.ts";

const NAME_MAX = 100;

/**
 * "Quick room" (`/app/quick-room`, from the landing page and the header): two team names and the
 * timers, no account. The room opens on its organiser link, whose page lists every link to hand
 * out and offers to save the room into an account.
 */
export default function QuickRoomPage() {
  const { t } = useTranslation("drafts");
  const navigate = useNavigate();
  const [blue, setBlue] = useState("");
  const [red, setRed] = useState("");
  const timers = useRoomTimers();
  const [submitted, setSubmitted] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      quickRoomsApi.create({
        // A name left empty is the one its placeholder shows, in the reader's language (the
        // server's own default is English, for API clients).
        blue_team_name: blue.trim() || t("team.blue"),
        red_team_name: red.trim() || t("team.red"),
        turn_seconds: timers.turnSeconds,
        bank_seconds: timers.bankSeconds,
      }),
    onSuccess: (quick) => {
      quickRoomStore.save(quick);
      void navigate(quick.organiser.path);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!timers.valid || create.isPending) return;
    create.mutate();
  };
  const error = create.error;
  const failure = !error
    ? null
    : isApiRequestError(error) && error.status === 429
      ? t("quickRoom.rateLimited")
      : (describeError(error) ?? t("room.createFailed"));

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <section
        aria-labelledby="quick-room-heading"
        className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6 dark:bg-surface/80"
      >
        <div>
          <h1
            id="quick-room-heading"
            className="flex items-center gap-2 font-display text-2xl font-extrabold text-fg"
          >
            <Zap className="size-6 text-primary" aria-hidden />
            {t("quickRoom.title")}
          </h1>
          <p className="mt-1 text-sm text-muted">{t("quickRoom.text")}</p>
        </div>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="quick-room-form">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("quickRoom.blueName")} hint={t("quickRoom.nameHint")}>
              {(p) => (
                <Input
                  {...p}
                  value={blue}
                  maxLength={NAME_MAX}
                  autoComplete="off"
                  placeholder={t("quickRoom.bluePlaceholder")}
                  onChange={(e) => setBlue(e.target.value)}
                />
              )}
            </Field>
            <Field label={t("quickRoom.redName")} hint={t("quickRoom.nameHint")}>
              {(p) => (
                <Input
                  {...p}
                  value={red}
                  maxLength={NAME_MAX}
                  autoComplete="off"
                  placeholder={t("quickRoom.redPlaceholder")}
                  onChange={(e) => setRed(e.target.value)}
                />
              )}
            </Field>
            <RoomTimerFields timers={timers} submitted={submitted} labels={roomTimerLabels(t)} />
          </div>
          <p className="text-xs text-muted">{t("quickRoom.keepNote")}</p>
          {failure && (
            <p role="alert" className="text-sm font-medium text-danger">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="submit"
              loading={create.isPending}
              leftIcon={<Zap className="size-4" aria-hidden />}
            >
              {t("quickRoom.create")}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
