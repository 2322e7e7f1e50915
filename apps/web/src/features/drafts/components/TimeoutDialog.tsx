import type { DraftStep } from "@draftroom/draft";
import { AlarmClock, RotateCcw, SkipForward, StepForward } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";

export interface TimeoutDialogProps {
  step: DraftStep | null;
  teamName: string;
  /** What Continue locks on a pick step (selected champion, else the top recommendation). */
  continueChampion: string | null;
  onRetry: () => void;
  onContinue: () => void;
  onSkipBan: () => void;
}

/** "Time's up!": Retry Phase, or move on (Continue on a pick, Skip Ban on a ban). */
export function TimeoutDialog({
  step,
  teamName,
  continueChampion,
  onRetry,
  onContinue,
  onSkipBan,
}: TimeoutDialogProps) {
  const { t } = useTranslation("drafts");
  const isBan = step?.type === "BAN";
  return (
    <Dialog
      open={step !== null}
      onOpenChange={(open) => !open && onRetry()}
      title={
        <span className="flex items-center gap-2">
          <AlarmClock className="size-5 text-[hsl(354_72%_40%)] dark:text-danger" aria-hidden />
          {t("timer.timeoutTitle")}
        </span>
      }
      description={
        isBan ? t("timer.timeoutBan", { team: teamName }) : t("timer.timeoutPick", { team: teamName })
      }
      footer={
        <>
          <Button variant="outline" onClick={onRetry} leftIcon={<RotateCcw className="size-4" aria-hidden />}>
            {t("timer.retryPhase")}
          </Button>
          {isBan ? (
            <Button
              variant="danger"
              onClick={onSkipBan}
              leftIcon={<SkipForward className="size-4" aria-hidden />}
            >
              {t("timer.skipBan")}
            </Button>
          ) : (
            <Button
              onClick={onContinue}
              disabled={!continueChampion}
              leftIcon={<StepForward className="size-4" aria-hidden />}
            >
              {t("timer.continue")}
            </Button>
          )}
        </>
      }
    >
      <p className="text-sm text-muted">
        {isBan
          ? t("timer.timeoutHintBan")
          : continueChampion
            ? t("timer.timeoutHintPick", { champion: continueChampion })
            : t("timer.timeoutHint")}
      </p>
    </Dialog>
  );
}
