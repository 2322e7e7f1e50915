import type { ScoutingRecord } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { percentOf } from "./format.ts";

/** "60% · 3W 2L" (or "1W 2L" when the sample is too small for a rate), "No result" without one. */
export function RecordLabel({ record }: { record: Pick<ScoutingRecord, "wins" | "decided"> }) {
  const { t } = useTranslation("scouting");
  if (record.decided === 0) return <span className="text-muted">{t("record.noResult")}</span>;
  const percent = percentOf(record);
  const score = t("record.score", { wins: record.wins, losses: record.decided - record.wins });
  return (
    <span>
      {percent !== null && (
        <span className="font-semibold text-fg">{t("record.percent", { percent })} · </span>
      )}
      <span className="text-muted">{score}</span>
    </span>
  );
}
