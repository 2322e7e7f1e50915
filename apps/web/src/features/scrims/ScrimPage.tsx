import { type Champion, ROUTES, type RosterPlayer, type Scrim, type ScrimGame } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, History, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type LedgerResult, MatchFill } from "@/components/integrations/MatchFill.tsx";
import { TournamentCodes } from "@/components/integrations/TournamentCodes.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { CommentsPanel } from "@/components/workspace/CommentsPanel.tsx";
import { isNotFound } from "@/lib/api.ts";
import { errorMessage, fieldErrors } from "@/lib/errors.ts";
import { formatMoment, formatStart } from "@/lib/format.ts";
import { personLabel } from "@/lib/person.ts";
import { partsOfScrim, useScrimName } from "@/lib/scrim-name.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import {
  scrimKeys,
  scrimsApi,
  useChampions,
  useRoster,
  useScrim,
  useScrimMutations,
  useScrimTags,
  useWorkspace,
} from "./api.ts";
import { DraftLogger } from "./DraftLogger.tsx";
import { ResultForm } from "./ResultForm.tsx";
import { ReviewForm } from "./ReviewForm.tsx";
import { ScrimForm, toUpdateBody } from "./ScrimForm.tsx";
import { ScrimScore } from "./ScrimScore.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { formatDuration, resultsDue } from "./time.ts";
import "./i18n-scrims.d.ts";

/** `/app/workspaces/:workspaceId/scrims/:scrimId`: one scrim, its games, results and verdicts. */
export default function ScrimPage() {
  const { t } = useTranslation("scrims");
  const { workspaceId = "", scrimId = "" } = useParams();
  const scrim = useScrim(scrimId);
  if (scrim.isPending) {
    return (
      <div role="status" className="grid min-h-[40dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("loading")}</span>
      </div>
    );
  }
  // Another workspace's scrim answers 404, like one that does not exist: the same message.
  if (scrim.isError || scrim.data.workspace_id !== workspaceId) {
    const missing = !scrim.isError || isNotFound(scrim.error);
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-6">
        <ErrorState
          title={missing ? t("scrim.notFound") : t("scrim.error")}
          message={missing ? t("scrim.notFoundText") : errorMessage(scrim.error)}
          onRetry={missing ? undefined : () => void scrim.refetch()}
        />
      </div>
    );
  }
  return <ScrimView scrim={scrim.data} />;
}

function ScrimView({ scrim }: { scrim: Scrim }) {
  const { t, i18n } = useTranslation("scrims");
  const nameOf = useScrimName();
  const navigate = useNavigate();
  const workspace = useWorkspace(scrim.workspace_id);
  const roster = useRoster(scrim.workspace_id);
  const champions = useChampions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { update, remove } = useScrimMutations();
  const staff = mayIn(workspace.data ?? null, "edit_scrims");

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-col gap-2">
        <Link
          to={ROUTES.scrims(scrim.workspace_id)}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t("title")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-fg">{nameOf(partsOfScrim(scrim))}</h1>
            <p className="text-sm text-muted">
              {formatStart(scrim.starts_at, scrim.time_zone, i18n.language)}
            </p>
            <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
              <StatusBadge status={scrim.status} />
              {resultsDue(scrim, Date.now()) && <Badge tone="warning">{t("resultsDue")}</Badge>}
              <Badge>{t(`kind.${scrim.kind}`)}</Badge>
              <Badge>{t(`mode.${scrim.rules.mode}`)}</Badge>
              {scrim.rules.first_selection && (
                <Badge tone="info">
                  {t(
                    `firstSelection.${scrim.rules.first_selection.by}_${scrim.rules.first_selection.choice}`,
                  )}
                </Badge>
              )}
              {scrim.patch && <Badge>{t("patchValue", { patch: scrim.patch })}</Badge>}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <p className="text-3xl font-extrabold tabular-nums text-fg">
              <ScrimScore score={scrim.score} />
            </p>
            {scrim.can_edit && !editing && (
              <>
                <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden /> {t("scrim.edit")}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t("scrim.delete")}
                  onClick={() => setDeleting(true)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </>
            )}
          </div>
        </div>
        {(scrim.opponent.contact_note || scrim.notes) && !editing && (
          <dl className="grid gap-1 rounded-2xl border border-border bg-surface p-3 text-sm sm:grid-cols-2">
            {scrim.opponent.contact_note && (
              <div>
                <dt className="text-muted">{t("form.contactNote")}</dt>
                <dd className="whitespace-pre-wrap text-fg">{scrim.opponent.contact_note}</dd>
              </div>
            )}
            {scrim.notes && (
              <div>
                <dt className="text-muted">{t("form.notes")}</dt>
                <dd className="whitespace-pre-wrap text-fg">{scrim.notes}</dd>
              </div>
            )}
          </dl>
        )}
      </header>
      {editing && (
        <section
          aria-labelledby="scrim-edit"
          className="rounded-2xl border border-border bg-surface p-4 shadow-card"
        >
          <h2 id="scrim-edit" className="mb-3 text-lg font-bold text-fg">
            {t(scrim.kind === "official" ? "form.editOfficialTitle" : "form.editTitle")}
          </h2>
          <ScrimForm
            scrim={scrim}
            roster={roster.data ?? []}
            pending={update.isPending}
            serverErrors={fieldErrors(update.error)}
            onCancel={() => setEditing(false)}
            onSubmit={(values) =>
              update.mutate(
                { id: scrim.id, body: toUpdateBody(values) },
                {
                  onSuccess: () => {
                    toast.success(t("saved"));
                    setEditing(false);
                  },
                  onError: (error) => toast.error(errorMessage(error, t("saveFailed"))),
                },
              )
            }
          />
        </section>
      )}
      {scrim.series_id && (
        <Link
          to={ROUTES.seriesPage(scrim.series_id)}
          className="inline-flex w-fit items-center gap-2 rounded-xl border border-border bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-2"
        >
          <ExternalLink className="size-4" aria-hidden /> {t("scrim.series")}
        </Link>
      )}
      <section aria-labelledby="scrim-games" className="flex flex-col gap-3">
        <h2 id="scrim-games" className="text-lg font-bold text-fg">
          {t("scrim.games")}
        </h2>
        <ol className="flex flex-col gap-3">
          {scrim.games.map((game) => (
            <li key={game.id}>
              <GameCard
                scrim={scrim}
                game={game}
                staff={staff}
                roster={roster.data ?? []}
                champions={champions.data ?? []}
              />
            </li>
          ))}
        </ol>
      </section>
      {scrim.status !== "cancelled" && (
        <TournamentCodes
          workspaceId={scrim.workspace_id}
          scrimId={scrim.id}
          games={scrim.games_count}
          mayMake={staff}
        />
      )}
      <CommentsPanel type="scrim" id={scrim.id} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("scrim.deleteTitle")}
        message={t("scrim.deleteText")}
        confirmLabel={t("scrim.delete")}
        destructive
        onConfirm={() =>
          remove.mutate(scrim.id, {
            onSuccess: () => {
              toast.success(t("deleted"));
              navigate(ROUTES.scrims(scrim.workspace_id));
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </div>
  );
}

type Panel = "none" | "result" | "review" | "log" | "history";

function GameCard({
  scrim,
  game,
  staff,
  roster,
  champions,
}: {
  scrim: Scrim;
  game: ScrimGame;
  staff: boolean;
  roster: RosterPlayer[];
  champions: Champion[];
}) {
  const { t, i18n } = useTranslation("scrims");
  const [panel, setPanel] = useState<Panel>("none");
  const { t: ti } = useTranslation("integrations");
  /** The Riot game the staff chose to fill the result form with (decision 057). */
  const [filled, setFilled] = useState<{ result: LedgerResult; matchId: string } | null>(null);
  useEffect(() => {
    if (panel !== "result") setFilled(null);
  }, [panel]);
  const { saveResult, saveReview, logDraft } = useScrimMutations();
  const tags = useScrimTags(scrim.workspace_id);
  const names = new Map(champions.map((c) => [c.id, c.name]));
  const name = (id: number | null) => (id === null ? t("log.noBan") : (names.get(id) ?? `#${id}`));
  const toggle = (next: Panel) => setPanel((current) => (current === next ? "none" : next));
  const headingId = `game-${game.id}`;
  const picks = (side: "BLUE" | "RED") => game.draft.filter((s) => s.type === "PICK" && s.side === side);
  const bans = (side: "BLUE" | "RED") => game.draft.filter((s) => s.type === "BAN" && s.side === side);
  const roomLink = game.room_id ? `/app/room/${game.room_id}` : null;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-4 shadow-card"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-bold text-fg">
          {t("game.title", { number: game.number })}
        </h3>
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <Badge
            tone={game.status === "played" ? "success" : game.status === "scheduled" ? "neutral" : "warning"}
          >
            {t(`gameStatus.${game.status}`)}
          </Badge>
          {game.result?.winner && (
            <Badge tone={game.result.winner === "us" ? "success" : "danger"}>
              {game.result.winner === "us" ? t("game.win") : t("game.loss")}
            </Badge>
          )}
          {game.our_side && (
            <Badge tone={game.our_side === "BLUE" ? "blue" : "red"}>{t(`side.${game.our_side}`)}</Badge>
          )}
          {game.verdict && <Badge tone="accent">{t(`verdict.${game.verdict}`)}</Badge>}
        </div>
      </header>

      {game.draft.length > 0 ? (
        <div className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {(["BLUE", "RED"] as const).map((side) => (
            <div key={side} className={side === "BLUE" ? "text-team-blue" : "text-team-red"}>
              <p className="font-semibold">
                {t(`side.${side}`)} {game.our_side === side ? `(${t("team.us")})` : ""}
              </p>
              <p className="text-fg">
                {picks(side)
                  .map((s) => name(s.champion_id))
                  .join(", ") || "–"}
              </p>
              <p className="text-xs text-muted">
                {t("game.bans")}:{" "}
                {bans(side)
                  .map((s) => name(s.champion_id))
                  .join(", ") || "–"}
              </p>
            </div>
          ))}
          <p className="text-xs text-muted sm:col-span-2">
            {t(`draftSource.${game.draft_source ?? "room"}`)}
            {!game.draft_complete && ` · ${t("game.draftUnfinished")}`}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("game.noDraft")}</p>
      )}

      {game.result && (
        <dl className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-surface-2 p-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">{t("result.duration")}</dt>
            <dd className="tabular-nums text-fg">{formatDuration(game.result.duration_seconds)}</dd>
          </div>
          {game.result.figures.kills_us !== undefined && (
            <div>
              <dt className="text-muted">{t("game.kills")}</dt>
              <dd className="tabular-nums text-fg">
                {game.result.figures.kills_us}–{game.result.figures.kills_them ?? "?"}
              </dd>
            </div>
          )}
          {game.result.figures.gold_diff_at_15 !== undefined && (
            <div>
              <dt className="text-muted">{t("figures.gold_diff_at_15")}</dt>
              <dd className="tabular-nums text-fg">{game.result.figures.gold_diff_at_15}</dd>
            </div>
          )}
          <div className="col-span-2 sm:col-span-4">
            <dt className="sr-only">{t("game.source")}</dt>
            <dd className="text-xs text-muted">
              {game.result.source === "imported"
                ? t("game.sourceImported", { provider: game.result.provider ?? "?" })
                : t("game.sourceTyped", {
                    who: game.result.entered_by ? personLabel(game.result.entered_by) : t("game.someone"),
                    date: formatMoment(game.result.entered_at, i18n.language),
                  })}
              {game.result.corrections > 0 &&
                ` · ${t("game.corrections", { count: game.result.corrections })}`}
            </dd>
          </div>
          {game.result.players.length > 0 && (
            <div className="col-span-2 sm:col-span-4">
              <dt className="sr-only">{t("result.players")}</dt>
              <dd>
                <ul className="grid gap-1 text-xs sm:grid-cols-5">
                  {game.result.players.map((line) => (
                    <li key={line.position} className="text-fg">
                      <span className="text-muted">{t(`position.${line.position}`)}</span>{" "}
                      {line.champion_id === null ? "–" : name(line.champion_id)}{" "}
                      <span className="tabular-nums">
                        {line.kills}/{line.deaths}/{line.assists}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      )}
      {(game.tags.length > 0 || game.plan) && (
        <p className="mt-2 flex flex-wrap gap-1.5 text-xs">
          {game.tags.map((tag) => (
            <Badge key={tag} tone="primary">
              {tag}
            </Badge>
          ))}
          {game.plan && (
            <Badge tone="secondary">
              {t("game.plan", { plan: game.plan.name, branch: game.plan.branch_label ?? t("review.root") })}
            </Badge>
          )}
        </p>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        {roomLink && !game.draft_complete && (
          <Link
            to={roomLink}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg bg-primary px-3 text-sm font-semibold text-primary-fg hover:bg-primary-hover"
          >
            <ExternalLink className="size-4" aria-hidden /> {t("game.openRoom")}
          </Link>
        )}
        {game.session_id && game.draft_complete && (
          <Link
            to={ROUTES.draftSession(game.session_id)}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-border-strong px-3 text-sm font-semibold text-fg hover:bg-surface-2"
          >
            {t("game.openDraft")}
          </Link>
        )}
        {game.can_enter_result && (
          <Button
            type="button"
            variant={game.result ? "outline" : "primary"}
            aria-expanded={panel === "result"}
            onClick={() => toggle("result")}
          >
            {game.result ? t("game.correct") : t("game.enterResult")}
          </Button>
        )}
        {staff && (
          <Button
            type="button"
            variant="outline"
            aria-expanded={panel === "review"}
            onClick={() => toggle("review")}
          >
            {t("game.review")}
          </Button>
        )}
        {staff && !game.session_id && (
          <Button
            type="button"
            variant="outline"
            aria-expanded={panel === "log"}
            onClick={() => toggle("log")}
          >
            {t("game.logDraft")}
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          aria-expanded={panel === "history"}
          onClick={() => toggle("history")}
        >
          <History className="size-4" aria-hidden /> {t("game.history")}
        </Button>
      </div>

      {panel === "result" && (
        <div className="mt-4 flex flex-col gap-4 border-t border-border pt-4">
          {staff && (
            <MatchFill
              workspaceId={scrim.workspace_id}
              scrimId={scrim.id}
              gameId={game.id}
              championName={(id) => names.get(id) ?? `#${id}`}
              onFill={(result, matchId) => setFilled({ result, matchId })}
            />
          )}
          {filled && (
            <p role="status" className="text-fg text-sm">
              {ti("match.filled", { id: filled.matchId })}
            </p>
          )}
          <ResultForm
            // A chosen Riot game starts the form again from its values.
            key={filled?.matchId ?? "typed"}
            filled={filled}
            game={game}
            roster={roster}
            champions={champions}
            pending={saveResult.isPending}
            onCancel={() => setPanel("none")}
            onSubmit={(body) =>
              saveResult.mutate(
                { id: scrim.id, gameId: game.id, body },
                {
                  onSuccess: () => {
                    toast.success(game.result ? t("result.corrected") : t("result.saved"));
                    setPanel("none");
                  },
                  onError: (error) => toast.error(errorMessage(error, t("saveFailed"))),
                },
              )
            }
          />
        </div>
      )}
      {panel === "review" && (
        <div className="mt-4 border-t border-border pt-4">
          <ReviewForm
            game={game}
            workspaceId={scrim.workspace_id}
            suggestions={tags.data ?? []}
            pending={saveReview.isPending}
            onCancel={() => setPanel("none")}
            onSubmit={(body) =>
              saveReview.mutate(
                { id: scrim.id, gameId: game.id, body },
                {
                  onSuccess: () => {
                    toast.success(t("review.saved"));
                    setPanel("none");
                  },
                  onError: (error) => toast.error(errorMessage(error, t("saveFailed"))),
                },
              )
            }
          />
        </div>
      )}
      {panel === "log" && (
        <div className="mt-4 border-t border-border pt-4">
          <DraftLogger
            rules={scrim.rules}
            champions={champions}
            pending={logDraft.isPending}
            onCancel={() => setPanel("none")}
            onSubmit={(body) =>
              logDraft.mutate(
                { id: scrim.id, gameId: game.id, body },
                {
                  onSuccess: () => {
                    toast.success(t("log.saved"));
                    setPanel("none");
                  },
                  onError: (error) => toast.error(errorMessage(error, t("saveFailed"))),
                },
              )
            }
          />
        </div>
      )}
      {panel === "history" && <GameHistory scrimId={scrim.id} gameId={game.id} />}
    </article>
  );
}

/** The game's audit trail: who entered or corrected what, when. */
function GameHistory({ scrimId, gameId }: { scrimId: string; gameId: string }) {
  const { t, i18n } = useTranslation("scrims");
  const history = useQuery({
    queryKey: scrimKeys.history(scrimId, gameId),
    queryFn: () => scrimsApi.history(scrimId, gameId),
  });
  return (
    <div className="mt-4 border-t border-border pt-4 text-sm">
      {history.isPending ? (
        <p role="status" className="text-muted">
          {t("loading")}
        </p>
      ) : history.isError ? (
        <ErrorState title={t("game.historyError")} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-muted">{t("game.historyEmpty")}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {history.data.map((entry) => (
            <li key={`${entry.at}-${entry.action}`} className="text-fg">
              <span className="text-muted">{formatMoment(entry.at, i18n.language)}</span> ·{" "}
              {t(`audit.${entry.action}`, {
                who: entry.actor ? personLabel(entry.actor) : t("game.someone"),
              })}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
