import { useTranslation } from "react-i18next";
import type { ChampionBoardSlot } from "./types.ts";

/** The spoken name of a slot: "Pick 2: Ahri", "Ban 1: skipped", "Pick 3: empty", "… considering Ahri". */
export function useSlotLabel() {
  const { t } = useTranslation("board");
  return (slot: ChampionBoardSlot): string => {
    const n = slot.index + 1;
    const isBan = slot.type === "BAN";
    const champion = slot.champion?.name ?? "?";
    switch (slot.state) {
      case "skipped":
        return t("slot.skippedBan", { n });
      case "filled": {
        const label = t(isBan ? "slot.filledBan" : "slot.filledPick", { n, champion });
        return slot.auto ? `${label} (${t("slot.auto")})` : label;
      }
      case "hover":
        return t(isBan ? "slot.hoverBan" : "slot.hoverPick", { n, champion });
      default:
        return t(isBan ? "slot.emptyBan" : "slot.emptyPick", { n });
    }
  };
}
