import type { Champion, DraftPlanSummary } from "@draftroom/contracts";
import { Scale } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { errorMessage } from "@/lib/errors.ts";
import { useFearlessBudget } from "../api/draft-plans.ts";

const GAMES = [1, 2, 3, 4, 5] as const;

/** A fearless series' budget: one plan per game, what each spends, and the warnings. */
export function FearlessBudgetPanel({
  plans,
  champions,
}: {
  plans: readonly DraftPlanSummary[];
  champions: readonly Champion[];
}) {
  const { t } = useTranslation("draftPlans");
  const budget = useFearlessBudget();
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? String(id);
  const games = GAMES.filter((g) => chosen[g]).map((g) => ({ game: g, plan_id: chosen[g]! }));
  return (
    <section
      aria-labelledby="fearless-budget"
      className="mt-8 rounded-2xl border border-border bg-surface p-4 shadow-card"
    >
      <h2 id="fearless-budget" className="flex items-center gap-2 font-semibold text-fg">
        <Scale aria-hidden="true" className="size-4 text-primary" /> {t("budget.title")}
      </h2>
      <p className="mt-1 text-muted text-sm">{t("budget.text")}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-5">
        {GAMES.map((g) => (
          <Field key={g} label={t("budget.game", { game: g })}>
            {(p) => (
              <NativeSelect
                {...p}
                value={chosen[g] ?? ""}
                onChange={(e) => setChosen((c) => ({ ...c, [g]: e.target.value }))}
              >
                <option value="">{t("budget.none")}</option>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ))}
      </div>
      <Button
        type="button"
        className="mt-3"
        disabled={games.length === 0 || budget.isPending}
        onClick={() => budget.mutate(games)}
      >
        {t("budget.check")}
      </Button>
      {budget.isError && (
        <p role="alert" className="mt-3 text-danger text-sm">
          {errorMessage(budget.error)}
        </p>
      )}
      {budget.data && (
        <div className="mt-4 flex flex-col gap-3 text-sm" aria-live="polite">
          {budget.data.warnings.length === 0 ? (
            <p>{t("budget.noWarnings")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {budget.data.warnings.map((w) => (
                <li key={`${w.game}-${w.champion_id}`} className="text-danger">
                  {t(w.certainty === "spends" ? "budget.warning" : "budget.warningMaybe", {
                    game: w.game,
                    name: name(w.champion_id),
                    spent: w.spent_in,
                  })}
                </li>
              ))}
            </ul>
          )}
          <ul className="grid gap-2 sm:grid-cols-2">
            {budget.data.games.map((g) => (
              <li key={g.game} className="rounded-xl border border-border p-3">
                <p className="font-semibold">{t("budget.game", { game: g.game })}</p>
                <p>{t("budget.spends", { list: g.spends.map(name).join(", ") || "—" })}</p>
                <p className="text-muted">
                  {t("budget.maySpend", { list: g.may_spend.map(name).join(", ") || "—" })}
                </p>
                {budget.data.opponent.games > 0 && (
                  <p className="text-muted">
                    {t("budget.opponentPool", {
                      team: budget.data.opponent.name ?? "",
                      games: budget.data.opponent.games,
                      list:
                        g.opponent_pool
                          .slice(0, 5)
                          .map((p) => `${name(p.champion_id)} (${p.games})`)
                          .join(", ") || "—",
                    })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
