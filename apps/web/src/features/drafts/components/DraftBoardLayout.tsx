import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CompactBoard } from "@/components/draft-board/CompactBoard.tsx";
import { TeamPanel } from "@/components/draft-board/TeamPanel.tsx";
import type { ChampionBoard, ChampionBoardSlot } from "@/components/draft-board/types.ts";
import { cn } from "@/lib/cn.ts";
import "@/components/draft-board/draft-board.css";

export interface DraftBoardLayoutProps {
  board: ChampionBoard;
  /** The centre column: the champion grid, a timeline, the completion panel. */
  children: ReactNode;
  /** Filled slots become buttons (the owner's "modify from this point"). */
  onSlotClick?: (slot: ChampionBoardSlot) => void;
  /** Show the compact board above the centre on narrow screens (while drafting). */
  compact?: boolean;
  /** Fixed-height centre on desktop (the grid scrolls inside it). */
  fill?: boolean;
}

/**
 * The draft page's board: both team panels either side of the centre on desktop; on narrow
 * screens a compact board above the centre and the full panels after it (in the DOM too, so Tab
 * and screen readers reach the centre first).
 */
export function DraftBoardLayout({ board, children, onSlotClick, compact, fill }: DraftBoardLayoutProps) {
  const { t } = useTranslation("drafts");
  return (
    <>
      <h2 className="sr-only">{t("page.board")}</h2>
      {compact && <CompactBoard board={board} onSlotClick={onSlotClick} className="lg:hidden" />}
      <div className="grid gap-3 lg:grid-cols-[250px_minmax(0,1fr)_250px] lg:gap-4">
        <section
          aria-label={t("page.board")}
          className={cn(
            "flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 lg:order-2 dark:bg-surface/80",
            fill && "lg:h-[calc(100dvh-16.5rem)] lg:min-h-[580px]",
          )}
        >
          {children}
        </section>
        <div className="grid grid-cols-2 gap-2 lg:contents">
          <div className="lg:order-1">
            <TeamPanel team={board.blue} onSlotClick={onSlotClick} />
          </div>
          <div className="lg:order-3">
            <TeamPanel team={board.red} onSlotClick={onSlotClick} />
          </div>
        </div>
      </div>
    </>
  );
}
