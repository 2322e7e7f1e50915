import { ROUTES, type ScrimSummary, type Workspace } from "@draftroom/contracts";
import { ArrowLeft, BarChart3, CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { isNotFound } from "@/lib/api.ts";
import { errorMessage, fieldErrors } from "@/lib/errors.ts";
import { formatStart } from "@/lib/format.ts";
import { partsOfScrim, useScrimName } from "@/lib/scrim-name.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { useRoster, useScrimMutations, useScrims, useWorkspace } from "./api.ts";
import { ScrimForm, toCreateBody } from "./ScrimForm.tsx";
import { ScrimScore } from "./ScrimScore.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { resultsDue } from "./time.ts";
import "./i18n-scrims.d.ts";

/**
 * The shelves of the ledger, in the order they show: what waits for the staff's results (its start
 * has passed), what is coming, what was played, what fell through.
 */
export const SCRIM_SHELVES = ["due", "upcoming", "played", "cancelled"] as const;
export type ScrimShelf = (typeof SCRIM_SHELVES)[number];

/** Upcoming soonest first; the others most recent first. */
export function shelve(scrims: readonly ScrimSummary[], now: number): Record<ScrimShelf, ScrimSummary[]> {
  const shelves: Record<ScrimShelf, ScrimSummary[]> = { due: [], upcoming: [], played: [], cancelled: [] };
  for (const scrim of scrims) {
    if (scrim.status === "cancelled") shelves.cancelled.push(scrim);
    else if (scrim.status === "played") shelves.played.push(scrim);
    else if (resultsDue(scrim, now)) shelves.due.push(scrim);
    else shelves.upcoming.push(scrim);
  }
  const at = (s: ScrimSummary) => Date.parse(s.starts_at);
  shelves.upcoming.sort((a, b) => at(a) - at(b));
  for (const shelf of ["due", "played", "cancelled"] as const) shelves[shelf].sort((a, b) => at(b) - at(a));
  return shelves;
}

/** `/app/workspaces/:workspaceId/scrims`: the scrim ledger, grouped like a calendar, and "new scrim". */
export default function ScrimsPage() {
  const { t } = useTranslation("scrims");
  const { workspaceId = "" } = useParams();
  const workspace = useWorkspace(workspaceId);
  if (workspace.isPending) {
    return (
      <div role="status" className="grid min-h-[40dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("loading")}</span>
      </div>
    );
  }
  if (workspace.isError) {
    const missing = isNotFound(workspace.error);
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-6">
        <ErrorState
          title={missing ? t("notFound") : t("error")}
          message={missing ? t("notFoundText") : errorMessage(workspace.error)}
          onRetry={missing ? undefined : () => void workspace.refetch()}
        />
      </div>
    );
  }
  return <ScrimsView workspace={workspace.data} />;
}

function ScrimsView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("scrims");
  const navigate = useNavigate();
  const scrims = useScrims(workspace.id);
  const mayCreate = mayIn(workspace, "edit_scrims");
  const [creating, setCreating] = useState(false);
  const roster = useRoster(workspace.id, creating);
  const { create } = useScrimMutations();
  const now = Date.now();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={ROUTES.workspace(workspace.id)}
            className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {workspace.name}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-fg">{t("title")}</h1>
          <p className="max-w-2xl text-sm text-muted">{t("subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${ROUTES.scrims(workspace.id)}/analytics`}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-border-strong bg-surface px-4 text-sm font-semibold text-fg hover:bg-surface-2"
          >
            <BarChart3 className="size-4" aria-hidden /> {t("analytics.link")}
          </Link>
          {mayCreate && !creating && (
            <Button type="button" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" /> {t("create")}
            </Button>
          )}
        </div>
      </header>
      <AccessNote workspace={workspace} capability="edit_scrims" />
      {creating && (
        <section
          aria-labelledby="scrim-new"
          className="rounded-2xl border border-border bg-surface p-4 shadow-card"
        >
          <h2 id="scrim-new" className="mb-3 text-lg font-bold text-fg">
            {t("form.createTitle")}
          </h2>
          <ScrimForm
            roster={roster.data ?? []}
            pending={create.isPending}
            serverErrors={fieldErrors(create.error)}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(
                { workspaceId: workspace.id, body: toCreateBody(values) },
                {
                  onSuccess: (scrim) => {
                    toast.success(t("created"));
                    navigate(ROUTES.scrim(workspace.id, scrim.id));
                  },
                  onError: (error) => toast.error(errorMessage(error, t("saveFailed"))),
                },
              )
            }
          />
        </section>
      )}
      {scrims.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t("loading")}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-2xl bg-surface-3" />
          ))}
        </div>
      ) : scrims.isError ? (
        <ErrorState
          title={t("error")}
          message={errorMessage(scrims.error)}
          onRetry={() => void scrims.refetch()}
          retrying={scrims.isFetching}
        />
      ) : scrims.data.length === 0 ? (
        <EmptyState
          icon={<CalendarDays />}
          title={t("empty")}
          message={mayCreate ? t("emptyText") : t("emptyTextReadOnly")}
          action={
            mayCreate && !creating ? (
              <Button type="button" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" className="size-4" /> {t("create")}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ScrimShelves workspaceId={workspace.id} scrims={scrims.data} now={now} />
      )}
    </div>
  );
}

/** The ledger's scrims on their shelves, each shelf with its heading and count; empty shelves hide. */
function ScrimShelves({
  workspaceId,
  scrims,
  now,
}: {
  workspaceId: string;
  scrims: readonly ScrimSummary[];
  now: number;
}) {
  const { t, i18n } = useTranslation("scrims");
  const nameOf = useScrimName();
  const shelved = shelve(scrims, now);
  return SCRIM_SHELVES.map((shelf) => {
    const items = shelved[shelf];
    if (items.length === 0) return null;
    return (
      <section key={shelf} aria-labelledby={`shelf-${shelf}`} className="flex flex-col gap-2">
        <h2 id={`shelf-${shelf}`} className="text-lg font-bold text-fg">
          {t(`shelf.${shelf}`)} <span className="text-sm font-normal text-muted">({items.length})</span>
        </h2>
        {shelf === "due" && <p className="text-sm text-muted">{t("shelfDueText")}</p>}
        <ul className="flex flex-col gap-2">
          {items.map((scrim) => (
            <li key={scrim.id}>
              <Link
                to={ROUTES.scrim(workspaceId, scrim.id)}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-border bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-fg">{nameOf(partsOfScrim(scrim))}</span>
                  <span className="text-muted text-sm">
                    {formatStart(scrim.starts_at, scrim.time_zone, i18n.language)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  {scrim.kind === "official" && <Badge tone="accent">{t("kind.official")}</Badge>}
                  <Badge>{t(`mode.${scrim.mode}`)}</Badge>
                  <StatusBadge status={scrim.status} />
                  <span className="tabular-nums text-fg">
                    <ScrimScore score={scrim.score} />
                  </span>
                  <span className="text-muted">
                    {t("gamesPlayed", { played: scrim.games_played, count: scrim.games_count })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  });
}
