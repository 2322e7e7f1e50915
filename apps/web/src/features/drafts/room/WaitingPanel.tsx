import type { Side } from "@draftroom/draft";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";

/** What a seat that does not act sees of the step on the clock (and the champion considered). */
export function WaitingPanel({
  side,
  text,
  hover,
  paused,
}: {
  side: Side;
  text: string;
  hover: { name: string; icon_url: string } | null;
  paused: boolean;
}) {
  const { t } = useTranslation("drafts");
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-xl px-3 py-3",
        side === "BLUE" ? "bg-team-blue-soft" : "bg-team-red-soft",
      )}
    >
      {hover ? (
        <ChampionImage name={hover.name} src={hover.icon_url} size={44} decorative className="opacity-80" />
      ) : (
        <span
          aria-hidden
          className="size-11 shrink-0 rounded-md border border-dashed border-border-strong bg-surface-2"
        />
      )}
      <div className="min-w-0">
        <p className="font-semibold text-fg">{paused ? t("room.paused") : text}</p>
        {hover && <p className="text-sm text-muted">{t("room.considering", { champion: hover.name })}</p>}
      </div>
    </div>
  );
}
