import type { Practice } from "@draftroom/contracts";
import { Bot } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

/** Marks a practice draft: which seat the modelled team plays, and how it plays. */
export function PracticeBanner({ practice }: { practice: Practice }) {
  const { t } = useTranslation("practice");
  const opponentSide = practice.user_side === "BLUE" ? "RED" : "BLUE";
  return (
    <p
      data-testid="practice-banner"
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border px-3 py-2 text-sm text-fg",
        opponentSide === "BLUE"
          ? "border-team-blue/40 bg-team-blue-soft"
          : "border-team-red/40 bg-team-red-soft",
      )}
    >
      <Bot className="size-4 shrink-0" aria-hidden />
      <span className="font-bold">{t("banner.modelled", { team: practice.opponent_team })}</span>
      <span className="text-muted">
        {t(opponentSide === "BLUE" ? "banner.onBlue" : "banner.onRed")} · {t(`style.${practice.style}`)}
      </span>
    </p>
  );
}
