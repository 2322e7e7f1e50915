import {
  ROUTES,
  WORKSPACE_PLAN_LIMITS,
  type Workspace,
  type WorkspacePlanLimits,
} from "@draftroom/contracts";
import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { useCurrentSubscription } from "@/lib/subscription.ts";
import "./i18n-workspaces.d.ts";

export interface Allowance {
  plan: string;
  limits: WorkspacePlanLimits;
  /** Workspaces the user's plan pays for now. */
  billed: number;
  /** More workspaces the plan can take (0: creating one would be refused). */
  left: number;
}

/**
 * What the user's own plan allows in workspaces, known before any form is filled (decision 053):
 * the plan's limits from the contracts, the workspaces it already pays for from the list. Null
 * while either answer is pending.
 */
export function useWorkspaceAllowance(workspaces: readonly Workspace[] | undefined): Allowance | null {
  const subscription = useCurrentSubscription();
  const { user } = useAuth();
  if (!subscription.data || !user || !workspaces) return null;
  const limits = WORKSPACE_PLAN_LIMITS[subscription.data.tier.key];
  const billed = workspaces.filter((workspace) => workspace.billing.owner.user_id === user.id).length;
  return {
    plan: subscription.data.tier.name,
    limits,
    billed,
    left: Math.max(0, limits.max_workspaces - billed),
  };
}

/**
 * One sentence of what the plan gives a team, and, when no workspace is left, why the form is
 * not offered and what to do instead (join by invite, or see the plans).
 */
export function PlanAllowance({ allowance, className }: { allowance: Allowance; className?: string }) {
  const { t } = useTranslation("workspaces");
  const { plan, limits, billed, left } = allowance;
  const blocked = left === 0;
  return (
    <div
      role={blocked ? "note" : undefined}
      className={cn(
        "flex gap-3 rounded-2xl border p-3 text-sm",
        blocked ? "border-warning/40 bg-warning-soft" : "border-border bg-surface-2",
        className,
      )}
    >
      <Crown
        aria-hidden
        className={cn("mt-0.5 size-4 shrink-0", blocked ? "text-warning" : "text-primary")}
      />
      <div className="min-w-0">
        {limits.max_workspaces === 0 ? (
          <p className="font-semibold text-fg">{t("allowance.none", { plan })}</p>
        ) : (
          <p className="font-semibold text-fg">
            {t("allowance.some", {
              plan,
              count: limits.max_workspaces,
              used: billed,
              staff: limits.staff_seats,
              roster: limits.roster_size,
            })}
          </p>
        )}
        {blocked && (
          <p className="mt-1 text-muted">
            {limits.max_workspaces === 0 ? t("allowance.noneHelp") : t("allowance.fullHelp")}{" "}
            <Link
              to={ROUTES.subscriptions}
              className="font-semibold text-primary underline-offset-2 hover:underline"
            >
              {t("seePlans")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
