import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage } from "@/lib/errors.ts";
import { integrationKeys, ledgerIntegrationsApi as integrationsApi } from "./api.ts";

/**
 * A scrim's tournament codes (decision 057): one per game, whose result Riot reports back and the
 * server files into the game by itself. Shown only when the operator has a Tournament-V5 key;
 * otherwise one sentence says why there are none.
 */
export function TournamentCodes({
  workspaceId,
  scrimId,
  games,
  mayMake,
}: {
  workspaceId: string;
  scrimId: string;
  games: number;
  mayMake: boolean;
}) {
  const { t } = useTranslation("integrations");
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: integrationKeys.overview(workspaceId),
    queryFn: () => integrationsApi.overview(workspaceId),
  });
  const available = overview.data?.tournament.available === true;
  const codes = useQuery({
    queryKey: integrationKeys.codes(workspaceId, scrimId),
    queryFn: () => integrationsApi.scrimCodes(workspaceId, scrimId),
    enabled: available,
  });
  const make = useMutation({
    mutationFn: () => integrationsApi.makeScrimCodes(workspaceId, scrimId, games),
    onSuccess: (next) => queryClient.setQueryData(integrationKeys.codes(workspaceId, scrimId), next),
    onError: (error) => toast.error(errorMessage(error, t("codes.failed"))),
  });
  if (overview.isPending || overview.isError) return null;
  if (!available) return <p className="text-muted text-sm">{t("codes.unavailable")}</p>;
  const list = codes.data ?? [];
  return (
    <section aria-labelledby={`codes-${scrimId}`} className="rounded-xl border border-border p-4">
      <h2 id={`codes-${scrimId}`} className="font-semibold text-fg">
        {t("codes.title")}
      </h2>
      <p className="mt-1 text-muted text-sm">{t("codes.description")}</p>
      {list.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {list.map((code) => (
            <li key={code.code} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-fg">{t("codes.game", { number: code.game_number })}</span>
              <code className="rounded bg-surface-2 px-2 py-1 font-mono text-fg">{code.code}</code>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`${t("codes.copy")} ${t("codes.game", { number: code.game_number })}`}
                onClick={() =>
                  void navigator.clipboard?.writeText(code.code).then(() => toast.success(t("codes.copied")))
                }
              >
                <Copy className="size-4" aria-hidden /> {t("codes.copy")}
              </Button>
              <span className="text-muted">
                {code.match_id ? t("codes.filed", { id: code.match_id }) : t("codes.waiting")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {mayMake && list.length < games && (
        <Button
          type="button"
          variant="outline"
          className="mt-3"
          loading={make.isPending}
          onClick={() => make.mutate()}
        >
          {t("codes.make")}
        </Button>
      )}
    </section>
  );
}
