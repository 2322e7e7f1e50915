import { ROUTES, type Room } from "@draftroom/contracts";
import { ROOM_DELAY_MAX_SECONDS, ROOM_DELAY_MIN_SECONDS } from "@draftroom/draft";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, Hourglass, MonitorPlay } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Input } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { roomKeys, roomsApi } from "../api/rooms.ts";
import { copyText } from "../utils/share.ts";

/**
 * The organiser's spectator delay (the public view, the overlay and the spectator link) and the
 * broadcast overlay's address for streaming software.
 */
export function SpectatorDelay({
  room,
  save: saveDelay,
}: {
  room: Room;
  /** How the delay is set (default: the owner's account; a quick room's organiser uses its token). */
  save?: (seconds: number) => Promise<Room>;
}) {
  const { t } = useTranslation("drafts");
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(String(room.spectator_delay_seconds));
  const parsed = Number(value);
  const valid =
    value.trim() !== "" &&
    Number.isInteger(parsed) &&
    parsed >= ROOM_DELAY_MIN_SECONDS &&
    parsed <= ROOM_DELAY_MAX_SECONDS;
  const save = useMutation({
    mutationFn: (seconds: number) => (saveDelay ? saveDelay(seconds) : roomsApi.setDelay(room.id, seconds)),
    onSuccess: (updated) => {
      if (!saveDelay) queryClient.setQueryData(roomKeys.room(room.id), updated);
      toast.success(t("room.delay.saved", { count: updated.spectator_delay_seconds }));
    },
    onError: () => toast.error(t("room.delay.failed")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(parsed);
  };
  const overlayUrl = `${window.location.origin}${ROUTES.overlay(room.session_id)}`;
  const copyOverlay = async () => {
    if (await copyText(overlayUrl)) toast.success(t("room.overlay.copied"));
    else toast.info(t("room.copyFailed", { url: overlayUrl }), { duration: 10_000 });
  };

  return (
    <section
      aria-labelledby="room-delay-title"
      className="grid gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 md:grid-cols-2 dark:bg-surface/80"
    >
      <form onSubmit={submit} className="flex min-w-0 flex-col gap-1.5" noValidate>
        <h2 id="room-delay-title" className="flex items-center gap-2 text-base font-bold text-fg">
          <Hourglass className="size-4" aria-hidden />
          {t("room.delay.title")}
        </h2>
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {t("room.delay.label")}
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={ROOM_DELAY_MIN_SECONDS}
            max={ROOM_DELAY_MAX_SECONDS}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            invalid={!valid}
            aria-describedby={hintId}
            className="w-28"
          />
          <Button type="submit" size="sm" loading={save.isPending} disabled={!valid}>
            {t("room.delay.save")}
          </Button>
        </div>
        <p id={hintId} className={valid ? "text-xs text-muted" : "text-xs font-semibold text-danger"}>
          {valid ? t("room.delay.hint") : t("room.delay.range")}
        </p>
      </form>
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="flex items-center gap-2 text-base font-bold text-fg">
          <MonitorPlay className="size-4" aria-hidden />
          {t("room.overlay.title")}
        </h2>
        <p className="text-xs text-muted">{t("room.overlay.text")}</p>
        <input
          readOnly
          value={overlayUrl}
          aria-label={t("room.overlay.title")}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full min-w-0 truncate rounded-md border border-border bg-surface px-2 py-1 font-mono text-xs text-fg"
        />
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          onClick={() => void copyOverlay()}
          leftIcon={<Copy className="size-3.5" aria-hidden />}
        >
          {t("room.overlay.copy")}
        </Button>
      </div>
    </section>
  );
}
