import { ROUTES, type ScrimSummary, type Workspace } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { errorMessage } from "@/lib/errors.ts";
import { formatStart } from "@/lib/format.ts";
import { partsOfScrim, useScrimName } from "@/lib/scrim-name.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { workspaceQueries } from "./api.ts";
import "./i18n-workspaces.d.ts";

/**
 * The team's week on its page: the next scrim blocks, soonest first, and the past ones still
 * planned or confirmed, whose results are due (decision 082). Each opens its scrim, where the
 * results are entered.
 */
export function ScrimAgenda({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const agenda = useQuery(workspaceQueries.scrimAgenda(workspace.id));
  const all = ROUTES.scrims(workspace.id);
  return (
    <section aria-labelledby="ws-agenda" className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ws-agenda" className="font-bold text-fg text-lg">
          {t("agenda.title")}
        </h2>
        <Link to={all} className="font-semibold text-primary text-sm underline">
          {t("agenda.all")}
        </Link>
      </div>
      {agenda.isPending ? (
        <div role="status" className="mt-2">
          <Spinner />
          <span className="sr-only">{t("agenda.loading")}</span>
        </div>
      ) : agenda.isError ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-danger text-sm">
            {errorMessage(agenda.error)}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={() => void agenda.refetch()}>
            {t("agenda.retry")}
          </Button>
        </div>
      ) : (
        <>
          {agenda.data.results_due.length > 0 && (
            <div className="mt-3">
              <h3 className="flex items-center gap-2 font-semibold text-fg text-sm">
                <Badge tone="warning">{t("agenda.resultsDue")}</Badge>
              </h3>
              <p className="mt-1 text-muted text-sm">{t("agenda.dueHint")}</p>
              <AgendaList scrims={agenda.data.results_due} />
              {agenda.data.results_due_count > agenda.data.results_due.length && (
                <p className="mt-1 text-muted text-sm">
                  <Link to={all} className="font-semibold text-primary underline">
                    {t("agenda.dueMore", {
                      count: agenda.data.results_due_count - agenda.data.results_due.length,
                    })}
                  </Link>
                </p>
              )}
            </div>
          )}
          <div className="mt-3">
            <h3 className="font-semibold text-fg text-sm">{t("agenda.next")}</h3>
            {agenda.data.next.length === 0 ? (
              <p className="mt-1 text-muted text-sm">
                {mayIn(workspace, "edit_scrims") ? t("agenda.emptyStaff") : t("agenda.empty")}
              </p>
            ) : (
              <AgendaList scrims={agenda.data.next} />
            )}
          </div>
        </>
      )}
    </section>
  );
}

function AgendaList({ scrims }: { scrims: readonly ScrimSummary[] }) {
  const { t, i18n } = useTranslation("workspaces");
  const nameOf = useScrimName();
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {scrims.map((scrim) => (
        <li key={scrim.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            className="font-semibold text-primary underline"
            to={ROUTES.scrim(scrim.workspace_id, scrim.id)}
          >
            {nameOf(partsOfScrim(scrim))}
          </Link>
          <span className="text-muted">{formatStart(scrim.starts_at, scrim.time_zone, i18n.language)}</span>
          <span className="text-muted">
            {t(`agenda.status.${scrim.status === "confirmed" ? "confirmed" : "planned"}`)}
            {" · "}
            {t("agenda.games", { count: scrim.games_count })}
          </span>
        </li>
      ))}
    </ul>
  );
}
