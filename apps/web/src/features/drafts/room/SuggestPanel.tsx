import type { Champion, ErrorCode } from "@draftroom/contracts";
import type { DraftStep } from "@draftroom/draft";
import { Lightbulb } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { ChampionGrid } from "../components/ChampionGrid.tsx";
import { translateKey } from "../utils/errors.ts";
import { RoomCommandError } from "./connection.ts";

type SuggestSend = (message: { type: "suggest"; step: number; champion_id: number }) => Promise<void>;

/**
 * A team member's turn (their captain is on the clock): the captain's live hover, the champion
 * grid, and "Suggest" — the captain sees the suggestion with the member's name and may lock it.
 */
export function SuggestPanel({
  step,
  champions,
  used,
  usage,
  captainHover,
  totalSteps,
  suggested,
  send,
}: {
  step: DraftStep;
  champions: readonly Champion[];
  used: ReadonlySet<number>;
  usage: ReadonlyMap<number, "PICK" | "BAN">;
  /** What the captain is hovering now (live). */
  captainHover: { name: string; icon_url: string } | null;
  /** How many turns the room's format has (fewer than 20 with bans switched off). */
  totalSteps: number;
  /** This member's current suggestion for the step, if any. */
  suggested: Champion | null;
  send: SuggestSend;
}) {
  const { t } = useTranslation("drafts");
  // The board's own wording of the turn (a startup namespace), as the board's stage says it.
  const { t: tBoard } = useTranslation("board");
  const [selected, setSelected] = useState<Champion | null>(null);
  const [sending, setSending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step starts with nothing selected
  useEffect(() => setSelected(null), [step.index]);
  useEffect(() => {
    if (selected && used.has(selected.id)) setSelected(null);
  }, [selected, used]);

  const suggest = async () => {
    if (!selected || sending) return;
    setSending(true);
    try {
      await send({ type: "suggest", step: step.index, champion_id: selected.id });
      setSelected(null);
    } catch (error) {
      toast.error(
        error instanceof RoomCommandError && error.code !== "connection_lost"
          ? translateKey(`errors:codes.${error.code as ErrorCode}`)
          : t("room.team.sendFailed"),
        { title: t("room.team.suggestFailed") },
      );
    } finally {
      setSending(false);
    }
  };

  const label = step.type === "BAN" ? t("room.team.suggestBan") : t("room.team.suggestPick");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
          <Lightbulb className="size-5 text-primary" aria-hidden />
          {label}
        </h2>
        <span className="rounded-full bg-surface-3 px-2.5 py-1 text-xs font-bold text-fg">
          {tBoard("stage.step", { step: step.index + 1, total: totalSteps })}
        </span>
      </div>
      <div
        className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-2 px-3 py-2 text-sm"
        data-testid="captain-hover"
      >
        {captainHover ? (
          <>
            <ChampionImage name={captainHover.name} src={captainHover.icon_url} size={32} decorative />
            <span className="text-fg">
              {t("room.team.captainConsidering", { champion: captainHover.name })}
            </span>
          </>
        ) : (
          <span className="text-muted">{t("room.team.captainNothing")}</span>
        )}
        {suggested && (
          <span className="ml-auto font-semibold text-fg" role="status">
            {t("room.team.youSuggested", { champion: suggested.name })}
          </span>
        )}
      </div>
      <div className="flex h-[420px] min-h-0 flex-col lg:h-auto lg:flex-1">
        <ChampionGrid
          champions={champions}
          used={used}
          usage={usage}
          selectedId={selected?.id ?? null}
          onSelect={setSelected}
          onLock={() => void suggest()}
          disabled={!selected}
          captureTyping
          label={label}
          resetKey={step.index}
        />
      </div>
      <div className="sticky bottom-0 z-10 -mx-3 -mb-3 flex items-center gap-3 rounded-b-2xl border-t border-border bg-surface/95 px-3 py-3 backdrop-blur sm:-mx-4 sm:-mb-4 sm:px-4 lg:static lg:py-2.5">
        <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug" aria-live="polite">
          {selected ? (
            <span className="font-semibold text-fg">{t("page.selected", { name: selected.name })}</span>
          ) : (
            <span className="text-muted">{t("page.noneSelected")}</span>
          )}
        </p>
        <Button
          size="lg"
          disabled={!selected}
          loading={sending}
          onClick={() => void suggest()}
          leftIcon={<Lightbulb className="size-5" aria-hidden />}
          className="min-w-[160px]"
        >
          {t("room.team.suggest")}
        </Button>
      </div>
    </>
  );
}
