import {
  type IntegrationsOverview,
  type PlayerRiotAccount,
  RIOT_PLATFORM_IDS,
  type RiotPlatform,
} from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage, fieldErrors } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { integrationKeys, integrationsApi, splitRiotId } from "./api.ts";
import { StatusLine } from "./StatusLine.tsx";

/** Riot: the workspace's region (owners) and each roster player's Riot ID, checked with Riot. */
export function RiotSection({
  workspaceId,
  overview,
}: {
  workspaceId: string;
  overview: IntegrationsOverview;
}) {
  const { t } = useTranslation("integrations");
  const queryClient = useQueryClient();
  const riot = overview.riot;
  const [region, setRegion] = useState<RiotPlatform | "">(riot.region ?? "");
  const [confirming, setConfirming] = useState(false);
  const saveRegion = useMutation({
    mutationFn: (next: RiotPlatform) => integrationsApi.setRiotRegion(workspaceId, next),
    onSuccess: (next) => {
      queryClient.setQueryData(integrationKeys.overview(workspaceId), next);
      toast.success(t("riot.regionSaved"));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const disconnect = useMutation({
    mutationFn: () => integrationsApi.disconnectRiot(workspaceId),
    onSuccess: () => {
      setConfirming(false);
      setRegion("");
      void queryClient.invalidateQueries({ queryKey: integrationKeys.overview(workspaceId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Card>
      <CardHeader title={t("riot.title")} description={t("riot.description")} />
      <CardBody className="flex flex-col gap-5">
        <StatusLine
          available={riot.available}
          connected={riot.connected}
          lastSuccessAt={riot.last_success_at}
          lastError={riot.last_error}
        />
        {!riot.available ? (
          <p className="text-muted text-sm">{t("riot.unavailable")}</p>
        ) : (
          <>
            {overview.may_manage && (
              <form
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (region) saveRegion.mutate(region);
                }}
              >
                <Field label={t("riot.region")} hint={t("riot.regionHint")} className="sm:w-64">
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={region}
                      onChange={(event) => setRegion(event.target.value as RiotPlatform)}
                    >
                      <option value="" disabled>
                        {t("riot.chooseRegion")}
                      </option>
                      {RIOT_PLATFORM_IDS.map((id) => (
                        <option key={id} value={id}>
                          {id.toUpperCase()}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="submit"
                    loading={saveRegion.isPending}
                    disabled={!region || region === riot.region}
                  >
                    {t("riot.saveRegion")}
                  </Button>
                  {riot.connected && (
                    <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                      {t("riot.disconnect")}
                    </Button>
                  )}
                </div>
              </form>
            )}
            <RosterRiotIds workspaceId={workspaceId} regionSet={riot.connected} />
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("riot.disconnectTitle")}
        message={t("riot.disconnectMessage")}
        confirmLabel={t("riot.disconnect")}
        destructive
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </Card>
  );
}

function RosterRiotIds({ workspaceId, regionSet }: { workspaceId: string; regionSet: boolean }) {
  const { t } = useTranslation("integrations");
  const players = useQuery({
    queryKey: integrationKeys.riotPlayers(workspaceId),
    queryFn: () => integrationsApi.riotPlayers(workspaceId),
  });
  return (
    <section aria-labelledby="riot-roster" className="flex flex-col gap-3">
      <div>
        <h3 id="riot-roster" className="font-semibold text-fg text-sm">
          {t("riot.roster")}
        </h3>
        <p className="text-muted text-xs">{regionSet ? t("riot.rosterHint") : t("riot.needRegion")}</p>
      </div>
      {players.isPending ? (
        <Spinner />
      ) : players.isError ? (
        <ErrorState title={errorMessage(players.error)} onRetry={() => void players.refetch()} />
      ) : players.data.length === 0 ? (
        <p className="text-muted text-sm">{t("riot.emptyRoster")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {players.data.map((player) => (
            <RiotIdRow
              key={player.player_id}
              workspaceId={workspaceId}
              player={player}
              disabled={!regionSet}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RiotIdRow({
  workspaceId,
  player,
  disabled,
}: {
  workspaceId: string;
  player: PlayerRiotAccount;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation("integrations");
  const queryClient = useQueryClient();
  const [text, setText] = useState(player.riot ? `${player.riot.game_name}#${player.riot.tag_line}` : "");
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.riotPlayers(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: integrationKeys.overview(workspaceId) });
  };
  const save = useMutation({
    mutationFn: (id: { gameName: string; tagLine: string }) =>
      integrationsApi.setRiotId(workspaceId, player.player_id, id.gameName, id.tagLine),
    onSuccess: () => {
      setProblem(null);
      refresh();
      toast.success(t("riot.saved"));
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      setProblem(fields.game_name ?? fields.tag_line ?? errorMessage(error));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => integrationsApi.removeRiotId(workspaceId, player.player_id),
    onSuccess: () => {
      setText("");
      refresh();
      toast.success(t("riot.removed"));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = splitRiotId(text);
    if (!id) {
      setProblem(t("riot.needTag"));
      return;
    }
    save.mutate(id);
  };
  return (
    <li>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <Field
          label={t("riot.riotId", { name: player.name })}
          error={problem}
          hint={
            player.riot
              ? t("riot.verified", { when: formatRelativeTime(player.riot.checked_at, i18n.language) })
              : undefined
          }
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              spellCheck={false}
              placeholder="Name#TAG"
              value={text}
              disabled={disabled}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <div className="flex gap-2 sm:pt-7">
          <Button type="submit" size="sm" loading={save.isPending} disabled={disabled || text.trim() === ""}>
            {t("riot.check")}
          </Button>
          {player.riot && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t("riot.remove")}
            </Button>
          )}
        </div>
      </form>
    </li>
  );
}
