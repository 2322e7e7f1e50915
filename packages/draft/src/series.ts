/**
 * Best-of-N series and fearless rules as data. Pure: the server validates
 * with it, the web app draws with it. Teams are "A" and "B" (a seat belongs to a team, not a
 * side: sides change between games).
 */
import type { Side } from "./formats.ts";
import type { DraftActionInput } from "./state.ts";

export type SeriesTeam = "A" | "B";
export const SERIES_TEAMS: readonly SeriesTeam[] = ["A", "B"];

export const BEST_OF = [1, 3, 5, 7] as const;
export type BestOf = (typeof BEST_OF)[number];

/** What locks a champion after a game: nothing, the picks, or the picks and the bans. */
export const FEARLESS_FROM = ["none", "picks", "picks+bans"] as const;
export type FearlessFrom = (typeof FEARLESS_FROM)[number];
/** Whom it locks for: both teams, or only the team that took it. */
export const FEARLESS_SCOPES = ["both", "own"] as const;
export type FearlessScope = (typeof FEARLESS_SCOPES)[number];

export interface FearlessRule {
  readonly from: FearlessFrom;
  readonly scope: FearlessScope;
  /** The last possible game (game N of a BoN) is played with the full pool. */
  readonly reset_last_game: boolean;
}

export const FEARLESS_PRESETS = ["standard", "hard", "soft", "ironman"] as const;
export type FearlessPreset = (typeof FEARLESS_PRESETS)[number];

/**
 * The rule of a preset, with or without the last-game reset.
 *
 * @example
 * fearlessRule("soft"); // { from: "picks", scope: "own", reset_last_game: false }
 * fearlessRule("ironman", true).reset_last_game; // true
 */
export function fearlessRule(preset: FearlessPreset, resetLastGame = false): FearlessRule {
  const base: Record<FearlessPreset, Pick<FearlessRule, "from" | "scope">> = {
    standard: { from: "none", scope: "both" },
    hard: { from: "picks", scope: "both" },
    soft: { from: "picks", scope: "own" },
    ironman: { from: "picks+bans", scope: "both" },
  };
  return { ...base[preset], reset_last_game: resetLastGame };
}

/**
 * The preset a rule matches (the reset is a separate option), or null for a custom rule.
 *
 * @example
 * presetOf({ from: "picks", scope: "both", reset_last_game: true }); // "hard"
 */
export function presetOf(rule: FearlessRule): FearlessPreset | null {
  if (rule.from === "none") return "standard";
  if (rule.from === "picks") return rule.scope === "both" ? "hard" : "soft";
  return rule.scope === "both" ? "ironman" : null;
}

/** How the sides of the next game are set. */
export const SIDE_CHOICES = ["loser", "alternate", "organiser"] as const;
export type SideChoice = (typeof SIDE_CHOICES)[number];

/** One game as the series rules need it. */
export interface SeriesGameInput {
  /** 1-based. */
  readonly number: number;
  /** The team on the blue side. */
  readonly blue: SeriesTeam;
  readonly actions: readonly DraftActionInput[];
  readonly winner: SeriesTeam | null;
}

export interface SeriesInput {
  readonly best_of: BestOf;
  readonly rule: FearlessRule;
  /** Champions nobody may pick or ban in any game. */
  readonly disabled: readonly number[];
  readonly side_choice: SideChoice;
  /** Play every game even once the series is decided. */
  readonly scrim_block: boolean;
  readonly games: readonly SeriesGameInput[];
}

/** Why a champion is locked: disabled for the series, or picked/banned by a team in a game. */
export type LockReason =
  | { readonly kind: "disabled" }
  | { readonly kind: "picked" | "banned"; readonly team: SeriesTeam; readonly game: number };

/**
 * The team on a side in a game.
 *
 * @example
 * teamOnSide({ number: 2, blue: "B", actions: [], winner: null }, "RED"); // "A"
 */
export function teamOnSide(game: Pick<SeriesGameInput, "blue">, side: Side): SeriesTeam {
  return side === "BLUE" ? game.blue : otherTeam(game.blue);
}

/**
 * The side a team plays in a game.
 *
 * @example
 * sideOfTeam({ blue: "A" }, "B"); // "RED"
 */
export function sideOfTeam(game: Pick<SeriesGameInput, "blue">, team: SeriesTeam): Side {
  return game.blue === team ? "BLUE" : "RED";
}

export function otherTeam(team: SeriesTeam): SeriesTeam {
  return team === "A" ? "B" : "A";
}

/**
 * The champions a team may not pick or ban in a game, each with the first reason that locked it:
 * the series' disabled champions, plus, by the fearless rule, what earlier games used (for both
 * teams, or for the team that took it). The last possible game of a series with the reset has
 * only the disabled champions. Earlier games are those numbered below `gameNumber`.
 *
 * @example
 * const locked = lockedFor(series, 3, "A");
 * locked.get(157); // { kind: "picked", team: "B", game: 2 }
 * withLocked(state, locked.keys());
 */
export function lockedFor(
  series: SeriesInput,
  gameNumber: number,
  team: SeriesTeam,
): Map<number, LockReason> {
  const locked = new Map<number, LockReason>();
  for (const id of series.disabled) locked.set(id, { kind: "disabled" });
  const { rule } = series;
  if (rule.from === "none") return locked;
  if (rule.reset_last_game && gameNumber >= series.best_of) return locked;
  const earlier = series.games.filter((game) => game.number < gameNumber).sort((a, b) => a.number - b.number);
  for (const game of earlier) {
    for (const action of game.actions) {
      if (action.champion_id === null || locked.has(action.champion_id)) continue;
      if (action.action_type === "BAN" && rule.from !== "picks+bans") continue;
      const by = teamOnSide(game, action.team_side);
      if (rule.scope === "own" && by !== team) continue;
      locked.set(action.champion_id, {
        kind: action.action_type === "PICK" ? "picked" : "banned",
        team: by,
        game: game.number,
      });
    }
  }
  return locked;
}

/**
 * The locked sets of a game in the engine's terms: `locked` for both sides, `sideLocked` per side
 * (what only one team may not take). Feed them to `createDraft`/`fromActions`/`withLocked`.
 *
 * @example
 * const { locked, sideLocked } = draftLocks(series, game);
 * fromActions(actions, { format, locked, sideLocked });
 */
export function draftLocks(
  series: SeriesInput,
  game: Pick<SeriesGameInput, "number" | "blue">,
): { locked: number[]; sideLocked: Record<Side, number[]> } {
  const blue = lockedFor(series, game.number, game.blue);
  const red = lockedFor(series, game.number, otherTeam(game.blue));
  const locked = [...blue.keys()].filter((id) => red.has(id));
  return {
    locked,
    sideLocked: {
      BLUE: [...blue.keys()].filter((id) => !red.has(id)),
      RED: [...red.keys()].filter((id) => !blue.has(id)),
    },
  };
}

export interface SeriesScore {
  readonly A: number;
  readonly B: number;
  /** The team with a majority of `best_of`, or null. */
  readonly winner: SeriesTeam | null;
}

/**
 * Wins per team and the series winner (the first to a majority of `best_of`).
 *
 * @example
 * seriesScore({ best_of: 3, games: [{ winner: "A" }, { winner: "A" }] }); // { A: 2, B: 0, winner: "A" }
 */
export function seriesScore(series: {
  best_of: number;
  games: readonly Pick<SeriesGameInput, "winner">[];
}): SeriesScore {
  let a = 0;
  let b = 0;
  let winner: SeriesTeam | null = null;
  const needed = Math.floor(series.best_of / 2) + 1;
  for (const game of series.games) {
    if (game.winner === "A") a++;
    else if (game.winner === "B") b++;
    if (!winner && a >= needed) winner = "A";
    if (!winner && b >= needed) winner = "B";
  }
  return { A: a, B: b, winner };
}

export type NextGameState =
  | { readonly status: "ready"; readonly number: number }
  | { readonly status: "waiting"; readonly number: number }
  | { readonly status: "complete" };

/**
 * Whether another game can start: `waiting` while the last game has no winner, `complete` once
 * every game is played or the series is decided (unless it is a scrim block).
 *
 * @example
 * nextGame({ best_of: 3, scrim_block: false, games: [{ number: 1, winner: "A" }, { number: 2, winner: "A" }] });
 * // { status: "complete" }
 */
export function nextGame(
  series: Pick<SeriesInput, "best_of" | "scrim_block"> & {
    games: readonly Pick<SeriesGameInput, "number" | "winner">[];
  },
): NextGameState {
  const games = [...series.games].sort((a, b) => a.number - b.number);
  const last = games[games.length - 1];
  const score = seriesScore({ best_of: series.best_of, games });
  if (games.length >= series.best_of && (!last || last.winner !== null)) return { status: "complete" };
  if (score.winner && !series.scrim_block) return { status: "complete" };
  if (last && last.winner === null) return { status: "waiting", number: last.number };
  return { status: "ready", number: games.length + 1 };
}

/** Who sets the sides of a game: a team (the previous game's loser) or the organiser. */
export type SideChooser = { readonly by: "team"; readonly team: SeriesTeam } | { readonly by: "organiser" };

export type SidesResult =
  | { readonly ok: true; readonly blue: SeriesTeam; readonly chooser: SideChooser | null }
  | { readonly ok: false; readonly code: "side_required" };

/**
 * The blue team of a game under the series' side choice. Game 1 and the organiser's choice take
 * `chosen` (default team A on blue); `loser` lets the previous game's loser choose (`chosen` is
 * their answer, required); `alternate` swaps the previous game's sides (no choice).
 *
 * @example
 * gameSides({ side_choice: "alternate", games: [{ number: 1, blue: "A", winner: "B" }] }, 2); // { ok: true, blue: "B", chooser: null }
 * gameSides({ side_choice: "loser", games: [{ number: 1, blue: "A", winner: "B" }] }, 2, "A").chooser; // { by: "team", team: "A" }
 */
export function gameSides(
  series: Pick<SeriesInput, "side_choice"> & {
    games: readonly Pick<SeriesGameInput, "number" | "blue" | "winner">[];
  },
  gameNumber: number,
  chosen?: SeriesTeam,
): SidesResult {
  const previous = series.games.find((game) => game.number === gameNumber - 1);
  if (!previous) return { ok: true, blue: chosen ?? "A", chooser: { by: "organiser" } };
  if (series.side_choice === "alternate") return { ok: true, blue: otherTeam(previous.blue), chooser: null };
  const chooser: SideChooser =
    series.side_choice === "loser" && previous.winner
      ? { by: "team", team: otherTeam(previous.winner) }
      : { by: "organiser" };
  if (!chosen) return { ok: false, code: "side_required" };
  return { ok: true, blue: chosen, chooser };
}

// ---- pool depth -----------------------------------------------------------------------------

export type PoolTier = "S" | "A" | "B" | "C";
export type PoolPosition = "top" | "jungle" | "mid" | "bot" | "support";
const POOL_POSITIONS: readonly PoolPosition[] = ["top", "jungle", "mid", "bot", "support"];
/** Tiers a team counts as comfortable picks. */
export const COMFORT_TIERS: readonly PoolTier[] = ["S", "A"];

export interface PoolDepthEntry {
  readonly position: PoolPosition;
  readonly tier: PoolTier;
  /** Champions of that tier the team lists for the position. */
  readonly total: number;
  /** Those still free (not locked for the team). */
  readonly left: number;
}

/**
 * A team's remaining pool per position and tier: how many of its priority champions are not
 * locked. Only positions and tiers the team lists appear, in position then tier order.
 *
 * @example
 * poolDepth([{ champion_id: 64, tier: "S", positions: ["jungle"] }, …], new Set([64]));
 * // [{ position: "jungle", tier: "S", total: 3, left: 2 }, …]
 */
export function poolDepth(
  priorities: readonly { champion_id: number; tier: PoolTier; positions?: readonly string[] }[],
  locked: { has(id: number): boolean },
): PoolDepthEntry[] {
  const entries: PoolDepthEntry[] = [];
  for (const position of POOL_POSITIONS) {
    for (const tier of ["S", "A", "B", "C"] as const) {
      const listed = priorities.filter(
        (entry) => entry.tier === tier && (entry.positions ?? []).includes(position),
      );
      if (listed.length === 0) continue;
      const left = listed.filter((entry) => !locked.has(entry.champion_id)).length;
      entries.push({ position, tier, total: listed.length, left });
    }
  }
  return entries;
}

/**
 * The comfortable (S/A) pool entries running low: at most `threshold` left (default 2).
 *
 * @example
 * thinPools(poolDepth(priorities, locked)); // [{ position: "jungle", tier: "S", total: 3, left: 2 }]
 */
export function thinPools(entries: readonly PoolDepthEntry[], threshold = 2): PoolDepthEntry[] {
  return entries.filter((entry) => COMFORT_TIERS.includes(entry.tier) && entry.left <= threshold);
}
