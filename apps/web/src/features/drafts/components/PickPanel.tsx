import type { Champion } from "@draftroom/contracts";
import type { DraftStep } from "@draftroom/draft";
import { Ban, Check, Swords } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { ChampionGrid } from "./ChampionGrid.tsx";

export interface PickPanelProps {
  /** The step on the clock. */
  step: DraftStep;
  /** Name of the team on the clock. */
  teamName: string;
  champions: readonly Champion[];
  used: ReadonlySet<number>;
  usage: ReadonlyMap<number, "PICK" | "BAN">;
  selected: Champion | null;
  onSelect: (champion: Champion) => void;
  onLock: () => void;
  /** Lock In unavailable (nothing selected, a dialog open, not this seat's turn). */
  lockDisabled: boolean;
  /** Typing anywhere goes to the champion search. */
  captureTyping: boolean;
  /** Between the heading and the grid (recommendations). */
  children?: ReactNode;
  /** Replaces the turn chip's text (e.g. "Your turn"). */
  turnLabel?: string;
  /** Champions locked for the team on the clock (fearless series), with the reason for each. */
  locked?: ReadonlyMap<number, string> | undefined;
}

/**
 * The centre of a draft on the clock: what to do ("Select Champion to Ban"), whose turn, the
 * champion grid and the lock bar with the selected champion. Used by the owner's session page and
 * by a captain's seat in a live room.
 */
export function PickPanel({
  step,
  teamName,
  champions,
  used,
  usage,
  selected,
  onSelect,
  onLock,
  lockDisabled,
  captureTyping,
  children,
  turnLabel,
  locked,
}: PickPanelProps) {
  const { t } = useTranslation("drafts");
  const isBan = step.type === "BAN";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
          {isBan ? (
            <Ban className="size-5 text-[hsl(354_72%_40%)] dark:text-danger" aria-hidden />
          ) : (
            <Swords className="size-5 text-primary" aria-hidden />
          )}
          {isBan ? t("page.selectToBan") : t("page.selectToPick")}
        </h2>
        <span
          className={cn(
            "rounded-full px-2.5 py-1 text-xs font-bold",
            step.side === "BLUE"
              ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
              : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
          )}
        >
          {turnLabel ??
            (isBan ? t("page.turnBan", { team: teamName }) : t("page.turnPick", { team: teamName }))}
          {" · "}
          {t("page.stepOf", { step: step.index + 1 })}
        </span>
      </div>
      {children}
      <div className="flex h-[420px] min-h-0 flex-col lg:h-auto lg:flex-1">
        <ChampionGrid
          champions={champions}
          used={used}
          usage={usage}
          locked={locked}
          selectedId={selected?.id ?? null}
          onSelect={onSelect}
          onLock={onLock}
          disabled={lockDisabled}
          captureTyping={captureTyping}
          label={isBan ? t("page.selectToBan") : t("page.selectToPick")}
          resetKey={step.index}
        />
      </div>
      <div className="sticky bottom-0 z-10 -mx-3 -mb-3 flex items-center gap-3 rounded-b-2xl border-t border-border bg-surface/95 px-3 py-3 backdrop-blur sm:-mx-4 sm:-mb-4 sm:px-4 lg:static lg:py-2.5">
        {selected ? (
          <ChampionImage name={selected.name} src={selected.icon_url} size={44} decorative />
        ) : (
          <span
            aria-hidden
            className="hidden size-11 shrink-0 rounded-md border border-dashed border-border-strong bg-surface-2 sm:block"
          />
        )}
        <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug" aria-live="polite">
          {selected ? (
            <span className="font-semibold text-fg">{t("page.selected", { name: selected.name })}</span>
          ) : (
            <span className="text-muted">{t("page.noneSelected")}</span>
          )}
        </p>
        <Button
          size="lg"
          variant={isBan ? "danger" : "primary"}
          disabled={lockDisabled}
          onClick={onLock}
          leftIcon={<Check className="size-5" aria-hidden />}
          className="min-w-[160px]"
        >
          {isBan ? t("page.banChampion") : t("page.pickChampion")}
        </Button>
      </div>
    </>
  );
}
