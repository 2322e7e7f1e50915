import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isNotFound } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { integrationKeys, integrationsApi } from "./api.ts";
import { CalendarSection } from "./CalendarSection.tsx";
import { DiscordSection } from "./DiscordSection.tsx";
import { RiotSection } from "./RiotSection.tsx";
import "./i18n-integrations.d.ts";

/**
 * `/app/workspaces/:id/integrations` (decision 051): what the workspace has connected, the last
 * success and the last problem of each service in plain words, and how to disconnect. The page
 * composes one section per service; the server decides who may change what (`may_manage`).
 */
export default function IntegrationsPage() {
  const { t } = useTranslation("integrations");
  const { workspaceId = "" } = useParams();
  const overview = useQuery({
    queryKey: integrationKeys.overview(workspaceId),
    queryFn: () => integrationsApi.overview(workspaceId),
  });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-6">
      <Link
        to={`/app/workspaces/${workspaceId}`}
        className="flex w-fit items-center gap-1 text-muted text-sm hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("back")}
      </Link>
      <header>
        <h1 className="font-bold text-2xl text-fg tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-muted text-sm">{t("subtitle")}</p>
      </header>
      {overview.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : overview.isError ? (
        isNotFound(overview.error) ? (
          <ErrorState title={t("notFound")} message={t("notFoundText")} />
        ) : (
          <ErrorState
            title={t("loadFailed")}
            message={errorMessage(overview.error)}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        )
      ) : (
        <>
          <DiscordSection
            key={`discord-${overview.data.discord.connected}`}
            workspaceId={workspaceId}
            overview={overview.data}
          />
          <RiotSection
            key={`riot-${overview.data.riot.region}`}
            workspaceId={workspaceId}
            overview={overview.data}
          />
          <Card>
            <CardHeader title={t("tournament.title")} />
            {/* Shown as the other services are: whether this server offers it, then what that means. */}
            <CardBody className="flex flex-col gap-5">
              <div>
                <Badge tone={overview.data.tournament.available ? "success" : "neutral"}>
                  {overview.data.tournament.available ? t("status.available") : t("status.unavailable")}
                </Badge>
              </div>
              <p className="text-muted text-sm">
                {overview.data.tournament.available ? t("tournament.available") : t("tournament.unavailable")}
              </p>
            </CardBody>
          </Card>
          <CalendarSection workspaceId={workspaceId} overview={overview.data} />
        </>
      )}
    </div>
  );
}
