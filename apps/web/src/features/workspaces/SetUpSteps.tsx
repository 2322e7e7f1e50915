import type { Workspace } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { useDraftPlans } from "@/lib/draft-plan-list.ts";
import { workspaceQueries } from "./api.ts";
import { hideSetUp, type StepKey, setUpStepsOf } from "./set-up.ts";
import "./i18n-workspaces.d.ts";

/**
 * The staff's "get the team ready" in a new workspace (FirstSteps is the players'): invite the
 * team, put the players on the roster, write a draft plan, plan a scrim. Each step shows to the
 * members who may take it and is ticked from the workspace's own data; the card goes once every
 * step is done, or when the member hides it (for this workspace, in this browser). Nothing shows
 * until every step's data is in, so the card never flashes a step as undone.
 */
export function SetUpSteps({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const [hidden, setHidden] = useState(false);
  const mine = setUpStepsOf(workspace);
  const wanted = (step: StepKey) => !hidden && mine.includes(step);
  const invites = useQuery({ ...workspaceQueries.invites(workspace.id), enabled: wanted("invite") });
  const roster = useQuery({ ...workspaceQueries.roster(workspace.id), enabled: wanted("roster") });
  const plans = useDraftPlans(workspace.id);
  const scrims = useQuery({ ...workspaceQueries.hasScrims(workspace.id), enabled: wanted("scrim") });

  if (hidden || mine.length === 0) return null;
  const { seats } = workspace;
  const done: Record<StepKey, boolean | undefined> = {
    invite: seats.staff_used + seats.roster_used > 1 || (invites.data ? invites.data.length > 0 : undefined),
    roster: roster.data ? roster.data.length > 0 : undefined,
    plan: plans.data ? plans.data.length > 0 : undefined,
    scrim: scrims.data,
  };
  if (mine.some((step) => done[step] === undefined)) return null;
  if (mine.every((step) => done[step])) return null;

  const hide = () => {
    hideSetUp(workspace.id);
    setHidden(true);
  };
  // Where each step is taken: another page, or (the invites) a form further down this one.
  const where: Record<StepKey, string | null> = {
    invite: null,
    roster: `/app/workspaces/${workspace.id}/pools`,
    plan: `/app/draft-plans?workspace=${workspace.id}`,
    scrim: `/app/workspaces/${workspace.id}/scrims`,
  };
  const doneCount = mine.filter((step) => done[step]).length;

  return (
    <section
      aria-labelledby="set-up-title"
      className="rounded-xl border border-primary/30 bg-primary-soft/40 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="set-up-title" className="font-semibold text-base">
          {t("setUp.title")}
        </h2>
        <p className="text-muted text-sm">{t("setUp.progress", { done: doneCount, total: mine.length })}</p>
      </div>
      <ol className="mt-3 flex flex-col gap-3">
        {mine.map((step) => (
          <li key={step} className="flex items-start gap-2.5">
            {done[step] ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
            )}
            <div className="min-w-0">
              <p className="font-medium">
                {t(`setUp.${step}`)}
                <span className="sr-only"> ({done[step] ? t("setUp.stateDone") : t("setUp.stateToDo")})</span>
              </p>
              <p className="text-muted text-sm">{t(`setUp.${step}Why`)}</p>
              {!done[step] && <StepAction to={where[step]} label={t(`setUp.${step}Action`)} />}
            </div>
          </li>
        ))}
      </ol>
      <Button type="button" variant="ghost" size="sm" className="mt-3" onClick={hide}>
        {t("setUp.hide")}
      </Button>
    </section>
  );
}

const actionClass = "mt-1 inline-block font-semibold text-primary text-sm underline";

/** A link to the page where the step is taken, or (no page) a button to the invite form below. */
function StepAction({ to, label }: { to: string | null; label: string }) {
  if (to !== null) {
    return (
      <Link to={to} className={actionClass}>
        {label}
      </Link>
    );
  }
  return (
    <button type="button" onClick={openInvites} className={actionClass}>
      {label}
    </button>
  );
}

/** The invite form is on this page: brought into view with its first field focused, ready to fill. */
function openInvites() {
  const section = document.getElementById("ws-invites")?.closest("section");
  if (!section) return;
  section.scrollIntoView({ block: "start" });
  section.querySelector<HTMLElement>("select, input")?.focus({ preventScroll: true });
}
