import { COMFORT_MIN_GAMES, type ScoutingDetails, type ScoutingFearless } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/format.ts";
import { ChampionList } from "./ChampionList.tsx";
import { RankingChart } from "./RankingChart.tsx";
import { RecordLabel } from "./RecordLabel.tsx";

/** A section heading with the sample its figures rest on ("3 professional games"). */
function SectionTitle({ children, sample }: { children: string; sample?: string | undefined }) {
  return (
    <h2 className="mt-10 mb-3 text-lg font-bold tracking-tight text-fg">
      {children}
      {sample && (
        <>
          {" "}
          <span className="ml-1 text-sm font-normal text-muted">· {sample}</span>
        </>
      )}
    </h2>
  );
}

/** Everything the full report shows below the summary. */
export function ReportDetails({
  details,
  fearless,
  sample,
}: {
  details: ScoutingDetails;
  fearless: ScoutingFearless | null;
  /** What every figure rests on, said beside each section ("3 professional games"). */
  sample?: string | undefined;
}) {
  const { t, i18n } = useTranslation("scouting");
  const position = (key: string) => t(`positions.${key}` as "positions.top");
  return (
    <div>
      {fearless && <FearlessSection fearless={fearless} />}

      <SectionTitle sample={sample}>{t("sections.picks")}</SectionTitle>
      <div className="grid gap-4 lg:grid-cols-3">
        <RankingChart
          title={t("charts.mostPicked")}
          data={details.picks}
          color="var(--primary)"
          className="lg:row-span-2"
          limit={10}
        />
        <ChampionList
          title={t("lists.picksBlue")}
          data={details.picks_by_side.BLUE}
          accent="border-l-team-blue"
        />
        <ChampionList
          title={t("lists.picksRed")}
          data={details.picks_by_side.RED}
          accent="border-l-team-red"
        />
        <ChampionList title={t("lists.picksPhase1")} data={details.picks_by_phase.first} />
        <ChampionList title={t("lists.picksPhase2")} data={details.picks_by_phase.second} />
      </div>

      <SectionTitle sample={sample}>{t("sections.firstPicks")}</SectionTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChampionList
          title={t("lists.firstBlue")}
          data={details.first_picks.BLUE}
          accent="border-l-team-blue"
        />
        <ChampionList title={t("lists.firstRed")} data={details.first_picks.RED} accent="border-l-team-red" />
      </div>

      <SectionTitle sample={sample}>{t("sections.bans")}</SectionTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <RankingChart
          title={t("charts.mostBanned")}
          hint={t("charts.mostBannedHint")}
          data={details.bans}
          color="var(--danger)"
        />
        <RankingChart
          title={t("charts.bansReceived")}
          hint={t("charts.bansReceivedHint")}
          data={details.bans_received}
          color="var(--warning)"
        />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ChampionList
          title={t("lists.bansBlue")}
          data={details.bans_by_side.BLUE}
          accent="border-l-team-blue"
        />
        <ChampionList title={t("lists.bansRed")} data={details.bans_by_side.RED} accent="border-l-team-red" />
        <ChampionList title={t("lists.bansPhase1")} data={details.bans_by_phase.first} />
        <ChampionList title={t("lists.bansPhase2")} data={details.bans_by_phase.second} />
      </div>

      <SectionTitle sample={sample}>{t("sections.positions")}</SectionTitle>
      {details.positions.length === 0 ? (
        <p className="text-sm text-muted">{t("empty.positions")}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {details.positions.map((entry) => (
            <ChampionList
              key={entry.position}
              title={t("lists.position", { position: position(entry.position), count: entry.games })}
              data={entry.champions}
            />
          ))}
        </div>
      )}

      <SectionTitle sample={sample}>{t("sections.players")}</SectionTitle>
      {details.players.length === 0 ? (
        <p className="text-sm text-muted">{t("empty.players")}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("sections.players")}</caption>
            <thead className="text-xs text-muted uppercase">
              <tr className="border-b border-border">
                <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                  {t("table.player")}
                </th>
                <th scope="col" className="px-3 py-2 sm:px-4 font-semibold max-sm:hidden">
                  {t("table.position")}
                </th>
                <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                  {t("table.games")}
                </th>
                <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                  {t("table.champions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {details.players.map((player) => (
                <tr
                  key={`${player.position}-${player.player}`}
                  className="border-b border-border last:border-0"
                >
                  <th scope="row" className="px-3 py-2 sm:px-4 font-semibold text-fg">
                    {player.player}
                    <span className="block text-xs font-normal text-muted sm:hidden">
                      {position(player.position)}
                    </span>
                  </th>
                  <td className="px-3 py-2 sm:px-4 text-muted max-sm:hidden">{position(player.position)}</td>
                  <td className="px-3 py-2 sm:px-4 tabular-nums text-fg">{player.games}</td>
                  <td className="px-3 py-2 sm:px-4 text-fg">
                    {player.champions
                      .map((champion) =>
                        t("table.championCount", { name: champion.name, count: champion.count }),
                      )
                      .join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <SectionTitle sample={sample}>{t("sections.comfort")}</SectionTitle>
      <p className="-mt-2 mb-3 text-xs text-muted">{t("comfortHint", { count: COMFORT_MIN_GAMES })}</p>
      {details.comfort.length === 0 ? (
        <p className="text-sm text-muted">{t("empty.comfort")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {details.comfort.map((entry) => (
            <li
              key={`${entry.position}-${entry.champion_id}`}
              className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 py-3 shadow-card"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-fg">{entry.name}</span>
                <span className="text-xs text-muted">
                  {position(entry.position)} · {t("list.games", { count: entry.count })}
                </span>
              </span>
              <span className="shrink-0 text-sm">
                <RecordLabel record={entry} />
              </span>
            </li>
          ))}
        </ul>
      )}

      <SectionTitle>{t("sections.recent")}</SectionTitle>
      <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("sections.recent")}</caption>
          <thead className="text-xs text-muted uppercase">
            <tr className="border-b border-border">
              <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                {t("table.date")}
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                {t("table.opponent")}
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                {t("table.side")}
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                {t("table.result")}
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4 font-semibold max-sm:hidden">
                {t("table.source")}
              </th>
            </tr>
          </thead>
          <tbody>
            {details.recent.map((game, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: games have no id in the report; the order is stable
              <tr key={index} className="border-b border-border last:border-0">
                <td className="px-3 py-2 sm:px-4 whitespace-nowrap text-muted">
                  {formatDate(
                    game.date.includes("T") ? game.date : `${game.date.replace(" ", "T")}Z`,
                    i18n.language,
                  )}
                </td>
                <td className="px-3 py-2 sm:px-4 font-medium text-fg">{game.opponent}</td>
                <td className="px-3 py-2 sm:px-4">
                  {game.side === "BLUE" ? t("sides.blue") : t("sides.red")}
                </td>
                <td className="px-3 py-2 sm:px-4">
                  {game.won === null ? t("table.noResult") : game.won ? t("table.win") : t("table.loss")}
                </td>
                <td className="px-3 py-2 sm:px-4 text-muted max-sm:hidden">
                  {game.source === "match" ? t("table.pro", { patch: game.patch ?? "" }) : t("table.draft")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A fearless series: what the team already used and what it has left per position. */
function FearlessSection({ fearless }: { fearless: ScoutingFearless }) {
  const { t } = useTranslation("scouting");
  const own = fearless.used.filter((entry) => entry.own);
  return (
    <section
      aria-labelledby="scouting-fearless"
      className="mt-8 rounded-2xl border border-secondary/40 bg-secondary-soft/30 p-4 sm:p-5"
    >
      <h2 id="scouting-fearless" className="text-lg font-bold text-fg">
        {t("fearless.title", { title: fearless.title, game: fearless.game })}
      </h2>
      {!fearless.fearless ? (
        <p className="mt-1 text-sm text-muted">{t("fearless.notFearless")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{t("fearless.help")}</p>
          <h3 className="mt-4 text-sm font-semibold text-fg">{t("fearless.used", { count: own.length })}</h3>
          {own.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t("fearless.noneUsed")}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {own.map((entry) => (
                <li
                  key={entry.champion_id}
                  className="rounded-full border border-border bg-surface px-3 py-1 text-xs text-fg"
                >
                  {t("fearless.usedEntry", { name: entry.name, game: entry.game ?? 0 })}
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-4 text-sm font-semibold text-fg">{t("fearless.depth")}</h3>
          {fearless.depth.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t("empty.positions")}</p>
          ) : (
            <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {fearless.depth.map((entry) => (
                <li key={entry.position} className="rounded-xl border border-border bg-surface p-3 text-sm">
                  <p className="font-semibold text-fg">
                    {t(`positions.${entry.position}` as "positions.top")}{" "}
                    <span className={entry.left <= 1 ? "text-danger" : "text-muted"}>
                      {t("fearless.left", { left: entry.left, total: entry.total })}
                    </span>
                  </p>
                  <p className="mt-1 text-xs text-muted">
                    {entry.available
                      .slice(0, 4)
                      .map((champion) => champion.name)
                      .join(", ") || t("fearless.nothingLeft")}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
