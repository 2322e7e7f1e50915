import type { Champion } from "@draftroom/contracts";

/** What the board needs to draw a champion; a server `Champion` fits as is. */
export type BoardChampion = Pick<Champion, "id" | "name" | "icon_url">;

export type BoardTeam = "blue" | "red";
export type BoardAction = "pick" | "ban";

/** Whose turn it is and what they do; `null` on the board means the draft is complete. */
export interface DraftPhase {
  team: BoardTeam;
  action: BoardAction;
}

export interface ChampionsRecommendation {
  /** Already translated sentence explaining the suggestion. */
  reason: string;
  /** Best first; the first one is highlighted. */
  champions: readonly BoardChampion[];
}

/** A filled slot holds a champion; `null` is a skipped (timed-out) ban. */
export type SlotValue = BoardChampion | null;

export interface SlotRef {
  team: BoardTeam;
  action: BoardAction;
  /** 0-based slot index within the team's picks or bans. */
  index: number;
  champion: SlotValue;
}
