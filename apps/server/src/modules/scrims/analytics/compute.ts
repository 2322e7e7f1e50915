import {
  type PoolTier,
  SCRIM_COMFORT_TIERS,
  SCRIM_COMPOSITIONS_LIMIT,
  SCRIM_KEEPS_LOSING_LOSSES,
  SCRIM_SMALL_SAMPLE,
  type ScrimAnalytics,
  type ScrimAnalyticsQuery,
  type ScrimComfortFigure,
  type ScrimCompositionFigure,
  type ScrimFigure,
  type ScrimGroupFigure,
  type ScrimLedgerRow,
  type ScrimPlayerChampionFigure,
} from "@draftroom/contracts";

/**
 * What the team learns from its ledger (issue 33, decision record 056), computed in process from
 * the ledger rows the filters kept: pure, no database, so the integration tests can hold it to a
 * slow reference and the bench measures only this and the cached read.
 *
 * Rules every figure follows:
 * - only `played` games with a winner are counted (`n`); remakes, games stopped early and games
 *   not (yet) played are reported in `games.excluded` and never count as a loss;
 * - `win_rate` is null when `n` is 0 (never a 0% or 100% from nothing);
 * - `small_sample` when `n < SCRIM_SMALL_SAMPLE`;
 * - a group appears as soon as one game of the filtered ledger falls in it, even if none counts,
 *   so a coach sees "3 games, all remade" rather than nothing.
 */

/** A roster player as comfort versus results needs it (read through the workspaces service). */
export interface ComfortPlayer {
  id: string;
  name: string;
  position: ScrimComfortFigure["position"];
  pool: readonly { champion_id: number; tier: PoolTier }[];
}

export const countsForWinRate = (row: ScrimLedgerRow): boolean =>
  row.status === "played" && row.winner !== null;

/** A running tally that becomes a figure. */
class Tally {
  n = 0;
  wins = 0;

  add(row: ScrimLedgerRow): void {
    if (!countsForWinRate(row)) return;
    this.n += 1;
    if (row.winner === "us") this.wins += 1;
  }

  figure(): ScrimFigure {
    return figureOf(this.n, this.wins);
  }
}

export function figureOf(n: number, wins: number): ScrimFigure {
  return {
    n,
    wins,
    losses: n - wins,
    win_rate: n === 0 ? null : wins / n,
    small_sample: n < SCRIM_SMALL_SAMPLE,
  };
}

/** Most games first, then the key: the same order on every request and in every test. */
const byWeight = <T extends { n: number; key: string }>(a: T, b: T) =>
  b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

class Groups {
  readonly #groups = new Map<string, { label: string; tally: Tally }>();

  add(key: string, label: string, row: ScrimLedgerRow): void {
    let group = this.#groups.get(key);
    if (!group) {
      group = { label, tally: new Tally() };
      this.#groups.set(key, group);
    }
    group.tally.add(row);
  }

  figures(): ScrimGroupFigure[] {
    return [...this.#groups]
      .map(([key, { label, tally }]) => ({ key, label, ...tally.figure() }))
      .sort(byWeight);
  }
}

const SIDE_LABELS = { BLUE: "Blue side", RED: "Red side" } as const;
const VERDICT_LABELS = {
  draft_won: "The draft won it",
  draft_lost: "The draft lost it",
  even: "Even",
  execution: "Execution",
} as const;
const SELECTION_LABELS = {
  us_side: "We had first selection and chose the side",
  us_first_pick: "We had first selection and chose first pick",
  them_side: "They had first selection and chose the side",
  them_first_pick: "They had first selection and chose first pick",
} as const;

/** Monday (UTC) of the ISO week holding `iso`, as YYYY-MM-DD. */
export function weekOf(iso: string): string {
  const day = new Date(iso);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday));
  return monday.toISOString().slice(0, 10);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The weekly win rates from the first to the last week with a counted game, every week between
 * included (n 0, no rate), so a chart's weeks are evenly spaced and an empty week reads as a gap,
 * never as a 0 % week. Weeks before or after those that hold only games not counted (next week's
 * planned scrim, a remake) are left out.
 */
function trendOf(weeks: ReadonlyMap<string, Tally>): ScrimAnalytics["trend"] {
  const counted = [...weeks]
    .filter(([, tally]) => tally.n > 0)
    .map(([week]) => week)
    .sort();
  const first = counted[0];
  const last = counted.at(-1);
  if (first === undefined || last === undefined) return [];
  const trend: ScrimAnalytics["trend"] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += WEEK_MS) {
    const week = new Date(at).toISOString().slice(0, 10);
    trend.push({ week, ...(weeks.get(week)?.figure() ?? figureOf(0, 0)) });
  }
  return trend;
}

export const playerKeyOf = (line: ScrimLedgerRow["players"][number]): string =>
  line.roster_player_id ?? `name:${line.name.toLowerCase()}`;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface PlayerTally {
  player_key: string;
  player_name: string;
  position: ScrimPlayerChampionFigure["position"];
  champion_id: number;
  tally: Tally;
  kills: number;
  deaths: number;
  assists: number;
  gold: number;
  goldN: number;
}

function playerFigures(
  rows: readonly ScrimLedgerRow[],
  player: string | undefined,
): ScrimPlayerChampionFigure[] {
  const tallies = new Map<string, PlayerTally>();
  for (const row of rows) {
    for (const line of row.players) {
      if (line.champion_id === null) continue;
      const playerKey = playerKeyOf(line);
      if (player !== undefined && line.roster_player_id !== player) continue;
      const key = `${playerKey}|${line.position}|${line.champion_id}`;
      let entry = tallies.get(key);
      if (!entry) {
        entry = {
          player_key: playerKey,
          player_name: line.name,
          position: line.position,
          champion_id: line.champion_id,
          tally: new Tally(),
          kills: 0,
          deaths: 0,
          assists: 0,
          gold: 0,
          goldN: 0,
        };
        tallies.set(key, entry);
      }
      entry.tally.add(row);
      // K/D/A and gold of the counted games only: a remake's scoreline says nothing.
      if (!countsForWinRate(row)) continue;
      entry.kills += line.kills;
      entry.deaths += line.deaths;
      entry.assists += line.assists;
      if (line.gold_at_15 !== null) {
        entry.gold += line.gold_at_15;
        entry.goldN += 1;
      }
    }
  }
  return [...tallies.values()]
    .map((t) => ({
      player_key: t.player_key,
      player_name: t.player_name,
      position: t.position,
      champion_id: t.champion_id,
      ...t.tally.figure(),
      kills: t.kills,
      deaths: t.deaths,
      assists: t.assists,
      kda: t.tally.n === 0 ? null : round((t.kills + t.assists) / Math.max(1, t.deaths), 2),
      gold_at_15: t.goldN === 0 ? null : round(t.gold / t.goldN, 1),
      gold_at_15_n: t.goldN,
    }))
    .sort(
      (a, b) =>
        b.n - a.n ||
        a.player_key.localeCompare(b.player_key) ||
        a.position.localeCompare(b.position) ||
        a.champion_id - b.champion_id,
    );
}

function comfortFigures(
  rows: readonly ScrimLedgerRow[],
  roster: readonly ComfortPlayer[],
  player: string | undefined,
): ScrimComfortFigure[] {
  const comfortTiers: readonly string[] = SCRIM_COMFORT_TIERS;
  const tallies = new Map<string, Tally>();
  for (const row of rows) {
    for (const line of row.players) {
      if (line.roster_player_id === null || line.champion_id === null) continue;
      const key = `${line.roster_player_id}|${line.champion_id}`;
      let tally = tallies.get(key);
      if (!tally) {
        tally = new Tally();
        tallies.set(key, tally);
      }
      tally.add(row);
    }
  }
  const figures: ScrimComfortFigure[] = [];
  for (const rostered of roster) {
    if (player !== undefined && rostered.id !== player) continue;
    for (const entry of rostered.pool) {
      if (!comfortTiers.includes(entry.tier)) continue;
      const figure = (tallies.get(`${rostered.id}|${entry.champion_id}`) ?? new Tally()).figure();
      figures.push({
        player_key: rostered.id,
        player_name: rostered.name,
        position: rostered.position,
        champion_id: entry.champion_id,
        tier: entry.tier,
        ...figure,
        keeps_losing:
          figure.losses >= SCRIM_KEEPS_LOSING_LOSSES && figure.win_rate !== null && figure.win_rate < 0.5,
      });
    }
  }
  // The ones the player keeps losing on first: that is what the staff opens this for.
  return figures.sort(
    (a, b) =>
      Number(b.keeps_losing) - Number(a.keeps_losing) ||
      a.player_key.localeCompare(b.player_key) ||
      a.champion_id - b.champion_id,
  );
}

function compositionFigures(rows: readonly ScrimLedgerRow[]): ScrimCompositionFigure[] {
  const groups = new Map<string, { ids: number[]; tally: Tally }>();
  for (const row of rows) {
    if (row.our_picks.length !== 5) continue;
    const ids = [...row.our_picks].sort((a, b) => a - b);
    const key = ids.join("-");
    let group = groups.get(key);
    if (!group) {
      group = { ids, tally: new Tally() };
      groups.set(key, group);
    }
    group.tally.add(row);
  }
  return [...groups]
    .map(([key, { ids, tally }]) => ({ key, champion_ids: ids, ...tally.figure() }))
    .sort(byWeight)
    .slice(0, SCRIM_COMPOSITIONS_LIMIT);
}

/**
 * The rows without the games still to come: no result yet, and their scrim starts after `now`
 * (next week's scrim is in the ledger as soon as it is planned). What the team learns rests on the
 * games that were due; counted among the "not counted" games, or as an opponent with no games, the
 * planned ones only blur it. A game played ahead of its planned start has a result and stays.
 */
export function withoutGamesToCome(rows: readonly ScrimLedgerRow[], now: number): ScrimLedgerRow[] {
  return rows.filter((row) => row.status !== "scheduled" || Date.parse(row.starts_at) <= now);
}

/** Every figure of the analytics page from the filtered ledger rows (oldest first or any order). */
export function computeAnalytics(
  rows: readonly ScrimLedgerRow[],
  query: ScrimAnalyticsQuery,
  roster: readonly ComfortPlayer[],
): ScrimAnalytics {
  const overall = new Tally();
  const excluded = { remake: 0, stopped_early: 0, unfinished: 0 };
  const side = new Groups();
  const firstPick = new Groups();
  const firstSelection = new Groups();
  const opponent = new Groups();
  const plan = new Groups();
  const branch = new Groups();
  const verdict = new Groups();
  const tag = new Groups();
  const weeks = new Map<string, Tally>();

  for (const row of rows) {
    overall.add(row);
    if (row.status === "remake") excluded.remake += 1;
    else if (row.status === "stopped_early") excluded.stopped_early += 1;
    else if (!countsForWinRate(row)) excluded.unfinished += 1;

    if (row.our_side) side.add(row.our_side, SIDE_LABELS[row.our_side], row);
    if (row.we_first_picked !== null) {
      firstPick.add(
        row.we_first_picked ? "first_pick" : "second_pick",
        row.we_first_picked ? "First pick" : "Second pick",
        row,
      );
    }
    if (row.first_selection) {
      const key = `${row.first_selection.by}_${row.first_selection.choice}` as keyof typeof SELECTION_LABELS;
      firstSelection.add(key, SELECTION_LABELS[key], row);
    }
    opponent.add(row.opponent_key, row.opponent_name, row);
    if (row.plan_id) {
      const planName = row.plan_name ?? "Deleted plan";
      plan.add(row.plan_id, planName, row);
      branch.add(`${row.plan_id}:${row.branch_id ?? ""}`, `${planName} / ${row.branch_label ?? "root"}`, row);
    }
    if (row.verdict) verdict.add(row.verdict, VERDICT_LABELS[row.verdict], row);
    for (const name of new Set(row.tags)) tag.add(name, name, row);

    const week = weekOf(row.starts_at);
    let weekTally = weeks.get(week);
    if (!weekTally) {
      weekTally = new Tally();
      weeks.set(week, weekTally);
    }
    weekTally.add(row);
  }

  const filters = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as ScrimAnalytics["filters"];
  const counted = overall.n;
  return {
    filters,
    kind: query.kind,
    mixed: query.kind === "all",
    small_sample_threshold: SCRIM_SMALL_SAMPLE,
    games: { total: rows.length, counted, excluded },
    overall: overall.figure(),
    by: {
      side: side.figures(),
      first_pick: firstPick.figures(),
      first_selection: firstSelection.figures(),
      opponent: opponent.figures(),
      plan: plan.figures(),
      branch: branch.figures(),
      verdict: verdict.figures(),
      tag: tag.figures(),
    },
    players: playerFigures(rows, query.player),
    trend: trendOf(weeks),
    comfort: comfortFigures(rows, roster, query.player),
    compositions: compositionFigures(rows),
  };
}
