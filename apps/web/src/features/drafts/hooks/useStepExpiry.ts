import type { Champion, DraftSettings } from "@draftroom/contracts";
import { type DraftStep, expiryAction, type RankedChampions, type Side } from "@draftroom/draft";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/toast-store.ts";
import type { BoardState } from "../utils/board.ts";
import { type StepTimer, useStepTimer } from "./useStepTimer.ts";

export interface StepExpiryInput {
  board: BoardState | null;
  settings: DraftSettings;
  names: Record<Side, string>;
  /** Ranked champions of the team on the clock (a pick that times out takes the first available). */
  recommendations: RankedChampions | null;
  championsById: ReadonlyMap<number, Champion>;
  /** Locks a champion (null skips a ban) for the step on the clock; false when refused. */
  /** Locks a champion (null skips the ban); `auto` marks a pick the timer made. */
  lock: (champion: Champion | null, auto?: boolean) => boolean;
  /** Holds the countdown (a dialog open, an empty pool). */
  paused: boolean;
}

export interface StepExpiry {
  timer: StepTimer;
  /** The step whose time ran out without auto-advance (the "Time's up!" dialog), or null. */
  timedOut: DraftStep | null;
  /** Retry Phase: restarts the countdown. */
  retry: () => void;
  /** Closes the dialog and locks `champion` (null skips the ban). */
  resolve: (champion: Champion | null) => void;
}

/**
 * What happens when the step on the clock runs out in the owner's session: with auto-advance a
 * ban is skipped and a pick locks the best available recommendation (each with a toast); without
 * it, or when nothing can be picked, the "Time's up!" dialog asks. A session with "No timer"
 * (`settings.timed` false) never counts down, so it never locks on its own. The live room's
 * clock is the server's and never comes here.
 */
export function useStepExpiry(input: StepExpiryInput): StepExpiry {
  const { t } = useTranslation("drafts");
  const { board, settings, names, recommendations, championsById, lock } = input;
  const [timedOut, setTimedOut] = useState<DraftStep | null>(null);

  const onExpire = useCallback(
    (step: DraftStep) => {
      if (!board || board.next?.index !== step.index) return;
      if (!settings.auto_advance) {
        setTimedOut(step);
        return;
      }
      const team = names[step.side];
      if (step.type === "BAN") {
        if (lock(null)) toast.info(t("timer.autoSkipped", { team }));
        return;
      }
      const action = expiryAction(board.state, recommendations ?? []);
      const champion = action?.champion_id ? championsById.get(action.champion_id) : undefined;
      if (champion && lock(champion, true))
        toast.info(t("timer.autoPicked", { champion: champion.name, team }));
      else setTimedOut(step);
    },
    [board, settings.auto_advance, names, lock, recommendations, championsById, t],
  );

  const timer = useStepTimer(
    settings.timed === false ? null : (board?.next ?? null),
    settings,
    input.paused || timedOut !== null,
    onExpire,
  );
  const { restart } = timer;
  const retry = useCallback(() => {
    setTimedOut(null);
    restart();
  }, [restart]);
  const resolve = useCallback(
    (champion: Champion | null) => {
      setTimedOut(null);
      if (champion || board?.next?.type === "BAN") lock(champion);
    },
    [lock, board?.next?.type],
  );
  return { timer, timedOut, retry, resolve };
}
