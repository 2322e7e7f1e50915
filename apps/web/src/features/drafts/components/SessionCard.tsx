import type { DraftSession } from "@draftroom/contracts";
import { ROUTES } from "@draftroom/contracts";
import { formatStepCount } from "@draftroom/draft";
import { ExternalLink, Pencil, Radio, Share2, Trash2, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TeamLink } from "@/components/team/TeamLink.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { PhaseChip } from "./PhaseChip.tsx";

export interface SessionCardProps {
  session: DraftSession;
  onShare: (session: DraftSession) => void;
  /** Absent when the member may not change the session (as Delete and Live room). */
  onEdit?: ((session: DraftSession) => void) | undefined;
  onDelete?: ((session: DraftSession) => void) | undefined;
  /** Opens the session's live room (captain links, spectators). */
  onLiveRoom?: ((session: DraftSession) => void) | undefined;
}

export function teamNames(session: DraftSession, fallbackBlue: string, fallbackRed: string) {
  return {
    blue: session.blue_team?.name || session.blue_team_name || fallbackBlue,
    red: session.red_team?.name || session.red_team_name || fallbackRed,
  };
}

/** One session in the list: title, phase, league, teams, age and its actions. */
export function SessionCard({ session, onShare, onEdit, onDelete, onLiveRoom }: SessionCardProps) {
  const { t, i18n } = useTranslation("drafts");
  const names = teamNames(session, t("team.blue"), t("team.red"));
  const steps = formatStepCount(session.format);
  const progress = Math.min(100, Math.max(0, (session.current_step / steps) * 100));
  const winnerName = session.winner === "BLUE" ? names.blue : session.winner === "RED" ? names.red : null;
  return (
    <article
      aria-labelledby={`session-${session.id}`}
      className="group flex flex-col rounded-2xl border border-border bg-surface shadow-card transition-[border-color,box-shadow] hover:border-border-strong hover:shadow-pop dark:bg-surface/80"
    >
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`session-${session.id}`} className="min-w-0 text-base font-semibold tracking-tight text-fg">
            <Link
              to={ROUTES.draftSession(session.id)}
              className="line-clamp-2 rounded-sm break-words hover:text-primary"
            >
              {session.title}
            </Link>
          </h2>
          <PhaseChip session={session} className="shrink-0" />
        </div>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">
          {session.league?.name ?? t("card.notApplicable")}
        </p>
        <div className="flex items-center gap-2 text-sm">
          <span className="flex min-w-0 flex-1 items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-team-blue" />
            <TeamLink
              id={session.blue_team?.id}
              name={names.blue}
              className="truncate font-semibold text-fg"
            />
          </span>
          <span className="shrink-0 text-xs font-bold text-muted uppercase">{t("card.versus")}</span>
          <span className="flex min-w-0 flex-1 items-center justify-end gap-1.5">
            <TeamLink
              id={session.red_team?.id}
              name={names.red}
              className="truncate text-right font-semibold text-fg"
            />
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-team-red" />
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <div
            className="h-1.5 overflow-hidden rounded-full bg-surface-3"
            role="progressbar"
            aria-label={t("card.progress", { count: session.current_step, total: steps })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <div
              className={cn(
                "h-full rounded-full",
                session.status === "complete" ? "bg-success" : "bg-primary",
              )}
              style={{ width: `${progress}%` }}
            />
          </div>
          <div className="flex items-center justify-between gap-2 text-xs text-muted">
            <span>{t("card.progress", { count: session.current_step, total: steps })}</span>
            {winnerName && (
              <span className="inline-flex items-center gap-1 font-semibold text-accent-soft-fg">
                <Trophy className="size-3.5" aria-hidden />
                {t("card.winner", { team: winnerName })}
              </span>
            )}
          </div>
        </div>
        <p className="mt-auto text-xs text-muted">
          <time dateTime={session.created_at}>
            {t("card.createdAgo", {
              time: formatRelativeTime(session.created_at, i18n.resolvedLanguage ?? "en"),
            })}
          </time>
        </p>
      </div>
      <div className="flex items-center gap-1 border-t border-border px-3 py-2.5 sm:px-4">
        <Link
          to={ROUTES.draftSession(session.id)}
          aria-label={t("card.openLabel", { title: session.title })}
          className={buttonClasses("soft", "sm", "mr-auto")}
        >
          <ExternalLink className="size-4" aria-hidden />
          {t("card.open")}
        </Link>
        {onLiveRoom && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onLiveRoom(session)}
            aria-label={t("room.openLabel", { title: session.title })}
            title={t("room.open")}
          >
            <Radio className="size-4" aria-hidden />
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onShare(session)}
          aria-label={t("card.shareLabel", { title: session.title })}
          leftIcon={<Share2 className="size-4" aria-hidden />}
        >
          <span className="hidden xs:inline">{t("card.share")}</span>
        </Button>
        {onEdit && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(session)}
            aria-label={t("card.editLabel", { title: session.title })}
            title={t("card.edit")}
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
        )}
        {onDelete && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(session)}
            aria-label={t("card.deleteLabel", { title: session.title })}
            title={t("card.delete")}
            className="text-[hsl(354_72%_40%)] dark:text-danger hover:bg-danger-soft"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </article>
  );
}
