import type { ScoutingReport } from "@draftroom/contracts";
import { Info } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * What a report rests on, said plainly: its professional games (and the caller's own drafts only
 * when the toggle adds them, labelled as such), the patch range, and a note when the games are
 * too few to read habits from.
 */
export function ReportBasis({
  report,
  onDraftsChange,
}: {
  report: ScoutingReport;
  onDraftsChange: (include: boolean) => void;
}) {
  const { t } = useTranslation("scouting");
  const toggleId = useId();
  const { matches, drafts } = report.summary.sources;
  const range = report.patch_range;
  return (
    <div className="mt-1 space-y-2 text-sm text-muted">
      <p>
        {report.drafts_included && drafts > 0
          ? t("basisWithDrafts", {
              matches: t("basisMatches", { count: matches }),
              drafts: t("basisOwnDrafts", { count: drafts }),
            })
          : t("basisPro", { matches: t("basisMatches", { count: matches }) })}
        {range && (
          <>
            {" "}
            {range.first === range.last
              ? t("patchSingle", { patch: range.first })
              : t("patchRange", { first: range.first, last: range.last })}
          </>
        )}
      </p>
      {report.few_games && matches > 0 && (
        <p role="note" className="flex items-start gap-2 rounded-xl bg-warning-soft px-3 py-2 text-fg">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("fewGames", { count: matches })}
        </p>
      )}
      {report.drafts_available > 0 && (
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={report.drafts_included}
            onChange={(event) => onDraftsChange(event.target.checked)}
          />
          <label htmlFor={toggleId} className="text-fg">
            {t("includeDrafts", { count: report.drafts_available })}
          </label>
        </div>
      )}
    </div>
  );
}

/** The sample each figure of the report rests on ("3 professional games + 1 of your drafts"). */
export function useReportSample(report: ScoutingReport | undefined): string | undefined {
  const { t } = useTranslation("scouting");
  if (!report) return undefined;
  const { matches, drafts } = report.summary.sources;
  const pro = t("basisMatches", { count: matches });
  return report.drafts_included && drafts > 0
    ? t("sampleWithDrafts", { pro, drafts: t("basisOwnDrafts", { count: drafts }) })
    : pro;
}
