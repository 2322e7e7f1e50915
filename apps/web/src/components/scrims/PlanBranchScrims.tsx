import {
  type PlanBranchScrims as BranchFigure,
  type PlanScrims,
  ROUTES,
  SCRIM_VERDICTS,
  type ScrimFigure,
} from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { api } from "@/lib/api.ts";
import { dateTimeFormat, numberFormat } from "@/lib/format.ts";
import { useScrimName } from "@/lib/scrim-name.ts";

/** Games listed per branch before "and N more". */
const GAMES_SHOWN = 4;

export const planScrimsKey = (planId: string) => ["scrims", "plan", planId] as const;

/** How a plan's branches fared in the workspace's scrims (decision record 058); team-only. */
export const planScrimsQuery = (planId: string) =>
  queryOptions({
    queryKey: planScrimsKey(planId),
    queryFn: () => api.get<PlanScrims>(`/draft-plans/${planId}/scrims/`),
    retry: false,
  });

export function usePlanScrims(planId: string) {
  return useQuery({ ...planScrimsQuery(planId), enabled: planId !== "" });
}

/** "7-2 (78%)", or "0 counted" without a rate from nothing; a small sample marked. */
export function ScrimRecord({ figure }: { figure: ScrimFigure }) {
  const { t, i18n } = useTranslation("scrims");
  if (figure.n === 0) return <span className="text-muted">{t("analytics.noGames")}</span>;
  const rate = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  return (
    <span>
      <span className="font-semibold text-fg">
        {figure.wins}-{figure.losses}
      </span>{" "}
      <span className="text-muted">({rate.format(figure.win_rate ?? 0)})</span>
      {figure.small_sample && (
        <>
          {" "}
          <abbr title={t("analytics.smallSample")} className="text-warning no-underline">
            {t("analytics.small")}
          </abbr>
        </>
      )}
    </span>
  );
}

/**
 * The plan page's "In our scrims" section: per branch (and the plan's root) the games that
 * followed it, the record of the counted ones, the staff's verdicts and links to the games.
 * Nothing for a personal plan (scrims live in workspaces).
 */
export function PlanScrimsSection({ planId }: { planId: string }) {
  const { t } = useTranslation("scrims");
  const query = usePlanScrims(planId);
  if (query.isPending) {
    return (
      <p role="status" className="text-muted text-sm">
        {t("feeds.plan.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t("feeds.plan.error")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.workspace_id === null) return null;
  return <PlanBranchScrims data={query.data} />;
}

export function PlanBranchScrims({ data }: { data: PlanScrims }) {
  const { t } = useTranslation("scrims");
  const workspaceId = data.workspace_id ?? "";
  return (
    <section
      aria-labelledby="plan-scrims"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
    >
      <div>
        <h2 id="plan-scrims" className="font-semibold text-fg">
          {t("feeds.plan.title")}
        </h2>
        <p className="text-muted text-sm">{t("feeds.plan.subtitle")}</p>
      </div>
      {data.games === 0 ? (
        <p className="text-muted text-sm">{t("feeds.plan.empty")}</p>
      ) : (
        <>
          <p className="text-sm">
            {t("feeds.plan.overall")}: <ScrimRecord figure={data.overall} />{" "}
            <span className="text-muted">
              {t("feeds.counted", { counted: data.overall.n, count: data.games })}
            </span>
          </p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t("feeds.plan.caption")}</caption>
              <thead className="text-muted text-xs">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("feeds.plan.branch")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("analytics.record")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("analytics.sample")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("feeds.plan.verdicts")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("feeds.plan.games")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.branches.map((branch) => (
                  <BranchRow key={branch.branch_id ?? "root"} branch={branch} workspaceId={workspaceId} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function BranchRow({ branch, workspaceId }: { branch: BranchFigure; workspaceId: string }) {
  const { t, i18n } = useTranslation("scrims");
  const nameOf = useScrimName();
  const label =
    branch.branch_id === null
      ? t("feeds.plan.root")
      : branch.branch_label || t("feeds.plan.unnamed", { id: branch.branch_id });
  const verdicts = SCRIM_VERDICTS.filter((v) => branch.verdicts[v] > 0);
  const date = dateTimeFormat(i18n.language, { day: "numeric", month: "short" });
  const more = branch.game_list.length - GAMES_SHOWN;
  return (
    <tr className="border-border border-t align-top">
      <th scope="row" className="py-2 pr-3 font-medium text-fg">
        <span style={{ paddingInlineStart: `${branch.depth}rem` }} className="block">
          {label}
          {!branch.in_plan && (
            <span className="block text-muted text-xs font-normal">{t("feeds.plan.dropped")}</span>
          )}
        </span>
      </th>
      <td className="py-2 pr-3">
        <ScrimRecord figure={branch} />
      </td>
      <td className="py-2 pr-3 text-muted">
        {t("feeds.counted", { counted: branch.n, count: branch.games })}
      </td>
      <td className="py-2 pr-3">
        {verdicts.length === 0 ? (
          <span className="text-muted">–</span>
        ) : (
          verdicts.map((v, i) => (
            <span key={v}>
              {i > 0 && " · "}
              {t(`verdict.${v}`)} {branch.verdicts[v]}
            </span>
          ))
        )}
      </td>
      <td className="py-2">
        {branch.game_list.length === 0 ? (
          <span className="text-muted">–</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {branch.game_list.slice(0, GAMES_SHOWN).map((game) => (
              <li key={game.game_id}>
                <Link
                  to={`${ROUTES.scrim(workspaceId, game.scrim_id)}#game-${game.game_id}`}
                  className="text-primary hover:underline"
                >
                  {t("feeds.plan.gameLink", {
                    title: nameOf({
                      title: game.scrim_title,
                      untitled: game.scrim_untitled,
                      kind: game.scrim_kind,
                      opponent: game.opponent_name,
                    }),
                    number: game.game_number,
                    date: date.format(new Date(game.starts_at)),
                  })}
                </Link>{" "}
                <span className="text-muted">
                  {game.status === "played" && game.winner
                    ? game.winner === "us"
                      ? t("game.win")
                      : t("game.loss")
                    : t(`gameStatus.${game.status}`)}
                </span>
              </li>
            ))}
            {more > 0 && <li className="text-muted">{t("feeds.plan.more", { count: more })}</li>}
          </ul>
        )}
      </td>
    </tr>
  );
}
