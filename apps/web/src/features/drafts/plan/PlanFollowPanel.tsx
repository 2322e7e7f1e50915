import type { Champion, DraftPlanLive } from "@draftroom/contracts";
import { type DraftPlanContent, type DraftState, matchPlan, type Side } from "@draftroom/draft";
import { ClipboardList, Lock } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { errorMessage } from "@/lib/errors.ts";
import { winConfidence } from "@/lib/win-words.ts";
import { useChampionPositions } from "../hooks/useChampionPositions.ts";
import { type PlanTarget, usePlanLive, usePlanLiveMutations, useReadablePlans } from "./api.ts";
import { publishPlanIntent } from "./plan-intent.ts";

/**
 * The draft plan a board follows (decision 027): pick a plan (a signed-in reader of it), then see
 * the active branch as the draft goes, the plan's next action (also marked in the grid and first
 * in the suggestions), "off plan since our pick N", and after the draft, plan vs actual (saved
 * with the session). Everything is computed here from the board's own draft (`matchPlan`); the
 * server only hands the plan to this team's seats.
 */
export function PlanFollowPanel({
  target,
  state,
  side: fixedSide,
  championsById,
  signal = 0,
  mayChange = true,
  className,
}: {
  target: PlanTarget;
  /** The board's draft (null while loading). */
  state: DraftState | null;
  /** A room team's side (fixed); a session board chooses it. */
  side?: Side | null;
  championsById: ReadonlyMap<number, Champion>;
  /** Placement classes from the page (a phone shows the board first). */
  className?: string;
  /** Bumped when the team channel says the plan changed. */
  signal?: number;
  /**
   * Whether the caller may choose the plan and save plan vs actual (a workspace role with
   * `edit_drafts`); a reader sees what is followed and the saved review, nothing to click.
   */
  mayChange?: boolean;
}) {
  const { t } = useTranslation("draftPlans");
  const auth = useAuth();
  const positions = useChampionPositions();
  const live = usePlanLive(target, signal);
  const selection = live.data ?? null;
  const plans = useReadablePlans(auth.isAuthenticated && mayChange);
  const { select, review } = usePlanLiveMutations(target);
  const side: Side = fixedSide ?? selection?.side ?? "BLUE";
  const name = (id: number | null) =>
    id === null ? t("live.skip") : (championsById.get(id)?.name ?? `#${id}`);

  const match = useMemo(() => {
    if (!selection || !state) return null;
    return matchPlan(selection.plan.content as DraftPlanContent, state, side, {
      positions: positions ?? null,
    });
  }, [selection, state, side, positions]);
  const complete = state !== null && state.actions.length >= state.format.steps.length;

  // Our turn now: the plan's action is marked in the grid and first in the suggestions.
  useEffect(() => {
    const next = match?.next;
    const onClock = state && match && match.next_step === state.actions.length;
    publishPlanIntent(
      next && onClock
        ? { step: match.next_step!, championId: next.champion_id, action: next.action, note: next.note }
        : null,
    );
  }, [match, state]);
  useEffect(() => () => publishPlanIntent(null), []);

  // After the draft, plan vs actual is saved once with the session.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!mayChange || !complete || !selection || selection.review || review.isPending) return;
    const key = `${selection.plan.id}:${selection.selected_at}`;
    if (asked.current === key) return;
    asked.current = key;
    review.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, t("live.reviewFailed"))),
    });
  }, [mayChange, complete, selection, review, t]);

  const choose = (planId: string | null, nextSide: Side) =>
    select.mutate(
      { planId, side: nextSide },
      { onError: (error) => toast.error(errorMessage(error, t("live.failed"))) },
    );

  const labels = new Map((selection?.branches ?? []).map((b) => [b.id, b.label || b.id]));
  const ordinal = (step: number, type: "BAN" | "PICK") =>
    state
      ? state.format.steps.slice(0, step + 1).filter((s) => s.side === side && s.type === type).length
      : step + 1;
  const action = (type: "BAN" | "PICK") => t(`live.action.${type}`);

  // A seat without an account, or a reader, with no plan followed has nothing to see or do here.
  if ((!auth.isAuthenticated || !mayChange) && !selection) return null;
  return (
    <section
      aria-labelledby="plan-follow-title"
      data-testid="plan-follow"
      className={cn(
        "flex flex-col gap-2 rounded-xl border border-accent/40 bg-surface-2/70 p-3 text-sm",
        className,
      )}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="plan-follow-title" className="flex items-center gap-1.5 font-bold text-fg">
          <ClipboardList className="size-4 text-accent" aria-hidden />
          {t("live.title")}
        </h2>
        <span className="flex items-center gap-1 text-xs text-muted">
          <Lock className="size-3" aria-hidden />
          {t("live.private")}
        </span>
        {auth.isAuthenticated && mayChange ? (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <NativeSelect
              aria-label={t("live.choose")}
              className="max-w-full sm:max-w-80"
              value={selection?.plan.id ?? ""}
              disabled={select.isPending || plans.isPending}
              onChange={(e) => choose(e.target.value || null, side)}
            >
              <option value="">{plans.isPending ? t("live.loading") : t("live.none")}</option>
              {selection && !plans.data?.some((p) => p.id === selection.plan.id) && (
                <option value={selection.plan.id}>{selection.plan.name}</option>
              )}
              {plans.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.owner ? `${p.name} · ${p.owner}` : p.name}
                </option>
              ))}
            </NativeSelect>
            {target.kind === "session" && (
              <NativeSelect
                aria-label={t("live.side")}
                value={side}
                disabled={!selection || select.isPending}
                onChange={(e) => selection && choose(selection.plan.id, e.target.value as Side)}
              >
                <option value="BLUE">{t("sideValue.BLUE")}</option>
                <option value="RED">{t("sideValue.RED")}</option>
              </NativeSelect>
            )}
          </div>
        ) : selection ? (
          <p className="ml-auto text-xs text-muted">
            {selection.plan.name} · {t(`sideValue.${side}`)}
          </p>
        ) : (
          <p className="text-xs text-muted">{t("live.signIn")}</p>
        )}
      </header>
      {selection && match && (
        <div className="flex flex-col gap-1.5">
          <p>
            <span className="font-semibold">{t("live.branch")}: </span>
            <span data-testid="plan-active-branch">
              {match.path.length > 0
                ? match.path.map((id) => labels.get(id) ?? id).join(" › ")
                : t("live.mainLine")}
            </span>
          </p>
          {!complete &&
            (match.next ? (
              <p data-testid="plan-next" className="font-semibold text-fg">
                {t(match.next_step === state?.actions.length ? "live.next" : "live.waiting", {
                  action: action(match.next.action),
                  name: name(match.next.champion_id),
                })}
                {match.next.note && <span className="font-normal text-muted"> · {match.next.note}</span>}
              </p>
            ) : (
              match.next_step !== null && <p className="text-muted">{t("live.nextNone")}</p>
            ))}
          <p
            data-testid="plan-status"
            className={cn(
              "w-fit rounded-md px-2 py-0.5 text-xs font-bold",
              match.off_plan ? "bg-warning-soft text-fg ring-1 ring-warning" : "bg-success/15 text-fg",
            )}
          >
            {match.off_plan
              ? t("live.offPlan", {
                  action: action(match.off_plan.action_type),
                  n: ordinal(match.off_plan.step, match.off_plan.action_type),
                })
              : t("live.onPlan")}
          </p>
          {match.off_plan && (
            <p className="text-xs text-muted">
              {t("live.offPlanDetail", {
                intended: name(match.off_plan.intended),
                actual: name(match.off_plan.actual),
              })}
            </p>
          )}
          {match.no_answer_steps.length > 0 && (
            <p className="text-xs text-muted">
              {t("live.noAnswer", { count: match.no_answer_steps.length })}
            </p>
          )}
        </div>
      )}
      {selection && complete && (
        <PlanReview
          selection={selection}
          name={name}
          ordinal={ordinal}
          action={action}
          saving={review.isPending}
        />
      )}
    </section>
  );
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

function PlanReview({
  selection,
  name,
  ordinal,
  action,
  saving,
}: {
  selection: DraftPlanLive;
  name: (id: number | null) => string;
  ordinal: (step: number, type: "BAN" | "PICK") => number;
  action: (type: "BAN" | "PICK") => string;
  saving: boolean;
}) {
  const { t } = useTranslation("draftPlans");
  const { t: tc } = useTranslation();
  const review = selection.review;
  if (!review) return <p className="text-muted">{saving ? t("live.reviewSaving") : null}</p>;
  const labels = new Map(selection.branches.map((b) => [b.id, b.label || b.id]));
  // A sentence with a plain confidence word; the range stays in the title for those who ask.
  const win = (w: NonNullable<typeof review.final_win>) => ({
    ours: percent(w.ours),
    confidence: tc(`winConfidence.${winConfidence(w)}`),
    games: w.games,
  });
  const range = (w: NonNullable<typeof review.final_win>) =>
    t("live.winRange", { low: percent(w.low), high: percent(w.high) });
  return (
    <div data-testid="plan-review" className="flex flex-col gap-1 border-t border-border pt-2">
      <h3 className="font-semibold text-fg">{t("live.review")}</h3>
      <p>
        {review.taken.length > 0
          ? t("live.taken", { list: review.taken.map((id) => labels.get(id) ?? id).join(", ") })
          : t("live.takenNone")}
      </p>
      {review.off_plan ? (
        <p>
          {t("live.leftAt", {
            action: action(review.off_plan.action_type),
            n: ordinal(review.off_plan.step, review.off_plan.action_type),
            intended: name(review.off_plan.intended),
            actual: name(review.off_plan.actual),
          })}
        </p>
      ) : (
        <p>{t("live.stayed")}</p>
      )}
      {review.at_off_plan && (
        <>
          {review.at_off_plan.recommendations.length > 0 && (
            <p>
              {t("live.recommendedThen", {
                list: review.at_off_plan.recommendations.map((r) => name(r.champion_id)).join(", "),
              })}
            </p>
          )}
          <p>
            {review.at_off_plan.win ? (
              <span title={range(review.at_off_plan.win)}>
                {t("live.winThen", win(review.at_off_plan.win))}
              </span>
            ) : (
              t("live.winUnknown")
            )}
          </p>
        </>
      )}
      {review.final_win && <p title={range(review.final_win)}>{t("live.winFinal", win(review.final_win))}</p>}
    </div>
  );
}
