import type { CalendarFeed, IntegrationsOverview } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { Input } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { copyText } from "@/lib/clipboard.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { integrationKeys, integrationsApi } from "./api.ts";

/** The member's own calendar link: shown once when made; replacing it stops the old one at once. */
export function CalendarSection({
  workspaceId,
  overview,
}: {
  workspaceId: string;
  overview: IntegrationsOverview;
}) {
  const { t, i18n } = useTranslation("integrations");
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.overview(workspaceId) });
  const rotate = useMutation({
    mutationFn: () => integrationsApi.rotateCalendar(workspaceId),
    onSuccess: (feed) => {
      setFresh(feed);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => integrationsApi.removeCalendar(workspaceId),
    onSuccess: () => {
      setFresh(null);
      void refresh();
      toast.success(t("calendar.removed"));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const active = overview.calendar.active;
  return (
    <Card>
      <CardHeader title={t("calendar.title")} description={t("calendar.description")} />
      <CardBody className="flex flex-col gap-4">
        {fresh ? (
          <div className="flex flex-col gap-2">
            <label htmlFor="calendar-link" className="text-fg text-sm">
              {t("calendar.newLink")}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="calendar-link"
                readOnly
                value={fresh.url}
                aria-label={t("calendar.linkLabel")}
                onFocus={(event) => event.target.select()}
              />
              <Button
                type="button"
                variant="secondary"
                onClick={() =>
                  void copyText(fresh.url).then((ok) => ok && toast.success(t("calendar.copied")))
                }
              >
                {t("calendar.copy")}
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-muted text-sm">
            {active && overview.calendar.created_at
              ? t("calendar.active", {
                  when: formatRelativeTime(overview.calendar.created_at, i18n.language),
                })
              : t("calendar.inactive")}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" loading={rotate.isPending} onClick={() => rotate.mutate()}>
            {active ? t("calendar.rotate") : t("calendar.create")}
          </Button>
          {active && (
            <Button
              type="button"
              variant="outline"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t("calendar.remove")}
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
