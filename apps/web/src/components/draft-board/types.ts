import type { Champion } from "@draftroom/contracts";
import type { BoardSlot, BoardTeam, BoardView } from "@draftroom/draft";

/** What the board needs to draw a champion; a server `Champion` fits as is. */
export type BoardChampion = Pick<Champion, "id" | "name" | "icon_url">;

/** The board view model of packages/draft with drawable champions. */
export type ChampionBoard = BoardView<BoardChampion>;
export type ChampionBoardTeam = BoardTeam<BoardChampion>;
export type ChampionBoardSlot = BoardSlot<BoardChampion>;

export interface ChampionsRecommendation {
  /** Already translated sentence explaining the suggestion. */
  reason: string;
  /** Best first; the first one is highlighted. */
  champions: readonly BoardChampion[];
}
