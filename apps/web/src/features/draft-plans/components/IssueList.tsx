import type { DraftPlanIssueBody } from "@draftroom/contracts";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A plan's problems (packages/draft `validateDraftPlan`), shown where they are. */
export function IssueList({
  issues,
  names,
}: {
  issues: readonly DraftPlanIssueBody[];
  names: (id: number) => string;
}) {
  const { t } = useTranslation("draftPlans");
  if (issues.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {issues.map((issue) => (
        <li key={`${issue.path}-${issue.code}`} className="flex items-start gap-1.5 text-danger text-sm">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(`issue.${issue.code}`)}
            {issue.champion_id !== undefined && `: ${names(issue.champion_id)}`}
            {issue.reason && ` (${t(`issue.reason.${issue.reason as "contradiction"}`)})`}
          </span>
        </li>
      ))}
    </ul>
  );
}
