import type { ScrimChampionFigure, ScrimDrafting, ScrimDraftingQuery } from "@draftroom/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { api } from "@/lib/api.ts";
import { ScrimRecord } from "./PlanBranchScrims.tsx";

export const scrimDraftingKey = (workspaceId: string, filters: ScrimDraftingQuery) =>
  ["scrims", "drafting", workspaceId, filters] as const;

/** How we draft in our scrims (decision record 058): the workspace's ledger only, team-only. */
export function useScrimDrafting(workspaceId: string, filters: ScrimDraftingQuery, enabled = true) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""));
  return useQuery({
    queryKey: scrimDraftingKey(workspaceId, query),
    queryFn: () =>
      api.get<ScrimDrafting>(`/workspaces/${workspaceId}/scrims/drafting/`, {
        query: query as Record<string, string>,
      }),
    enabled: enabled && workspaceId !== "",
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Scouting of our own team, the scrims half: record, sides, first pick, our picks, first picks
 * and bans, and what opponents ban against us, from the scrim ledger. Official games stay in the
 * report beside it; this never adds the two together.
 */
export function OurScrimDrafting({
  workspaceId,
  filters,
}: {
  workspaceId: string;
  filters: ScrimDraftingQuery;
}) {
  const { t } = useTranslation("scrims");
  const query = useScrimDrafting(workspaceId, filters);
  if (query.isPending) {
    return (
      <p role="status" className="mt-6 text-muted text-sm">
        {t("feeds.drafting.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        className="mt-6"
        title={t("feeds.drafting.error")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <ScrimDraftingView data={query.data} />;
}

export function ScrimDraftingView({ data }: { data: ScrimDrafting }) {
  const { t } = useTranslation("scrims");
  if (data.games.total === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-border bg-surface p-4">
        <p className="font-semibold text-fg">{t("feeds.drafting.emptyTitle")}</p>
        <p className="text-muted text-sm">{t("feeds.drafting.empty")}</p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="our-scrims">
      <p className="text-muted text-sm">{t("feeds.drafting.basis")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Tile title={t("analytics.overall")}>
          <ScrimRecord figure={data.overall} />
          <p className="text-muted text-xs">
            {t("feeds.counted", { counted: data.games.counted, count: data.games.total })}
          </p>
        </Tile>
        {data.by_side.map((side) => (
          <Tile key={side.key} title={t(`side.${side.key as "BLUE" | "RED"}`)}>
            <ScrimRecord figure={side} />
          </Tile>
        ))}
        {data.by_first_pick.map((group) => (
          <Tile
            key={group.key}
            title={t(`feeds.drafting.${group.key === "first_pick" ? "firstPick" : "secondPick"}`)}
          >
            <ScrimRecord figure={group} />
          </Tile>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <FigureList title={t("feeds.drafting.picks")} rows={data.picks} />
        <FigureList title={t("feeds.drafting.firstPicks")} rows={data.first_picks} />
        <CountList title={t("feeds.drafting.bans")} rows={data.bans} />
        <CountList title={t("feeds.drafting.bansAgainst")} rows={data.bans_against} />
      </div>
      <p className="text-muted text-xs">
        {t("feeds.drafting.withDraft", { count: data.games.with_draft, total: data.games.total })}
      </p>
    </div>
  );
}

function Tile({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-3 text-sm">
      <p className="text-muted text-xs font-semibold uppercase tracking-wide">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

function FigureList({ title, rows }: { title: string; rows: readonly ScrimChampionFigure[] }) {
  const { t } = useTranslation("scrims");
  return (
    <section className="rounded-2xl border border-border bg-surface p-4" aria-label={title}>
      <h2 className="font-semibold text-fg">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-muted text-sm">{t("feeds.drafting.none")}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.champion_id} className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium text-fg">{row.name}</span>
              <span>
                <span className="text-muted">{t("feeds.drafting.games", { count: row.games })}</span> ·{" "}
                <ScrimRecord figure={row} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CountList({
  title,
  rows,
}: {
  title: string;
  rows: readonly { champion_id: number; name: string; count: number }[];
}) {
  const { t } = useTranslation("scrims");
  return (
    <section className="rounded-2xl border border-border bg-surface p-4" aria-label={title}>
      <h2 className="font-semibold text-fg">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-muted text-sm">{t("feeds.drafting.none")}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.champion_id} className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-fg">{row.name}</span>
              <span className="text-muted">{t("feeds.drafting.games", { count: row.count })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
