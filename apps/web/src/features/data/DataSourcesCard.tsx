import type { DataSourceStatus, DataSources, DataUpdateRun } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { freshnessKey } from "@/components/StaleDataBanner.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { formatDate } from "@/lib/format.ts";
import { dataKeys, startUpdate, updateKeys, useDataSources } from "./api.ts";

/**
 * The scheduled updates of each data source (docs/decisions/021): last good update, version,
 * next check, last error in plain words, recent runs, and "Update now" for data admins.
 */
export function DataSourcesCard() {
  const { t } = useTranslation("data");
  const query = useDataSources();
  return (
    <Card>
      <CardHeader title={t("updates.title")} description={t("updates.description")} />
      <CardBody>
        {query.isPending ? (
          <div role="status" className="h-32 animate-pulse rounded-xl bg-surface-3">
            <span className="sr-only">{t("updates.loading")}</span>
          </div>
        ) : query.isError ? (
          <ErrorState
            title={t("updates.error")}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="space-y-4">
            {!query.data.enabled && (
              <p className="rounded-xl bg-surface-2 px-3 py-2 text-muted text-sm">{t("updates.off")}</p>
            )}
            <ul className="grid gap-4 lg:grid-cols-2">
              {query.data.sources.map((source) => (
                <li key={source.source}>
                  <SourceView source={source} all={query.data} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function SourceView({ source, all }: { source: DataSourceStatus; all: DataSources }) {
  const { t, i18n } = useTranslation("data");
  const { t: tErrors } = useTranslation("errors");
  const client = useQueryClient();
  const when = (value: string | null) =>
    value
      ? formatDate(value, i18n.language, { dateStyle: "medium", timeStyle: "short" })
      : t("updates.never");
  const mutation = useMutation({
    mutationFn: () => startUpdate(source.source),
    onSettled: () => void client.invalidateQueries({ queryKey: updateKeys.sources }),
  });
  const running = source.running;
  const idle = running === null;
  useEffect(() => {
    // A run ended: the match summary and the stale banner may have changed.
    if (idle) {
      void client.invalidateQueries({ queryKey: dataKeys.summary });
      void client.invalidateQueries({ queryKey: freshnessKey });
    }
  }, [idle, client]);
  const titleId = `source-${source.source}`;
  const rows: [string, string][] = [
    [t("updates.lastSuccess"), when(source.last_success_at)],
    [
      source.source === "data_dragon" ? t("updates.patch") : t("updates.host"),
      (source.source === "data_dragon" ? source.version : source.host) ?? "—",
    ],
    [t("updates.lastChecked"), when(source.last_checked_at)],
    [
      t("updates.nextCheck"),
      !all.enabled
        ? t("updates.nextOff")
        : !source.configured
          ? t("updates.notConfigured")
          : source.next_check_at
            ? when(source.next_check_at)
            : t("updates.nextSoon"),
    ],
  ];
  // The stored code in the reader's language; the stored English text when the code is unknown here.
  const errorText = (status: DataSourceStatus) =>
    status.last_error_code
      ? t(`updates.errors.${status.last_error_code}`, {
          ...status.last_error_params,
          defaultValue: status.last_error ?? "",
        })
      : status.last_error;
  const errorCode = mutation.error && isApiRequestError(mutation.error) ? mutation.error.code : null;
  return (
    <section aria-labelledby={titleId} className="h-full rounded-xl border border-border p-4">
      <h3 id={titleId} className="font-bold text-fg">
        {t(`updates.sources.${source.source}`)}
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="mb-1.5 min-w-0 break-words text-fg sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {source.last_error && (
        <p className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-danger text-sm">
          <span className="font-semibold">{t("updates.lastError")}</span> {errorText(source)}
        </p>
      )}
      {running ? (
        <div className="mt-3 space-y-1" role="status" aria-live="polite">
          <p className="text-fg text-sm">{t("updates.running", { count: running.progress })}</p>
          <progress className="h-2 w-full" aria-label={t("updates.progressLabel")} />
        </div>
      ) : (
        all.can_update &&
        all.enabled &&
        source.configured && (
          <Button
            className="mt-3"
            variant="outline"
            size="sm"
            onClick={() => mutation.mutate()}
            disabled={mutation.isPending}
            aria-describedby={titleId}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t("updates.now")}
          </Button>
        )
      )}
      {errorCode && (
        <p role="alert" className="mt-2 text-danger text-sm">
          {tErrors(`codes.${errorCode}`)}
        </p>
      )}
      {source.runs.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold text-fg text-sm">{t("updates.recent")}</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {source.runs.map((run) => (
              <li key={run.id} className="text-muted">
                {when(run.started_at)} · <RunStatus run={run} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RunStatus({ run }: { run: DataUpdateRun }) {
  const { t } = useTranslation("data");
  if (run.status === "updated")
    return (
      <span className="text-fg">
        {t("updates.status.updated", { added: run.added, changed: run.changed })}
      </span>
    );
  if (run.status === "failed") return <span className="text-danger">{t("updates.status.failed")}</span>;
  return <span>{t(`updates.status.${run.status}`)}</span>;
}
