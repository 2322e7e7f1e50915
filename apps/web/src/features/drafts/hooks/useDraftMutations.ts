import type { Side } from "@draftroom/draft";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/toast-store.ts";
import { scrimResultsChanged } from "@/lib/scrim-of-draft.ts";
import type { BoardAction } from "../utils/board.ts";
import { describeError } from "../utils/errors.ts";

interface DraftWrites {
  modifyFrom: (action: BoardAction) => Promise<void>;
  restart: () => Promise<void>;
  setWinner: (winner: Side | null) => Promise<void>;
}

/**
 * The owner's writes besides locks, each answered with a toast: "modify from this point", Start
 * New Draft and the recorded winner. The callbacks let the page close the dialog that asked.
 */
export function useDraftMutations(
  draft: DraftWrites,
  callbacks: { onModifyDone: (ok: boolean) => void; onRestartDone: () => void },
) {
  const { t } = useTranslation("drafts");
  const queryClient = useQueryClient();
  const modify = useMutation({
    mutationFn: (action: BoardAction) => draft.modifyFrom(action),
    onSuccess: (_, action) => {
      toast.success(t("modify.done", { n: action.phase_number + 1 }));
      callbacks.onModifyDone(true);
    },
    onError: (error) => {
      const detail = describeError(error);
      toast.error(detail ?? t("page.modifyFailed"), detail ? { title: t("page.modifyFailed") } : undefined);
      callbacks.onModifyDone(false);
    },
  });
  const restart = useMutation({
    mutationFn: draft.restart,
    onSuccess: () => {
      toast.success(t("complete.startNewDone"));
      callbacks.onRestartDone();
    },
    onError: () => {
      toast.error(t("complete.startNewFailed"));
      callbacks.onRestartDone();
    },
  });
  const winner = useMutation({
    mutationFn: draft.setWinner,
    onSuccess: () => {
      toast.success(t("complete.winnerSaved"));
      scrimResultsChanged(queryClient);
    },
    // The reason when the server gives one (a scrim game's result is kept on the scrim's page).
    onError: (error) => {
      const detail = describeError(error);
      toast.error(
        detail ?? t("complete.winnerFailed"),
        detail ? { title: t("complete.winnerFailed") } : undefined,
      );
    },
  });
  return { modify, restart, winner };
}
