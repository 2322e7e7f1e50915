import { ROUTES } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { Eye, Radio } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { draftKeys, draftsApi } from "./api/drafts.ts";
import { DraftBoardLayout } from "./components/DraftBoardLayout.tsx";
import { DraftCompleteChip, DraftProgressBar } from "./components/DraftProgressBar.tsx";
import { DraftTimeline } from "./components/DraftTimeline.tsx";
import { PhaseChip } from "./components/PhaseChip.tsx";
import { Scoreboard } from "./components/Scoreboard.tsx";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { buildBoard, championBoard } from "./utils/board.ts";

/** Refresh period of a draft still in progress. */
const LIVE_REFRESH_MS = 3000;

/** Public, read-only view of a shared draft (`/app/public/draft/{id}`); no sign-in needed. */
export default function PublicDraftPage() {
  const { sessionId = "" } = useParams();
  const { t } = useTranslation("drafts");
  const auth = useAuth();
  const query = useQuery({
    queryKey: draftKeys.publicDraft(sessionId),
    queryFn: () => draftsApi.getPublic(sessionId),
    refetchInterval: (q) => (q.state.data?.session.status === "complete" ? false : LIVE_REFRESH_MS),
    refetchIntervalInBackground: false,
  });
  const data = query.data;
  const board = useMemo(() => {
    if (!data) return null;
    try {
      return buildBoard(data.actions, { format: data.session.format });
    } catch {
      return null;
    }
  }, [data]);
  const championsById = useMemo(() => new Map((data?.champions ?? []).map((c) => [c.id, c])), [data]);
  const names = useTeamNames(data?.session);

  if (query.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <div className="flex flex-col items-center gap-3 text-muted">
          <Spinner size="lg" />
          <span className="text-sm">{t("public.loading")}</span>
        </div>
      </div>
    );
  }
  if (query.isError || !data || !board) {
    const notFound = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorState
          title={notFound ? t("public.notFoundTitle") : t("page.errorTitle")}
          message={notFound ? t("public.notFoundText") : t("page.errorText")}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }

  const { session } = data;
  const view = championBoard(board, names, championsById);
  const next = view.next;

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-6">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="mb-1 inline-flex items-center gap-1.5 rounded-full bg-surface-3 px-2.5 py-0.5 text-[11px] font-semibold text-muted">
            <Eye className="size-3.5" aria-hidden />
            {t("public.badge")}
          </p>
          <h1 className="truncate text-xl font-bold tracking-tight text-fg sm:text-2xl">{session.title}</h1>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
            <PhaseChip
              session={{ current_phase: view.phase, status: view.complete ? "complete" : "in_progress" }}
            />
            {session.league && <span>{session.league.name}</span>}
            <span aria-hidden>·</span>
            <span>{t("public.readOnly")}</span>
          </div>
        </div>
        {view.complete ? (
          <span className="text-xs font-semibold text-muted">{t("public.finished")}</span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-[hsl(152_62%_26%)] dark:text-success">
            <Radio className="size-4 animate-pulse" aria-hidden />
            {t("public.live")}
          </span>
        )}
      </header>

      <Scoreboard
        board={view}
        center={
          next ? (
            <span className="max-w-[160px] text-center text-xs font-semibold text-muted">
              {t("public.waiting", {
                team: names[next.side],
                action: t(next.type === "BAN" ? "actionType.ban" : "actionType.pick"),
              })}
            </span>
          ) : (
            <DraftCompleteChip />
          )
        }
      />
      <DraftProgressBar progress={view.progress} />

      <DraftBoardLayout board={view}>
        <h2 className="text-base font-bold text-fg">
          {view.complete ? t("complete.title") : t("public.timelineTitle")}
        </h2>
        <DraftTimeline board={view} />
      </DraftBoardLayout>

      {!auth.isAuthenticated && (
        <aside className="flex flex-col items-center gap-3 rounded-2xl border border-primary/30 bg-primary-soft/50 p-5 text-center sm:flex-row sm:text-left">
          <p className="flex-1 text-sm font-semibold text-fg">{t("public.cta")}</p>
          <Link to={ROUTES.register} className={buttonClasses("primary", "md")}>
            {t("public.ctaButton")}
          </Link>
        </aside>
      )}
    </div>
  );
}
