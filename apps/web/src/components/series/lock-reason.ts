import type { LockReason, SeriesTeam } from "@draftroom/draft";
import type { TFunction } from "i18next";

/**
 * Why a champion is locked, in the user's language: "Picked by T1 in game 2".
 *
 * @example
 * lockReasonText(t, { kind: "picked", team: "A", game: 2 }, { A: "T1", B: "G2" }); // "Picked by T1 in game 2"
 */
export function lockReasonText(
  t: TFunction<"series">,
  reason: LockReason,
  names: Readonly<Record<SeriesTeam, string>>,
): string {
  if (reason.kind === "disabled") return t("lock.disabled");
  return t(reason.kind === "picked" ? "lock.picked" : "lock.banned", {
    team: names[reason.team],
    game: reason.game,
  });
}
