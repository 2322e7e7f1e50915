import { ROUTES, type Workspace } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { personLabel } from "@/lib/person.ts";
import "./i18n-workspaces.d.ts";

/**
 * Why the workspace is read-only and what each reader can do about it: the owner who pays, the
 * other owners (take the bill over) and everyone else (ask an owner). Shown to every member.
 */
export function ReadOnlyBanner({ workspace, userId }: { workspace: Workspace; userId: number | undefined }) {
  const { t } = useTranslation("workspaces");
  const payer = workspace.billing.owner;
  const { seats } = workspace;
  const reason = workspace.read_only_reason ?? "workspace_limit";
  const counts =
    reason === "staff_seats"
      ? { used: seats.staff_used, limit: seats.staff_limit }
      : { used: seats.roster_used, limit: seats.roster_limit };
  // An owner is pointed at the offer below only when there is one for them.
  const offeredToMe = workspace.billing.offer !== null && workspace.billing.offer.user_id === userId;
  const who =
    payer.user_id === userId
      ? "payer"
      : workspace.role !== "owner"
        ? "member"
        : offeredToMe
          ? "ownerOffered"
          : "owner";
  return (
    <div role="note" className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-fg">
      <p>
        {t("readOnlyText")} {t(`readOnlyWhy.${reason}`, { name: personLabel(payer), ...counts })}
      </p>
      <p className="mt-1">
        {t(`readOnlyWhat.${who}`, { name: personLabel(payer) })}{" "}
        {who === "payer" && (
          <Link className="font-semibold underline" to={ROUTES.subscriptions}>
            {t("seePlans")}
          </Link>
        )}
      </p>
    </div>
  );
}
