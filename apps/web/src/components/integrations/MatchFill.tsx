import type { RiotGameComparison } from "@draftroom/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { integrationKeys, ledgerIntegrationsApi as integrationsApi } from "./api.ts";

export type LedgerResult = NonNullable<RiotGameComparison["ledger_result"]>;

interface Props {
  workspaceId: string;
  scrimId: string;
  gameId: string;
  /** Champion names by id, for the mismatch message. */
  championName: (id: number) => string;
  /** Fills the result form with the chosen game (the staff still saves it). */
  onFill: (result: LedgerResult, matchId: string) => void;
}

/**
 * "Fill from Riot's match data" on a scrim game's result form (decision 057): a Match-V5 game by
 * its id, or one of the roster's games around the scrim's start. The game is compared with the
 * drafted champions: a mismatch is shown and the staff chooses to use it anyway; nothing is merged
 * silently and nothing is saved until the form is. Without the operator's key it explains why
 * it is not there.
 */
export function MatchFill({ workspaceId, scrimId, gameId, championName, onFill }: Props) {
  const { t } = useTranslation("integrations");
  const overview = useQuery({
    queryKey: integrationKeys.overview(workspaceId),
    queryFn: () => integrationsApi.overview(workspaceId),
  });
  const [matchId, setMatchId] = useState("");
  const [found, setFound] = useState<RiotGameComparison[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const explain = (error: unknown) => {
    if (!isApiRequestError(error)) return errorMessage(error);
    if (error.code === "not_found") return t("match.notFound");
    if (error.code === "integration_not_configured") return t("match.noKey");
    if (error.code === "integration_not_connected") return t("match.notConnected");
    if (error.code === "integration_failed" || error.kind !== "HTTP_ERROR") return t("match.unreachable");
    if (error.code === "validation_error") return t("match.badId");
    return errorMessage(error);
  };
  const lookup = useMutation({
    mutationFn: (id: string) => integrationsApi.lookupMatch(workspaceId, id, scrimId, gameId),
    onMutate: () => setProblem(null),
    onSuccess: (comparison) => setFound([comparison]),
    onError: (error) => setProblem(explain(error)),
  });
  const recent = useMutation({
    mutationFn: () => integrationsApi.recentGames(workspaceId, scrimId, gameId),
    onMutate: () => setProblem(null),
    onSuccess: (games) => {
      setFound(games);
      if (games.length === 0) setProblem(t("match.noneFound"));
    },
    onError: (error) => setProblem(explain(error)),
  });

  if (overview.isPending || overview.isError) return null;
  const riot = overview.data.riot;
  if (!riot.available) return <p className="text-muted text-sm">{t("match.unavailable")}</p>;
  if (!riot.connected) return <p className="text-muted text-sm">{t("match.noRegion")}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matchId.trim()) lookup.mutate(matchId.trim());
  };
  const names = (ids: number[]) => ids.map(championName).join(", ");

  return (
    <details className="rounded-xl border border-border p-3">
      <summary className="cursor-pointer font-semibold text-fg text-sm">{t("match.title")}</summary>
      <div className="mt-3 flex flex-col gap-3">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <Field label={t("match.matchId")} hint={t("match.matchIdHint")} className="sm:flex-1">
            {(control) => (
              <Input
                {...control}
                value={matchId}
                placeholder="EUW1_7000000000"
                autoComplete="off"
                onChange={(event) => setMatchId(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" loading={lookup.isPending}>
            {t("match.lookUp")}
          </Button>
        </form>
        <Button
          type="button"
          variant="ghost"
          className="w-fit"
          loading={recent.isPending}
          onClick={() => recent.mutate()}
        >
          {t("match.recent")}
        </Button>
        {problem && (
          <p role="alert" className="font-medium text-danger text-sm">
            {problem}
          </p>
        )}
        {found.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={t("match.found")}>
            {found.map((game) => (
              <li key={game.summary.match_id} className="rounded-lg border border-border p-3 text-sm">
                <p className="font-semibold text-fg">
                  {game.summary.match_id}
                  {game.summary.started_at && (
                    <span className="ml-2 font-normal text-muted">
                      {new Date(game.summary.started_at).toLocaleString()}
                    </span>
                  )}
                </p>
                {game.champions_match ? (
                  <p className="text-muted">{t("match.same")}</p>
                ) : (
                  <div
                    role="alert"
                    className="mt-1 rounded-md border border-warning bg-warning-soft p-2 text-fg"
                  >
                    <p className="font-semibold">{t("match.mismatch")}</p>
                    {game.only_in_draft.length > 0 && (
                      <p>{t("match.onlyInDraft", { names: names(game.only_in_draft) })}</p>
                    )}
                    {game.only_in_match.length > 0 && (
                      <p>{t("match.onlyInMatch", { names: names(game.only_in_match) })}</p>
                    )}
                  </div>
                )}
                {game.ledger_result ? (
                  <Button
                    type="button"
                    variant={game.champions_match ? "primary" : "outline"}
                    className="mt-2"
                    onClick={() => onFill(game.ledger_result!, game.summary.match_id)}
                  >
                    {game.champions_match ? t("match.use") : t("match.useAnyway")}
                  </Button>
                ) : (
                  <p className="mt-1 text-muted">{t("match.noSide")}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
