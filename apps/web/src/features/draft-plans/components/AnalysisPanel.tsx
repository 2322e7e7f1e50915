import type { Champion, DraftPlan, DraftPlanAnalysis } from "@draftroom/contracts";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { errorMessage } from "@/lib/errors.ts";
import { useDraftPlanMutations } from "../api/draft-plans.ts";
import { answeredOf, SMALL_HISTORY_GAMES, stepWords } from "../drill-words.ts";

const percent = (x: number) => `${Math.round(x * 100)}%`;
const ordinalKey = (n: number) => String(Math.min(Math.max(n, 1), 5)) as "1" | "2" | "3" | "4" | "5";

/**
 * The drill against the modelled opponent in a coach's words: coverage, branch likelihood, silent
 * steps named as "our second pick", every share beside its count and what it is a share of, and a
 * plain warning when the opponent's history is small.
 */
export function AnalysisPanel({ plan, champions }: { plan: DraftPlan; champions: readonly Champion[] }) {
  const { t } = useTranslation("draftPlans");
  const { analyse } = useDraftPlanMutations();
  const [drafts, setDrafts] = useState(100);
  const [side, setSide] = useState<"BLUE" | "RED">(plan.side === "RED" ? "RED" : "BLUE");
  // The side the shown result was drilled for (the select may have moved since).
  const [result, setResult] = useState<(DraftPlanAnalysis & { side: "BLUE" | "RED" }) | null>(null);
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? String(id);
  const labels = new Map<string, string>();
  const walk = (branches: DraftPlan["content"]["branches"]) => {
    for (const b of branches) {
      labels.set(b.id, b.label || b.id);
      walk(b.children);
    }
  };
  walk(plan.content.branches);
  const run = () =>
    analyse.mutate(
      { id: plan.id, body: { drafts, side, seed: 1 } },
      { onSuccess: (data) => setResult({ ...data, side }) },
    );
  return (
    <section
      aria-labelledby="plan-analysis"
      className="rounded-2xl border border-border bg-surface p-4 shadow-card"
    >
      <h2
        id="plan-analysis"
        tabIndex={-1}
        className="flex scroll-mt-20 items-center gap-2 font-semibold text-fg"
      >
        <FlaskConical aria-hidden="true" className="size-4 text-primary" /> {t("analysis.title")}
      </h2>
      <p className="mt-1 text-muted text-sm">{t("analysis.text")}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field label={t("analysis.drafts")}>
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              max={500}
              value={drafts}
              className="w-24"
              onChange={(e) => setDrafts(Math.max(1, Math.min(500, Number(e.target.value) || 1)))}
            />
          )}
        </Field>
        <Field label={t("analysis.side")}>
          {(p) => (
            <NativeSelect {...p} value={side} onChange={(e) => setSide(e.target.value as "BLUE" | "RED")}>
              <option value="BLUE">{t("sideValue.BLUE")}</option>
              <option value="RED">{t("sideValue.RED")}</option>
            </NativeSelect>
          )}
        </Field>
        <Button type="button" onClick={run} disabled={analyse.isPending}>
          {analyse.isPending ? t("analysis.running") : t("analysis.run")}
        </Button>
      </div>
      {analyse.isError && (
        <p role="alert" className="mt-3 text-danger text-sm">
          {errorMessage(analyse.error, t("analysis.failed"))}
        </p>
      )}
      {analyse.isPending && (
        <p role="status" className="mt-3 text-muted text-sm">
          {t("analysis.running")}
        </p>
      )}
      {result && !analyse.isPending && (
        <div className="mt-4 flex flex-col gap-4 text-sm" aria-live="polite">
          <p className="text-muted">
            {result.opponent.games > 0
              ? t("analysis.opponent", {
                  team: result.opponent.name ?? "",
                  count: result.opponent.games,
                  side: result.opponent.side_games,
                })
              : t("analysis.noOpponent")}{" "}
            · {t("analysis.simulated", { count: result.drill.drafts })}
          </p>
          {result.opponent.games > 0 && result.opponent.games < SMALL_HISTORY_GAMES && (
            <p role="note" className="rounded-lg bg-warning-soft px-3 py-2 text-fg">
              {t("analysis.smallHistory", { team: result.opponent.name ?? "", count: result.opponent.games })}
            </p>
          )}
          <div>
            <h3 className="font-semibold text-fg">{t("analysis.coverage")}</h3>
            {result.coverage.share === null ? (
              <p>{t("analysis.coverageNone")}</p>
            ) : (
              <p>
                {t("analysis.coverageValue", {
                  answered: answeredOf(result.coverage.share, result.coverage.likely_picks),
                  likely: result.coverage.likely_picks,
                  drafts: result.coverage.drafts,
                  share: percent(result.coverage.share),
                })}
              </p>
            )}
            {result.coverage.uncovered.length > 0 && (
              <>
                <h4 className="mt-2 font-medium">{t("analysis.uncovered")}</h4>
                <ul className="list-disc ps-5">
                  {result.coverage.uncovered.map((u) => (
                    <li key={u.champion_id}>
                      {t("analysis.uncoveredItem", {
                        name: name(u.champion_id),
                        share: percent(u.share),
                        count: u.count,
                        drafts: result.coverage.drafts,
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div>
            <h3 className="font-semibold text-fg">{t("analysis.likelihood")}</h3>
            <ul className="mt-1 flex flex-col gap-2">
              {result.likelihood.map((l) => {
                const count = result.drill.branches.find((b) => b.id === l.branch_id)?.count ?? 0;
                return (
                  <li key={l.branch_id}>
                    <span className="font-medium">{labels.get(l.branch_id) ?? l.branch_id}</span>:{" "}
                    {t("analysis.branchShare", { share: percent(l.share ?? 0), count, drafts: l.drafts })}
                    {l.evidence.length > 0 && (
                      <ul className="list-disc ps-5 text-muted">
                        {l.evidence.map((e) => (
                          <li key={`${e.champion_id}-${e.action}`}>
                            {t("analysis.evidence", {
                              name: name(e.champion_id),
                              action: t(`condition.${e.action}`),
                              sideCount: e.side_count,
                              sideGames: e.side_games,
                              count: e.count,
                              games: e.games,
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="mt-1 text-muted">
              {t("analysis.mainLine", { count: result.drill.main_line, drafts: result.drill.drafts })}
            </p>
          </div>
          {result.drill.no_answer.length > 0 && (
            <div>
              <h3 className="font-semibold text-fg">{t("analysis.noAnswer")}</h3>
              <ul className="list-disc ps-5">
                {result.drill.no_answer.map((n) => {
                  const words = stepWords(n.step, result.side);
                  return (
                    <li key={n.step}>
                      {t("analysis.noAnswerItem", {
                        step: words
                          ? t(`analysis.step.${words.whose}.${words.action}`, {
                              ordinal: t(`analysis.ordinal.${ordinalKey(words.ordinal)}`),
                            })
                          : "",
                        count: n.count,
                        drafts: result.drill.drafts,
                      })}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
