import { ROUTES } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { collabApi, collabKeys, mentionsQuery } from "@/lib/collab-api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import "@/lib/i18n-collab.d.ts";
import { personLabel } from "@/lib/person.ts";

/** Where the signed-in member was @mentioned in this workspace, newest first, unread marked. */
export function MentionsPanel({ workspaceId }: { workspaceId: string }) {
  const { t, i18n } = useTranslation("collab");
  const headingId = useId();
  const client = useQueryClient();
  const mentions = useQuery(mentionsQuery);
  const read = useMutation({
    mutationFn: collabApi.readMentions,
    onSuccess: () => client.invalidateQueries({ queryKey: collabKeys.mentions }),
  });
  const here = (mentions.data?.results ?? []).filter((mention) => mention.workspace_id === workspaceId);
  const unread = here.filter((mention) => mention.read_at === null).length;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-bold text-fg text-lg">
          {t("mentions.title")}
        </h2>
        {unread > 0 && <Badge tone="primary">{t("mentions.unread", { count: unread })}</Badge>}
        {unread > 0 && (
          <Button
            className="ml-auto"
            size="sm"
            variant="ghost"
            loading={read.isPending}
            onClick={() => read.mutate()}
          >
            {t("mentions.markRead")}
          </Button>
        )}
      </div>
      {mentions.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-muted text-sm">
          <Spinner size="sm" />
          {t("mentions.loading")}
        </p>
      ) : mentions.isError ? (
        <p role="alert" className="mt-2 text-danger text-sm">
          {t("mentions.error")}: {errorMessage(mentions.error)}
        </p>
      ) : here.length === 0 ? (
        <p className="mt-1 text-muted text-sm">{t("mentions.empty")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="mentions">
          {here.map((mention) => (
            <li key={mention.id} className="rounded-xl border border-border p-2.5 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  className="font-semibold text-primary underline"
                  to={
                    mention.item_type === "session"
                      ? ROUTES.draftSession(mention.item_id)
                      : mention.item_type === "scrim"
                        ? ROUTES.scrim(mention.workspace_id, mention.item_id)
                        : ROUTES.seriesPage(mention.item_id)
                  }
                >
                  {t("mentions.by", {
                    name: mention.author ? personLabel(mention.author) : t("comments.formerMember"),
                  })}
                </Link>
                {mention.read_at === null && <Badge tone="primary">{t("mentions.new")}</Badge>}
                <time dateTime={mention.created_at} className="ml-auto text-muted text-xs">
                  {formatRelativeTime(mention.created_at, i18n.language)}
                </time>
              </p>
              <p className="mt-1 break-words text-fg">{mention.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
