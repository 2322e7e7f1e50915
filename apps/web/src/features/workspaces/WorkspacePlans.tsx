import { ROUTES, type Workspace } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { useDraftPlans } from "@/lib/draft-plan-list.ts";
import { errorMessage } from "@/lib/errors.ts";
import "./i18n-workspaces.d.ts";

/** The workspace's draft plans on its page (where a coach looks for them), newest edit first. */
export function WorkspacePlans({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const plans = useDraftPlans(workspace.id);
  const all = `${ROUTES.draftPlans}?workspace=${workspace.id}`;
  return (
    <section aria-labelledby="ws-plans" className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ws-plans" className="font-bold text-fg text-lg">
          {t("plans.title")}
        </h2>
        <Link to={all} className="font-semibold text-primary text-sm underline">
          {t("plans.all")}
        </Link>
      </div>
      {plans.isPending ? (
        <Spinner />
      ) : plans.isError ? (
        <p role="alert" className="text-danger text-sm">
          {errorMessage(plans.error)}
        </p>
      ) : plans.data.length === 0 ? (
        <p className="mt-1 text-muted text-sm">{t("plans.empty")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">
          {[...plans.data]
            .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
            .slice(0, 6)
            .map((plan) => (
              <li key={plan.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <Link className="font-semibold text-primary underline" to={ROUTES.draftPlan(plan.id)}>
                  {plan.name}
                </Link>
                {plan.opponent_team && (
                  <span className="text-muted">{t("plans.against", { team: plan.opponent_team })}</span>
                )}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
