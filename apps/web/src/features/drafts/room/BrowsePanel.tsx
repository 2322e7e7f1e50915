import type { Champion, Position } from "@draftroom/contracts";
import { Bookmark } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChampionGrid } from "../components/ChampionGrid.tsx";

/**
 * The champion grid while the other side is on the clock: a captain (or member) keeps browsing and
 * filtering, and marks the champion they mean to take next. The mark stays on this device (it is
 * never sent, so the other team learns nothing) and is selected when their turn comes.
 */
export function BrowsePanel({
  champions,
  used,
  usage,
  positions,
  nextUp,
  onNextUp,
  children,
}: {
  champions: readonly Champion[];
  used: ReadonlySet<number>;
  usage: ReadonlyMap<number, "PICK" | "BAN">;
  positions?: ReadonlyMap<number, readonly Position[]> | undefined;
  nextUp: Champion | null;
  onNextUp: (champion: Champion | null) => void;
  /** Above the grid (who is on the clock, the correction button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("room");
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-testid="browse-panel">
      {children}
      <p className="flex items-center gap-1.5 text-sm text-muted" aria-live="polite">
        <Bookmark aria-hidden className="size-4 shrink-0" />
        {nextUp ? (
          <span>
            <span className="font-semibold text-fg" data-testid="next-up">
              {t("browse.marked", { champion: nextUp.name })}
            </span>{" "}
            <button
              type="button"
              className="font-semibold text-primary underline-offset-2 hover:underline"
              onClick={() => onNextUp(null)}
            >
              {t("browse.clear")}
            </button>
          </span>
        ) : (
          t("browse.hint")
        )}
      </p>
      <div className="flex h-[min(26rem,60dvh)] min-h-0 flex-col lg:h-auto lg:flex-1">
        <ChampionGrid
          champions={champions}
          used={used}
          usage={usage}
          positions={positions}
          selectedId={nextUp?.id ?? null}
          onSelect={(champion) => onNextUp(champion.id === nextUp?.id ? null : champion)}
          onLock={() => undefined}
          disabled
          captureTyping
          label={t("browse.label")}
        />
      </div>
    </div>
  );
}
