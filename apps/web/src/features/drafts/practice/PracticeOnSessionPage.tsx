import type { Champion, Workspace } from "@draftroom/contracts";
import { useMutation } from "@tanstack/react-query";
import { Swords } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { describeError } from "../utils/errors.ts";
import { practiceApi } from "./api.ts";
import { PracticeBanner } from "./PracticeBanner.tsx";
import { PracticeReviewPanel } from "./PracticeReviewPanel.tsx";
import { usePractice } from "./usePractice.ts";

/**
 * On the owner's page of a practice session: who the modelled opponent is, a way back into the
 * draft room with the captain seat (a new link: only its hash is stored) for a member who may
 * practise (`mayContinue`; the others are told why), and the review once complete. Nothing for
 * other sessions.
 */
export function PracticeOnSessionPage({
  sessionId,
  complete,
  champions,
  mayContinue,
  workspace,
}: {
  sessionId: string;
  complete: boolean;
  champions: ReadonlyMap<number, Champion>;
  /** The member may run practice here (always in a personal space). */
  mayContinue: boolean;
  /** The session's workspace, to say why Continue is not offered (null: personal). */
  workspace: Workspace | null;
}) {
  const { t } = useTranslation("practice");
  const navigate = useNavigate();
  const practice = usePractice(sessionId, complete).data ?? null;
  const resume = useMutation({
    mutationFn: () => practiceApi.resume(sessionId),
    onSuccess: (started) => navigate(started.path),
  });
  if (!practice) return null;
  if (complete) return <PracticeReviewPanel practice={practice} champions={champions} />;
  return (
    <div className="flex flex-col gap-2">
      <PracticeBanner practice={practice} />
      {!mayContinue ? (
        <AccessNote workspace={workspace} capability="edit_practice" />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            loading={resume.isPending}
            onClick={() => resume.mutate()}
            leftIcon={<Swords className="size-4" aria-hidden />}
          >
            {t("entry.continue")}
          </Button>
          {resume.error && (
            <p role="alert" className="text-sm font-medium text-danger">
              {describeError(resume.error) ?? t("entry.continueFailed")}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
