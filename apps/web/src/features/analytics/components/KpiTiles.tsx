import type { Analytics } from "@draftroom/contracts";
import { CheckCircle2, Layers, Percent, Swords } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { blueWinRate, percent } from "../utils.ts";

export function KpiTiles({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const completion = percent(data.sessions_completed, data.sessions_created);
  const blue = blueWinRate(data.results);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Tile
        icon={<Layers className="size-4" />}
        label={t("kpi.created")}
        value={String(data.sessions_created)}
      />
      <Tile
        icon={<CheckCircle2 className="size-4" />}
        label={t("kpi.completed")}
        value={String(data.sessions_completed)}
      />
      <Tile
        icon={<Percent className="size-4" />}
        label={t("kpi.completionRate")}
        value={completion === null ? "—" : `${completion}%`}
      />
      <Tile
        icon={<Swords className="size-4" />}
        label={t("kpi.blueWinRate")}
        value={blue === null ? "—" : `${blue}%`}
        hint={blue === null ? t("kpi.noResults") : undefined}
      />
    </dl>
  );
}

function Tile({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint?: string | undefined;
}) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4 shadow-card">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted">
        <span
          aria-hidden="true"
          className="grid size-7 place-items-center rounded-lg bg-primary-soft text-primary-soft-fg"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-bold tabular-nums tracking-tight text-fg sm:text-3xl">
        {value}
        {hint && <span className="mt-0.5 block text-xs font-normal tracking-normal text-muted">{hint}</span>}
      </dd>
    </div>
  );
}
