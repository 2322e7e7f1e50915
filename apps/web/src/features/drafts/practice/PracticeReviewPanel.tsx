import type { Champion, Practice, PracticeReview } from "@draftroom/contracts";
import { currentTakeaways, isSurprise } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, Lightbulb, Sparkles, Target } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { cn } from "@/lib/cn.ts";
import { draftKeys, draftsApi } from "../api/drafts.ts";
import { reasonText } from "../hooks/useRecommendations.ts";

const percent = (p: number) => Math.round(p * 100);

/**
 * The review of a finished practice: the user's win estimate with its uncertainty, three
 * take-aways, where each of the user's picks and bans stood in the model (with the best
 * alternative and its reason), and which of the opponent's choices its history predicted.
 */
export function PracticeReviewPanel({
  practice,
  champions: drafted,
}: {
  practice: Practice;
  /** The champions the page already knows (the alternatives may be others: the pool fills in). */
  champions: ReadonlyMap<number, Champion>;
}) {
  const { t } = useTranslation("practice");
  const pool = useQuery({
    queryKey: draftKeys.champions,
    queryFn: draftsApi.listChampions,
    staleTime: 5 * 60_000,
  });
  const champions = useMemo(
    () => new Map<number, Champion>([...(pool.data ?? []).map((c) => [c.id, c] as const), ...drafted]),
    [pool.data, drafted],
  );
  const review = practice.review;
  if (!review) {
    return (
      <section
        aria-labelledby="practice-review-title"
        className="rounded-2xl border border-border bg-surface p-4 shadow-card"
      >
        <h2 id="practice-review-title" className="text-base font-bold text-fg">
          {t("review.title")}
        </h2>
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-muted">
          <Spinner size="sm" /> {t("review.preparing")}
        </p>
      </section>
    );
  }
  const name = (id: number) => champions.get(id)?.name ?? `#${id}`;
  // What its history holds (done in at least one of its games) and what it had never done: a
  // choice made once is in its history, never a surprise, and 0 games is never "what it suggests".
  const expected = review.opponent_moves.filter((move) => !isSurprise(move));
  const surprises = review.opponent_moves.filter(isSurprise);
  return (
    <section
      aria-labelledby="practice-review-title"
      data-testid="practice-review"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <header className="flex flex-col gap-1">
        <h2 id="practice-review-title" className="text-lg font-bold text-fg">
          {t("review.title")}
        </h2>
        <p className="text-sm text-muted">
          {t("review.subtitle", { team: review.opponent.name, count: review.opponent.games })}
        </p>
      </header>

      <WinLine review={review} />

      <div>
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-bold text-fg">
          <Lightbulb className="size-4 text-warning" aria-hidden />
          {t("review.takeaways")}
        </h3>
        <ol className="flex flex-col gap-1.5 text-sm text-fg" data-testid="practice-takeaways">
          {currentTakeaways(review, name).map((takeaway) => (
            <li key={takeaway.key} className="rounded-lg bg-surface-2 px-3 py-2">
              {t(takeaway.key.replace(/^practice\./, "") as "takeaway.agreement", takeaway.params)}
            </li>
          ))}
        </ol>
      </div>

      <div>
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-bold text-fg">
          <Target className="size-4 text-primary" aria-hidden />
          {t("review.yourMoves")}
        </h3>
        <MovesTable moves={review.user_moves} champions={champions} name={name} />
        <MovesList moves={review.user_moves} champions={champions} name={name} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <OpponentList
          title={t("review.expected", { team: review.opponent.name })}
          empty={t("review.noneExpected")}
          moves={expected}
          champions={champions}
          name={name}
        />
        <OpponentList
          title={t("review.surprises", { team: review.opponent.name })}
          empty={t("review.noSurprises")}
          moves={surprises}
          champions={champions}
          name={name}
          games={review.opponent.games}
          surprise
        />
      </div>
    </section>
  );
}

type UserMove = PracticeReview["user_moves"][number];

interface MovesProps {
  moves: UserMove[];
  champions: ReadonlyMap<number, Champion>;
  name: (id: number) => string;
}

/** From a tablet up: one row per move, the model's first choice in its own column. */
function MovesTable({ moves, champions, name }: MovesProps) {
  const { t } = useTranslation("practice");
  return (
    <table className="hidden w-full text-left text-sm sm:table" data-testid="practice-moves-table">
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            {t("review.step")}
          </th>
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            {t("review.choice")}
          </th>
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            {t("review.rank")}
          </th>
          <th scope="col" className="py-1.5 font-semibold">
            {t("review.best")}
          </th>
        </tr>
      </thead>
      <tbody>
        {moves.map((move) => (
          <tr key={move.step} className="border-t border-border align-top">
            <td className="py-2 pr-2 whitespace-nowrap text-muted">
              <MoveStep move={move} />
            </td>
            <td className="py-2 pr-2">
              <ChampionName champion={champions.get(move.champion_id)} fallback={name(move.champion_id)} />
            </td>
            <td className="py-2 pr-2 whitespace-nowrap tabular-nums">
              <RankBadge rank={move.rank} />
            </td>
            <td className="py-2">
              <BestChoice move={move} champions={champions} name={name} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * On a phone: the same moves as cards, so the model's first choice is read without scrolling
 * sideways (a four-column table does not fit 360 px). Hidden from a tablet up, where the table is.
 */
function MovesList({ moves, champions, name }: MovesProps) {
  const { t } = useTranslation("practice");
  return (
    <ol className="flex flex-col gap-2 sm:hidden" data-testid="practice-moves-list">
      {moves.map((move) => (
        <li key={move.step} className="flex flex-col gap-1.5 rounded-lg bg-surface-2 px-3 py-2 text-sm">
          <span className="flex items-center justify-between gap-2">
            <span className="text-xs text-muted">
              <MoveStep move={move} />
            </span>
            <span className="flex items-center gap-1.5 text-xs text-muted">
              <span className="sr-only">{t("review.rank")}:</span>
              <RankBadge rank={move.rank} />
            </span>
          </span>
          <ChampionName champion={champions.get(move.champion_id)} fallback={name(move.champion_id)} />
          <span className="flex flex-col gap-0.5 border-t border-border pt-1.5">
            {move.best && <span className="text-xs font-semibold text-muted">{t("review.best")}</span>}
            <BestChoice move={move} champions={champions} name={name} />
          </span>
        </li>
      ))}
    </ol>
  );
}

function MoveStep({ move }: { move: UserMove }) {
  const { t } = useTranslation("practice");
  return <>{t(move.action === "BAN" ? "review.banStep" : "review.pickStep", { step: move.step + 1 })}</>;
}

/** Where the user's choice stood: in the model's top three reads as agreement, lower as a miss. */
function RankBadge({ rank }: { rank: number | null }) {
  const { t } = useTranslation("practice");
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-bold tabular-nums text-fg",
        rank !== null && rank <= 3 ? "bg-success-soft" : "bg-warning-soft",
      )}
    >
      {rank === null ? t("review.unranked") : t("review.rankValue", { rank })}
    </span>
  );
}

/** The model's first choice at that step with its main reason, or that the user made it. */
function BestChoice({ move, champions, name }: { move: UserMove } & Omit<MovesProps, "moves">) {
  const { t } = useTranslation("practice");
  const best = move.best;
  if (!best)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
        <CircleCheck className="size-3.5" aria-hidden /> {t("review.modelsFirst")}
      </span>
    );
  return (
    <span className="flex flex-col gap-0.5">
      <ChampionName champion={champions.get(best.champion_id)} fallback={name(best.champion_id)} />
      {best.reasons[0] && (
        <span className="text-xs text-muted">
          {reasonText(best.reasons[0] as Parameters<typeof reasonText>[0])}
        </span>
      )}
    </span>
  );
}

function WinLine({ review }: { review: PracticeReview }) {
  const { t } = useTranslation("practice");
  const win = review.win;
  let text: string;
  if (!win) text = t("review.winNone");
  else if (!win.sufficient) text = t("review.winInsufficient", { count: win.games });
  else if (win.basis === "base_rate")
    text = t("review.winBaseRate", { rate: percent(win.user), count: win.games });
  else
    text = t("review.win", {
      rate: percent(win.user),
      low: percent(win.low),
      high: percent(win.high),
      opponent: 100 - percent(win.user),
      count: win.games,
    });
  return (
    <p
      className="rounded-xl bg-primary-soft px-3 py-2 text-sm font-semibold text-primary-soft-fg"
      data-testid="practice-win"
    >
      {text}
    </p>
  );
}

function ChampionName({ champion, fallback }: { champion: Champion | undefined; fallback: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-fg">
      {champion && (
        <ChampionImage
          name={champion.name}
          src={champion.icon_url}
          size={24}
          decorative
          className="rounded-md"
        />
      )}
      {champion?.name ?? fallback}
    </span>
  );
}

function OpponentList({
  title,
  empty,
  moves,
  champions,
  name,
  games = 0,
  surprise = false,
}: {
  title: string;
  empty: string;
  moves: PracticeReview["opponent_moves"];
  champions: ReadonlyMap<number, Champion>;
  name: (id: number) => string;
  /** Games of the opponent's history (a surprise was in none of them). */
  games?: number;
  surprise?: boolean;
}) {
  const { t } = useTranslation("practice");
  return (
    <div>
      <h3 className="mb-2 flex items-center gap-1.5 text-sm font-bold text-fg">
        {surprise && <Sparkles className="size-4 text-accent" aria-hidden />}
        {title}
      </h3>
      {moves.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm">
          {moves.map((move) => (
            <li
              key={move.step}
              className="flex items-center justify-between gap-2 rounded-lg bg-surface-2 px-2.5 py-1.5"
            >
              <ChampionName champion={champions.get(move.champion_id)} fallback={name(move.champion_id)} />
              <span className="text-xs text-muted">
                {surprise
                  ? t(move.action === "BAN" ? "history.neverBanned" : "history.neverPicked", { count: games })
                  : t(move.action === "BAN" ? "review.opponentBan" : "review.opponentPick", {
                      count: move.history_games,
                    })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
