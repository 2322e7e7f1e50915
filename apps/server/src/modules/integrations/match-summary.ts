import type { RiotGame, RiotGameComparison } from "@draftroom/contracts";
import type { RiotMatch, RiotTimeline } from "./riot-client.ts";

/**
 * What a ledger game takes from a Match-V5 game and its timeline (decision 051): the winner,
 * duration, patch, objectives per side, and each player's champion, K/D/A and gold at 15 minutes.
 * Pure: the Riot client fetched both documents.
 */

const FIFTEEN_MINUTES_MS = 15 * 60_000;
const sideOf = (teamId: 100 | 200) => (teamId === 100 ? "BLUE" : "RED");

/** The frame at 15:00 (Riot's frames are a minute apart, give or take a few ms); none before it. */
function frameAt15(timeline: RiotTimeline | null) {
  const frames = timeline?.info.frames ?? [];
  return frames.find((frame) => frame.timestamp >= FIFTEEN_MINUTES_MS - 1_000) ?? null;
}

/**
 * @example
 * summariseMatch(match, timeline).players[0] // { champion_name: "Aatrox", kills: 3, gold_at_15: 6120, … }
 */
export function summariseMatch(match: RiotMatch, timeline: RiotTimeline | null): RiotGame {
  const info = match.info;
  const frame = frameAt15(timeline);
  // Before 11.20 gameDuration was in milliseconds; a game with gameEndTimestamp gives seconds.
  const durationSeconds =
    info.gameEndTimestamp === undefined ? Math.round(info.gameDuration / 1000) : info.gameDuration;
  const timelineIdOf = new Map(
    (timeline?.info.participants ?? []).map((participant) => [participant.puuid, participant.participantId]),
  );
  const objectives = (teamId: 100 | 200) => {
    const team = info.teams.find((candidate) => candidate.teamId === teamId);
    const o = team?.objectives;
    return {
      towers: o?.tower.kills ?? 0,
      dragons: o?.dragon.kills ?? 0,
      barons: o?.baron.kills ?? 0,
      heralds: o?.riftHerald?.kills ?? 0,
      first_blood: o?.champion.first ?? false,
      first_tower: o?.tower.first ?? false,
    };
  };
  const winner = info.teams.find((team) => team.win);
  const [major, minor] = info.gameVersion.split(".");
  return {
    match_id: match.metadata.matchId,
    winner: winner ? sideOf(winner.teamId) : null,
    duration_seconds: durationSeconds,
    patch: minor === undefined ? info.gameVersion : `${major}.${minor}`,
    started_at:
      info.gameStartTimestamp !== undefined
        ? new Date(info.gameStartTimestamp).toISOString()
        : info.gameCreation !== undefined
          ? new Date(info.gameCreation).toISOString()
          : null,
    tournament_code: info.tournamentCode || null,
    objectives: { BLUE: objectives(100), RED: objectives(200) },
    players: info.participants.map((participant, index) => {
      const frameId = timelineIdOf.get(participant.puuid) ?? participant.participantId ?? index + 1;
      const gold = frame?.participantFrames[String(frameId)]?.totalGold;
      return {
        puuid: participant.puuid,
        riot_id: [participant.riotIdGameName, participant.riotIdTagline].filter(Boolean).join("#"),
        side: sideOf(participant.teamId),
        position: participant.teamPosition ?? "",
        champion_id: participant.championId,
        champion_name: participant.championName,
        kills: participant.kills,
        deaths: participant.deaths,
        assists: participant.assists,
        gold_at_15: gold === undefined ? null : Math.round(gold),
      };
    }),
    source: "riot_match_v5",
  };
}

/**
 * Compares a played game with a drafted one by their ten champions (Riot has no pick order, and
 * the client may put the teams on either side): equal sets per team, either way round. A mismatch
 * is reported, never merged (the ledger keeps the draft and shows the difference).
 *
 * @example
 * compareWithDraft(summary, { BLUE: [266, 64, 103, 22, 412], RED: [...] }).champions_match // true
 */
export function compareWithDraft(
  summary: RiotGame,
  drafted: { readonly BLUE: readonly number[]; readonly RED: readonly number[] },
): RiotGameComparison {
  const played = (side: "BLUE" | "RED") =>
    new Set(summary.players.filter((player) => player.side === side).map((player) => player.champion_id));
  const same = (a: ReadonlySet<number>, b: readonly number[]) =>
    a.size === b.length && b.every((id) => a.has(id));
  const blue = played("BLUE");
  const red = played("RED");
  const championsMatch =
    (same(blue, drafted.BLUE) && same(red, drafted.RED)) ||
    (same(blue, drafted.RED) && same(red, drafted.BLUE));
  const draftedAll = new Set([...drafted.BLUE, ...drafted.RED]);
  const playedAll = new Set([...blue, ...red]);
  return {
    summary,
    champions_match: championsMatch,
    only_in_draft: [...draftedAll].filter((id) => !playedAll.has(id)).sort((a, b) => a - b),
    only_in_match: [...playedAll].filter((id) => !draftedAll.has(id)).sort((a, b) => a - b),
    our_side: null,
    ledger_result: null,
  };
}

/**
 * Our side in a played game: the side most of the roster's checked PUUIDs played on (null when
 * none of them played).
 */
export function ourSideOf(summary: RiotGame, ourPuuids: ReadonlySet<string>): "BLUE" | "RED" | null {
  let blue = 0;
  let red = 0;
  for (const player of summary.players) {
    if (!ourPuuids.has(player.puuid)) continue;
    if (player.side === "BLUE") blue++;
    else red++;
  }
  return blue === red ? null : blue > red ? "BLUE" : "RED";
}

/** A ledger result with every field given (what the result form is filled with). */
export type LedgerResult = NonNullable<RiotGameComparison["ledger_result"]>;

const LEDGER_POSITIONS = ["top", "jungle", "mid", "bot", "support"] as const;
const RIOT_POSITIONS: Readonly<Record<string, (typeof LEDGER_POSITIONS)[number]>> = {
  TOP: "top",
  JUNGLE: "jungle",
  MIDDLE: "mid",
  BOTTOM: "bot",
  UTILITY: "support",
};

/**
 * A played game as a ledger result seen from `ourSide`: the winner (us/them), duration, team
 * figures and our five players (their roster player when the PUUID is a checked Riot ID).
 *
 * @example
 * ledgerResultOf(summary, "BLUE", new Map()).winner // "us" when blue won
 */
export function ledgerResultOf(
  summary: RiotGame,
  ourSide: "BLUE" | "RED",
  rosterByPuuid: ReadonlyMap<string, string>,
): LedgerResult {
  const theirSide = ourSide === "BLUE" ? "RED" : "BLUE";
  const ours = summary.players.filter((player) => player.side === ourSide);
  const theirs = summary.players.filter((player) => player.side === theirSide);
  const sum = (list: typeof ours, pick: (player: (typeof ours)[number]) => number) =>
    list.reduce((total, player) => total + pick(player), 0);
  const goldKnown = summary.players.every((player) => player.gold_at_15 !== null);
  const taken = new Set<string>();
  const positionOf = (riot: string, index: number) => {
    const named = RIOT_POSITIONS[riot];
    const position =
      named && !taken.has(named)
        ? named
        : (LEDGER_POSITIONS.find((candidate, i) => i >= index && !taken.has(candidate)) ??
          LEDGER_POSITIONS.find((candidate) => !taken.has(candidate))!);
    taken.add(position);
    return position;
  };
  const o = summary.objectives;
  const whoFirst = (first: "first_blood" | "first_tower") =>
    o[ourSide][first] ? ("us" as const) : o[theirSide][first] ? ("them" as const) : undefined;
  const figures: LedgerResult["figures"] = {
    kills_us: Math.min(
      99,
      sum(ours, (player) => player.kills),
    ),
    kills_them: Math.min(
      99,
      sum(theirs, (player) => player.kills),
    ),
    dragons_us: o[ourSide].dragons,
    dragons_them: o[theirSide].dragons,
    barons_us: o[ourSide].barons,
    barons_them: o[theirSide].barons,
    ...(goldKnown
      ? {
          gold_diff_at_15: Math.max(
            -100_000,
            Math.min(100_000, sum(ours, (p) => p.gold_at_15!) - sum(theirs, (p) => p.gold_at_15!)),
          ),
        }
      : {}),
    ...(whoFirst("first_blood") ? { first_blood: whoFirst("first_blood") } : {}),
    ...(whoFirst("first_tower") ? { first_tower: whoFirst("first_tower") } : {}),
  };
  return {
    status: summary.winner === null ? "stopped_early" : "played",
    winner: summary.winner === null ? null : summary.winner === ourSide ? "us" : "them",
    our_side: ourSide,
    duration_seconds: Math.min(14_400, Math.max(0, summary.duration_seconds)),
    figures,
    players: ours.slice(0, 5).map((player, index) => ({
      position: positionOf(player.position, index),
      roster_player_id: rosterByPuuid.get(player.puuid) ?? null,
      name: (player.riot_id || player.champion_name).slice(0, 60),
      champion_id: player.champion_id,
      kills: player.kills,
      deaths: player.deaths,
      assists: player.assists,
      gold_at_15: player.gold_at_15,
    })),
    source: "imported",
    provider: "riot-match-v5",
  };
}
