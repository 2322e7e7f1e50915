import type { ActivityItemType } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { itemContextQuery } from "@/lib/collab-api.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { useActivityWho } from "./activity-who.ts";
import "@/lib/i18n-collab.d.ts";

/**
 * "Last edited by coach, 5 minutes ago" for a workspace session, series or plan (nothing for a
 * personal item or before anyone changed it).
 *
 * @example <LastEdited type="plan" id={plan.id} />
 */
export function LastEdited({ type, id }: { type: ActivityItemType; id: string }) {
  const { t, i18n } = useTranslation("collab");
  const who = useActivityWho();
  const context = useQuery(itemContextQuery(type, id));
  const last = context.data?.last_edited;
  if (!last) return null;
  return (
    <span className="text-muted text-xs" data-testid="last-edited">
      {t("activity.lastEdited", {
        name: who(last),
        when: formatRelativeTime(last.at, i18n.language),
      })}
    </span>
  );
}
