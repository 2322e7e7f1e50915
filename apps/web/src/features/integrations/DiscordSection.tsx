import {
  DISCORD_EVENTS,
  type DiscordEvent,
  type DiscordSettingsBody,
  type IntegrationsOverview,
  LANGUAGES,
  type Language,
} from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Switch } from "@/components/ui/Switch.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage, fieldErrors } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { integrationKeys, integrationsApi } from "./api.ts";
import { StatusLine } from "./StatusLine.tsx";

/**
 * Discord: connect a webhook (owners), choose events and the posts' language, send a test, see
 * each post's fate.
 */
export function DiscordSection({
  workspaceId,
  overview,
}: {
  workspaceId: string;
  overview: IntegrationsOverview;
}) {
  const { t, i18n } = useTranslation("integrations");
  const { t: tCommon } = useTranslation("common");
  const queryClient = useQueryClient();
  const discord = overview.discord;
  const [webhookUrl, setWebhookUrl] = useState("");
  const [events, setEvents] = useState<DiscordEvent[]>(
    discord.connected ? discord.events : [...DISCORD_EVENTS],
  );
  // Connected: the channel's language; not yet: the one the server offers (the reader's own).
  const [language, setLanguage] = useState<Language>(discord.language);
  const [confirming, setConfirming] = useState(false);
  const refresh = (next?: IntegrationsOverview) =>
    next
      ? queryClient.setQueryData(integrationKeys.overview(workspaceId), next)
      : queryClient.invalidateQueries({ queryKey: integrationKeys.overview(workspaceId) });

  const connect = useMutation({
    mutationFn: () => integrationsApi.connectDiscord(workspaceId, webhookUrl, events, language),
    onSuccess: (next) => {
      setWebhookUrl("");
      refresh(next);
      toast.success(t("discord.connected"));
    },
  });
  const saveSettings = useMutation({
    mutationFn: (next: DiscordSettingsBody) => integrationsApi.setDiscordSettings(workspaceId, next),
    onSuccess: (next, body) => {
      refresh(next);
      if (body.language) toast.success(t("discord.languageSaved"));
    },
    onError: (error) => {
      // What the server keeps is what the page shows again.
      setEvents(discord.events);
      setLanguage(discord.language);
      toast.error(errorMessage(error));
    },
  });
  const test = useMutation({
    mutationFn: () => integrationsApi.testDiscord(workspaceId),
    onSuccess: (delivery) => {
      void refresh();
      if (delivery.status === "sent") toast.success(t("discord.testSent"));
      else
        toast.error(
          t("discord.testFailed", {
            reason: delivery.last_error ? t(`problems.${delivery.last_error.problem}`) : "",
          }),
        );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const disconnect = useMutation({
    mutationFn: () => integrationsApi.disconnectDiscord(workspaceId),
    onSuccess: () => {
      setConfirming(false);
      void refresh();
      toast.success(t("discord.disconnected"));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate();
  };
  const toggle = (name: DiscordEvent, on: boolean) => {
    const next = DISCORD_EVENTS.filter((candidate) => (candidate === name ? on : events.includes(candidate)));
    setEvents(next);
    if (discord.connected) saveSettings.mutate({ events: next });
  };
  const chooseLanguage = (next: Language) => {
    setLanguage(next);
    if (discord.connected) saveSettings.mutate({ language: next });
  };
  const webhookError = connect.error
    ? (fieldErrors(connect.error).webhook_url ?? errorMessage(connect.error))
    : null;

  return (
    <Card>
      <CardHeader title={t("discord.title")} description={t("discord.description")} />
      <CardBody className="flex flex-col gap-5">
        <StatusLine
          available
          connected={discord.connected}
          lastSuccessAt={discord.last_success_at}
          lastError={discord.last_error}
        />
        {discord.connected && discord.hint && (
          <p className="text-muted text-sm">{t("discord.connectedHint", { hint: discord.hint })}</p>
        )}
        {!overview.may_manage && <p className="text-muted text-sm">{t("discord.onlyOwners")}</p>}
        {overview.may_manage && (
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <Field label={t("discord.webhook")} hint={t("discord.webhookHint")} error={webhookError} required>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://discord.com/api/webhooks/…"
                  value={webhookUrl}
                  onChange={(event) => setWebhookUrl(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={connect.isPending} disabled={webhookUrl.trim() === ""}>
                {discord.connected ? t("discord.replace") : t("discord.connect")}
              </Button>
              {discord.connected && (
                <>
                  <Button
                    type="button"
                    variant="secondary"
                    loading={test.isPending}
                    onClick={() => test.mutate()}
                  >
                    {t("discord.test")}
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                    {t("discord.disconnect")}
                  </Button>
                </>
              )}
            </div>
          </form>
        )}
        {overview.may_manage && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold text-fg text-sm">{t("discord.events")}</legend>
            {DISCORD_EVENTS.map((name) => (
              <Switch
                key={name}
                checked={events.includes(name)}
                onCheckedChange={(on) => toggle(name, on)}
                label={t(`discord.event.${name}`)}
                disabled={saveSettings.isPending}
              />
            ))}
          </fieldset>
        )}
        {overview.may_manage && (
          <Field label={t("discord.language")} hint={t("discord.languageHint")}>
            {(control) => (
              // The select's chevron sits at its wrapper's edge: the wrapper takes the width.
              <div className="sm:max-w-60">
                <NativeSelect
                  {...control}
                  value={language}
                  disabled={saveSettings.isPending}
                  onChange={(event) => chooseLanguage(event.target.value as Language)}
                >
                  {LANGUAGES.map((code) => (
                    <option key={code} value={code} lang={code}>
                      {tCommon(`language.${code}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
          </Field>
        )}
        <section aria-labelledby="discord-deliveries" className="flex flex-col gap-2">
          <h3 id="discord-deliveries" className="font-semibold text-fg text-sm">
            {t("discord.deliveries")}
          </h3>
          {overview.deliveries.length === 0 ? (
            <p className="text-muted text-sm">{t("discord.noDeliveries")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {overview.deliveries.map((delivery) => (
                <li
                  key={delivery.id}
                  className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
                >
                  <Badge
                    tone={
                      delivery.status === "sent"
                        ? "success"
                        : delivery.status === "failed"
                          ? "danger"
                          : "warning"
                    }
                  >
                    {t(`discord.delivery.${delivery.status}`)}
                  </Badge>
                  <span className="min-w-0 flex-1 truncate text-fg">
                    {delivery.event === "test"
                      ? t("discord.delivery.test")
                      : `${t(`discord.event.${delivery.event}`)} · ${delivery.title}`}
                  </span>
                  <span className="text-muted text-xs">
                    {formatRelativeTime(delivery.sent_at ?? delivery.created_at, i18n.language)} ·{" "}
                    {t("discord.delivery.attempts", { count: delivery.attempts })}
                  </span>
                  {delivery.last_error && (
                    <span className="text-danger text-xs sm:basis-full">
                      {t(`problems.${delivery.last_error.problem}`)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("discord.disconnectTitle")}
        message={t("discord.disconnectMessage")}
        confirmLabel={t("discord.disconnect")}
        destructive
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </Card>
  );
}
