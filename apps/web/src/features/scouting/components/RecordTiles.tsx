import type { ScoutingReport } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { RecordLabel } from "./RecordLabel.tsx";

/** Games, overall record and the record on each side. */
export function RecordTiles({ summary }: { summary: ScoutingReport["summary"] }) {
  const { t } = useTranslation("scouting");
  const tiles = [
    { key: "games", label: t("summary.games"), value: String(summary.record.games), tone: "" },
    { key: "overall", label: t("summary.overall"), record: summary.record, tone: "" },
    {
      key: "blue",
      label: t("summary.blue", { count: summary.sides.BLUE.games }),
      record: summary.sides.BLUE,
      tone: "border-l-team-blue",
    },
    {
      key: "red",
      label: t("summary.red", { count: summary.sides.RED.games }),
      record: summary.sides.RED,
      tone: "border-l-team-red",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={cn(
            "rounded-2xl border border-border bg-surface p-4 shadow-card",
            tile.tone && `border-l-4 ${tile.tone}`,
          )}
        >
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{tile.label}</dt>
          <dd className="mt-1 text-lg text-fg">
            {"record" in tile && tile.record ? (
              <RecordLabel record={tile.record} />
            ) : (
              <span className="text-2xl font-bold tabular-nums">{tile.value}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
