import type { DraftSession } from "@draftroom/contracts";
import { Layers } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "@/components/series/i18n-series.d.ts";

type Group =
  | { series: NonNullable<DraftSession["series"]>; sessions: DraftSession[] }
  | { session: DraftSession };

/** Groups a page of sessions: the games of one series together (in game order), at the first game's place. */
export function groupSessions(sessions: readonly DraftSession[]): Group[] {
  const groups: Group[] = [];
  const bySeries = new Map<string, DraftSession[]>();
  for (const session of sessions) {
    if (!session.series) {
      groups.push({ session });
      continue;
    }
    const existing = bySeries.get(session.series.id);
    if (existing) existing.push(session);
    else {
      const list = [session];
      bySeries.set(session.series.id, list);
      groups.push({ series: session.series, sessions: list });
    }
  }
  for (const list of bySeries.values())
    list.sort((a, b) => (a.series?.game_number ?? 0) - (b.series?.game_number ?? 0));
  return groups;
}

/** The sessions grid with series games grouped under their series (a link to the series page). */
export function GroupedSessions({
  sessions,
  renderCard,
}: {
  sessions: readonly DraftSession[];
  renderCard: (session: DraftSession) => ReactNode;
}) {
  const { t } = useTranslation("series");
  return groupSessions(sessions).map((group) =>
    "session" in group ? (
      renderCard(group.session)
    ) : (
      <section
        key={group.series.id}
        aria-label={t("sessionsGroup", { title: group.series.title })}
        className="col-span-full flex flex-col gap-2 rounded-2xl border border-dashed border-border-strong p-2 sm:p-3"
      >
        <h2 className="flex items-center gap-2 px-1 text-sm font-semibold">
          <Layers className="size-4 text-primary" aria-hidden />
          <Link
            to={`/app/series/${group.series.id}`}
            className="text-primary underline-offset-2 hover:underline"
          >
            {t("sessionsGroup", { title: group.series.title })}
          </Link>
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {group.sessions.map(renderCard)}
        </div>
      </section>
    ),
  );
}
