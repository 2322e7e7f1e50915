import type { MatchImportProblem, MatchImportResult, MatchSummary } from "@draftroom/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { CheckCircle2, Database, FileWarning, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { OraclesElixirAttribution } from "@/components/OraclesElixirAttribution.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardHeader } from "@/components/ui/Card.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { formatCalendarDay, formatDate, formatNumber } from "@/lib/format.ts";
import { dataKeys, UploadError, uploadMatches, useMatchSummary } from "./api.ts";
import { DataSourcesCard } from "./DataSourcesCard.tsx";

/**
 * What the recommendations rest on: the imported professional games (count, players, leagues,
 * patches, dates) and what they mean for a member's suggestions and scouting; for data
 * administrators only, the server's data sources and settings (`MATCH_DATA_URL`, scheduled
 * updates) and an upload of an Oracle's Elixir CSV with its progress, then the result or the list
 * of problems. A member has nothing to configure, so sees no setting.
 */
export default function DataPage() {
  const { t } = useTranslation("data");
  const query = useMatchSummary();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <header>
        <h1 className="font-extrabold text-3xl text-fg tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-muted">{t("subtitle")}</p>
      </header>
      <div className="mt-8 space-y-6">
        {query.isPending ? (
          <div role="status" aria-live="polite" className="space-y-4">
            <span className="sr-only">{t("loading")}</span>
            <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[0, 1, 2, 3].map((index) => (
                <div key={index} className="h-24 animate-pulse rounded-2xl bg-surface-3" />
              ))}
            </div>
            <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-surface-3" />
          </div>
        ) : query.isError ? (
          <ErrorState title={t("error")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <>
            {query.data.games === 0 ? (
              <EmptyState
                icon={<Database aria-hidden="true" />}
                title={t("empty.title")}
                message={query.data.can_import ? t("empty.admin") : t("empty.member")}
              />
            ) : (
              <SummaryView summary={query.data} />
            )}
            <WhatItMeans summary={query.data} />
            {query.data.can_import ? (
              <>
                <DataSourcesCard />
                <UploadCard limit={query.data.upload_limit_bytes} />
              </>
            ) : (
              <p className="text-muted text-sm">{t("upload.adminsOnly")}</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function SummaryView({ summary }: { summary: MatchSummary }) {
  const { t, i18n } = useTranslation("data");
  const number = (value: number) => formatNumber(value, i18n.language);
  // Games carry the day they were played; the import is a moment, shown in the viewer's zone.
  const day = (value: string | null) => (value ? formatCalendarDay(value, i18n.language) : "—");
  const stats = [
    { label: t("stats.games"), value: number(summary.games) },
    { label: t("stats.players"), value: number(summary.players) },
    { label: t("stats.leagues"), value: number(summary.leagues.length) },
    { label: t("stats.patches"), value: number(summary.patches.length) },
  ];
  return (
    <section aria-labelledby="data-summary" className="space-y-4">
      <h2 id="data-summary" className="sr-only">
        {t("summaryHeading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-2xl border border-border bg-surface p-4">
            <dt className="text-muted text-sm">{stat.label}</dt>
            <dd className="mt-1 font-bold text-2xl text-fg tabular-nums">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-fg text-sm">
        {t("range", { from: day(summary.first_date), to: day(summary.last_date), count: summary.games })}
        {summary.last_import && (
          <span className="text-muted">
            {" "}
            · {t("lastImport", { date: formatDate(summary.last_import, i18n.language) })}
          </span>
        )}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <BreakdownCard
          title={t("leaguesHeading")}
          rows={summary.leagues.map((row) => ({ name: row.league || "—", games: row.games }))}
        />
        <BreakdownCard
          title={t("patchesHeading")}
          rows={summary.patches.map((row) => ({ name: row.patch || "—", games: row.games }))}
        />
      </div>
      <OraclesElixirAttribution />
    </section>
  );
}

/** What the games mean for the member's own work, in their words (no setting, no file name). */
function WhatItMeans({ summary }: { summary: MatchSummary }) {
  const { t, i18n } = useTranslation("data");
  const games = formatNumber(summary.games, i18n.language);
  return (
    <section
      aria-labelledby="data-meaning"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="data-meaning" className="font-bold text-fg text-lg">
        {t("meaning.title")}
      </h2>
      {summary.games === 0 ? (
        <p className="mt-2 text-fg text-sm">{t("meaning.none")}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1.5 ps-5 text-fg text-sm">
          <li>{t("meaning.suggestions", { count: summary.games, games })}</li>
          <li>{t("meaning.scouting", { count: summary.leagues.length })}</li>
          {summary.last_date && (
            <li>{t("meaning.freshness", { date: formatCalendarDay(summary.last_date, i18n.language) })}</li>
          )}
        </ul>
      )}
    </section>
  );
}

function BreakdownCard({ title, rows }: { title: string; rows: { name: string; games: number }[] }) {
  const { t, i18n } = useTranslation("data");
  return (
    <Card>
      <CardHeader title={title} />
      <ul className="max-h-64 divide-y divide-border overflow-y-auto px-5 py-3 sm:px-6">
        {rows.map((row) => (
          <li key={row.name} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 truncate text-fg">{row.name}</span>
            <span className="shrink-0 text-muted tabular-nums">
              {t("gamesCount", { count: row.games, formatted: formatNumber(row.games, i18n.language) })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type UploadState =
  | { step: "idle" }
  | { step: "uploading"; fraction: number }
  | { step: "processing" }
  | { step: "done"; result: MatchImportResult }
  | { step: "failed"; error: UploadError };

function UploadCard({ limit }: { limit: number }) {
  const { t, i18n } = useTranslation("data");
  const { t: tErrors } = useTranslation("errors");
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ step: "idle" });
  const busy = state.step === "uploading" || state.step === "processing";
  const megabytes = formatNumber(Math.floor(limit / 1_048_576), i18n.language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    if (file.size > limit) {
      setState({ step: "failed", error: new UploadError(413, null) });
      return;
    }
    setState({ step: "uploading", fraction: 0 });
    try {
      const result = await uploadMatches(file, (fraction) =>
        setState(fraction >= 1 ? { step: "processing" } : { step: "uploading", fraction }),
      );
      setState({ step: "done", result });
      if (result.status === "imported") await queryClient.invalidateQueries({ queryKey: dataKeys.summary });
    } catch (error) {
      setState({ step: "failed", error: error instanceof UploadError ? error : new UploadError(0, null) });
    }
  };

  const failure = (error: UploadError): string => {
    if (error.status === 413) return t("upload.tooLarge", { size: megabytes });
    if (error.status === 400) return t("upload.notOracles");
    if (error.status === 0) return tErrors("kinds.FETCH_ERROR");
    if (error.body) return tErrors(`codes.${error.body.code}`);
    return t("upload.failed");
  };

  return (
    <Card>
      <CardHeader title={t("upload.title")} description={t("upload.description", { size: megabytes })} />
      <form onSubmit={(event) => void submit(event)} className="space-y-4 px-5 pt-4 pb-5 sm:px-6 sm:pb-6">
        <div>
          <label htmlFor={inputId} className="font-medium text-fg text-sm">
            {t("upload.fileLabel")}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setState({ step: "idle" });
            }}
            className="mt-1.5 block w-full text-fg text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-medium file:text-primary-soft-fg"
          />
          <p id={hintId} className="mt-1 text-muted text-xs">
            {t("upload.hint")}
          </p>
        </div>
        <Button
          type="submit"
          disabled={!file || busy}
          loading={busy}
          leftIcon={<Upload aria-hidden="true" className="size-4" />}
        >
          {t("upload.submit")}
        </Button>
        <div aria-live="polite">
          {state.step === "uploading" && (
            <div>
              <p className="text-fg text-sm">{t("upload.sending")}</p>
              <div
                role="progressbar"
                aria-label={t("upload.sending")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(state.fraction * 100)}
                className="mt-2 h-2 overflow-hidden rounded-full bg-surface-3"
              >
                <div
                  className="h-full bg-primary transition-[width]"
                  style={{ width: `${state.fraction * 100}%` }}
                />
              </div>
            </div>
          )}
          {state.step === "processing" && <p className="text-fg text-sm">{t("upload.processing")}</p>}
          {state.step === "done" && <ImportOutcome result={state.result} />}
          {state.step === "failed" && (
            <p
              role="alert"
              className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-fg text-sm"
            >
              {failure(state.error)}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}

function ImportOutcome({ result }: { result: MatchImportResult }) {
  const { t } = useTranslation("data");
  if (result.status === "imported") {
    return (
      <div className="flex gap-3 rounded-xl border border-success/30 bg-success-soft px-4 py-3 text-fg text-sm">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <p className="font-semibold">
            {t("result.imported", { count: result.imported, added: result.added, replaced: result.replaced })}
          </p>
          {result.unknown_champions.length > 0 && (
            <p className="mt-1 text-muted">
              {t("result.unknown", {
                count: result.unknown_champions.length,
                names: result.unknown_champions.map((entry) => entry.name).join(", "),
              })}
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-fg text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <FileWarning aria-hidden="true" className="size-5 shrink-0 text-danger" />
        {result.problem_count > 0
          ? t("result.rejected", { count: result.problem_count })
          : t("result.noGames")}
      </p>
      {result.problems.length > 0 && (
        <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-6">
          {result.problems.map((problem) => (
            <li key={`${problem.line}-${problem.code}-${problem.message}`}>
              {t("result.problemCode", { line: problem.line, problem: problemText(t, problem) })}
            </li>
          ))}
        </ul>
      )}
      {result.problem_count > result.problems.length && (
        <p className="mt-1 text-muted">
          {t("result.more", { count: result.problem_count - result.problems.length })}
        </p>
      )}
    </div>
  );
}

/** A row problem in the reader's language, from its code and params (the server's English `message` is for the CLI). */
export function problemText(t: TFunction<"data">, problem: MatchImportProblem): string {
  const params: Record<string, string | number> = { ...problem.params, game_id: problem.game_id ?? "" };
  if (params.side === "blue" || params.side === "red") params.side = t(`problemSide.${params.side}`);
  if (typeof params.position === "string")
    params.position = t(`drafts:positions.${params.position}`, { defaultValue: params.position });
  return t(`problem.${problem.code}`, params);
}
