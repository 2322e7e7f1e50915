import type { ActivityEntry } from "@draftroom/contracts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { personLabel } from "@/lib/person.ts";
import "@/lib/i18n-collab.d.ts";

type Who = Pick<ActivityEntry, "actor" | "seat">;

/**
 * Who made a feed entry, in words: the member by name with their username, with the live room's
 * seat beside them when the step was a room's ("Ana Pérez (@ana), T1 captain"); the seat alone
 * when nobody with an account held it ("G2 captain (link)", "G2's timer"); a former member once the
 * account is gone (decision 048).
 *
 * @example
 * const who = useActivityWho();
 * who({ actor: null, seat: { kind: "captain", side: "RED", team_name: null } }); // "Red captain (link)"
 */
export function useActivityWho(): (entry: Who) => string {
  const { t } = useTranslation("collab");
  return useCallback(
    ({ actor, seat }: Who) => {
      if (!seat) return actor ? personLabel(actor) : t("activity.formerMember");
      const team = seat.team_name ?? (seat.side ? t(`activity.seat.sides.${seat.side}`) : null);
      if (seat.kind === "clock")
        return team ? t("activity.seat.clock", { team }) : t("activity.seat.roomClock");
      if (seat.kind === "organiser") {
        return actor
          ? t("activity.seat.organiserMember", { name: personLabel(actor) })
          : t("activity.seat.organiserLink");
      }
      const teamName = team ?? "";
      return actor
        ? t("activity.seat.captainMember", { name: personLabel(actor), team: teamName })
        : t("activity.seat.captainLink", { team: teamName });
    },
    [t],
  );
}
