import { ROUTES, type Workspace } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle, Swords } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "@/lib/auth.ts";
import { formatStart } from "@/lib/format.ts";
import { partsOfScrim, useScrimName } from "@/lib/scrim-name.ts";
import { workspaceKeys, workspaceQueries, workspacesApi } from "./api.ts";
import "./i18n-workspaces.d.ts";

export interface NextDraft {
  title: string;
  to: string;
}

/**
 * A player's "start here" in their workspace (issue 31): fill your own pool (done once it has a
 * champion; a player the coach has not put on the roster is told to ask), then the team's next
 * scrim from the ledger's agenda (the one the workspace page lists first), else the draft the team
 * is preparing now. Shown to players only; it disappears once the pool is filled and nothing is
 * coming up, so it never nags.
 */
export function FirstSteps({ workspace, nextDraft }: { workspace: Workspace; nextDraft?: NextDraft | null }) {
  const { t, i18n } = useTranslation("workspaces");
  const { user } = useAuth();
  const nameOf = useScrimName();
  const isPlayer = workspace.role === "player";
  const roster = useQuery({
    queryKey: workspaceKeys.roster(workspace.id),
    queryFn: () => workspacesApi.roster(workspace.id),
    enabled: isPlayer,
  });
  // The same query as the page's agenda: one request for both.
  const agenda = useQuery({ ...workspaceQueries.scrimAgenda(workspace.id), enabled: isPlayer });
  // Decided once both have answered (an agenda that failed just has no scrim): no step flickers.
  if (!isPlayer || !roster.isSuccess || agenda.isPending) return null;
  const me = roster.data.find((player) => player.user_id !== null && player.user_id === user?.id);
  const poolDone = (me?.pool.length ?? 0) > 0;
  const nextScrim = agenda.data?.next[0] ?? null;
  if (poolDone && !nextScrim && !nextDraft) return null;
  const poolsHref = `/app/workspaces/${workspace.id}/pools${me ? `?player=${me.id}` : ""}`;

  return (
    <section
      aria-labelledby="first-steps-title"
      className="rounded-xl border border-primary/30 bg-primary-soft/40 p-4 sm:p-5"
    >
      <h2 id="first-steps-title" className="font-semibold text-base">
        {t("firstSteps.title", { name: workspace.name })}
      </h2>
      <ol className="mt-3 flex flex-col gap-3">
        <li className="flex items-start gap-2.5">
          {poolDone ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          ) : (
            <Circle className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
          )}
          <div className="min-w-0">
            <p className="font-medium">
              {poolDone ? t("firstSteps.poolDone", { count: me?.pool.length ?? 0 }) : t("firstSteps.pool")}
            </p>
            <p className="text-muted text-sm">{me ? t("firstSteps.poolWhy") : t("firstSteps.notOnRoster")}</p>
            {!poolDone && me && (
              <Link to={poolsHref} className="mt-1 inline-block font-semibold text-primary text-sm underline">
                {t("firstSteps.poolAction")}
              </Link>
            )}
          </div>
        </li>
        <li className="flex items-start gap-2.5">
          <Swords className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium">
              {t(nextScrim || !nextDraft ? "firstSteps.next" : "firstSteps.draftNow")}
            </p>
            {nextScrim && (
              <p className="text-sm">
                <Link
                  to={ROUTES.scrim(workspace.id, nextScrim.id)}
                  className="font-semibold text-primary underline"
                >
                  {nameOf(partsOfScrim(nextScrim))}
                </Link>{" "}
                <span className="text-muted">
                  {formatStart(nextScrim.starts_at, nextScrim.time_zone, i18n.language)}
                </span>
              </p>
            )}
            {nextDraft ? (
              <Link to={nextDraft.to} className="font-semibold text-primary text-sm underline">
                {t(nextScrim ? "firstSteps.draftNowOpen" : "firstSteps.nextOpen", { title: nextDraft.title })}
              </Link>
            ) : (
              !nextScrim && <p className="text-muted text-sm">{t("firstSteps.nextNone")}</p>
            )}
          </div>
        </li>
      </ol>
    </section>
  );
}
