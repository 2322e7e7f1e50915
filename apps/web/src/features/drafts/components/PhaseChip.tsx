import type { DraftSession } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

/** "Ban Phase 1" … "Pick Phase 2", or "Phase N" (the display values of `current_phase`). */
export function usePhaseLabel() {
  const { t } = useTranslation("drafts");
  return (phase: number) =>
    phase >= 1 && phase <= 4 ? t(`phase.${phase as 1 | 2 | 3 | 4}`) : t("phase.other", { n: phase });
}

const chip =
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap";

/** The phase of a session as a coloured chip: bans red, picks primary, complete green. */
export function PhaseChip({
  session,
  className,
}: {
  session: Pick<DraftSession, "current_phase" | "status">;
  className?: string;
}) {
  const { t } = useTranslation("drafts");
  const label = usePhaseLabel();
  if (session.status === "complete") {
    return (
      <span className={cn(chip, "bg-success-soft text-[hsl(152_62%_24%)] dark:text-success", className)}>
        {t("phase.complete")}
      </span>
    );
  }
  const isBan = session.current_phase === 1 || session.current_phase === 3;
  return (
    <span
      className={cn(
        chip,
        isBan
          ? "bg-danger-soft text-[hsl(354_72%_38%)] dark:text-danger"
          : "bg-primary-soft text-primary-soft-fg",
        className,
      )}
    >
      {label(session.current_phase)}
    </span>
  );
}
