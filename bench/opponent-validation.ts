/**
 * Chooses the practice opponent's team weighting WITHOUT the games it is scored on: leave-one-game-
 * out on the teams with 3 or 4 other games (validation), never on the teams with at least 5 (the
 * quality bench scores those). Prints hit@10 of each candidate setting of `OPPONENT_MODEL`.
 *
 * Run: `npx tsx bench/opponent-validation.ts` (MATCH_CSV to use another file).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  buildStatistics,
  type ChampionInfo,
  DRAFT_SEQUENCE,
  OPPONENT_MODEL,
  type Side,
  stepOfOrder,
  teamKey,
} from "@draftroom/draft";
import { parseOraclesElixir } from "../apps/server/src/modules/matches/oracles-elixir.ts";
import { type OpponentBenchGame, opponentTally, tallyOpponentFold } from "./opponent-quality.ts";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const ddragon = JSON.parse(
  readFileSync(root("apps/server/seed-data/ddragon-champion-16.6.1.json"), "utf8"),
) as {
  data: Record<string, { id: string; key: string; name: string; tags: string[] }>;
};
const pool = Object.values(ddragon.data).map((c) => ({
  id: Number(c.key),
  name: c.name,
  champion_key: c.id,
}));
const champions: ChampionInfo[] = Object.values(ddragon.data)
  .map((c) => ({ id: Number(c.key), name: c.name, role: c.tags[0] ?? "Fighter", tags: c.tags }))
  .sort((a, b) => a.id - b.id);
const csvPath = process.env.MATCH_CSV ?? root("apps/server/seed-data/oracles-elixir-2025-sample.csv");
const parsed = parseOraclesElixir(readFileSync(csvPath, "utf8"), pool);

const steps = (side: Side, type: "PICK" | "BAN") =>
  DRAFT_SEQUENCE.filter((s) => s.side === side && s.type === type).map((s) => s.index);
const games: OpponentBenchGame[] = [];
for (const game of parsed.games) {
  if (game.picks.some((p) => p.pick_order === null)) continue;
  const events = [
    ...game.picks.map((p) => ({
      step: steps(p.side, "PICK")[p.pick_order! - 1]!,
      side: p.side,
      type: "PICK" as const,
      champion_id: p.champion_id,
    })),
    ...game.bans.map((b) => ({
      step: steps(b.side, "BAN")[b.ban_order - 1]!,
      side: b.side,
      type: "BAN" as const,
      champion_id: b.champion_id,
    })),
  ].sort((a, b) => a.step - b.step);
  games.push({
    id: game.id,
    teams: { BLUE: game.blue_team, RED: game.red_team },
    events,
    statistics: {
      winner: game.winner,
      patch: game.patch,
      teams: { BLUE: game.blue_team, RED: game.red_team },
      picks: game.picks.map((p) => ({
        side: p.side,
        champion_id: p.champion_id,
        position: p.position,
        step: p.pick_order === null ? null : stepOfOrder(p.side, "PICK", p.pick_order),
      })),
      bans: game.bans.map((b) => ({
        champion_id: b.champion_id,
        side: b.side,
        step: stepOfOrder(b.side, "BAN", b.ban_order),
      })),
    },
  });
}

const counts = new Map<string, number>();
for (const g of games)
  for (const n of Object.values(g.teams)) counts.set(teamKey(n), (counts.get(teamKey(n)) ?? 0) + 1);
// Validation teams: 3 or 4 OTHER games (4-5 in all); teams with >= 5 other games are the test set.
const isValidation = (name: string) => {
  const other = (counts.get(teamKey(name)) ?? 0) - 1;
  return other >= 3 && other < 5;
};

const CANDIDATES: Partial<typeof OPPONENT_MODEL>[] = [
  { form: "ratio", teamWeight: 1, poolWeight: 0.5 },
  { form: "ratio", teamWeight: 0.5, poolWeight: 0 },
  { form: "ratio", teamWeight: 0.5, poolWeight: 0.25 },
  { form: "ratio", teamWeight: 0.3, poolWeight: 0 },
  { form: "ratio", teamWeight: 0.75, poolWeight: 0 },
  { form: "mixture", teamWeight: 1, poolWeight: 0.5 },
  { form: "mixture", teamWeight: 1, poolWeight: 0.25 },
  { form: "mixture", teamWeight: 1, poolWeight: 0 },
  { form: "mixture", teamWeight: 0.5, poolWeight: 0 },
  { form: "mixture", teamWeight: 2, poolWeight: 0 },
];
const shipped = { ...OPPONENT_MODEL };
const statisticsWithout = new Map<string, ReturnType<typeof buildStatistics>>();
for (const config of CANDIDATES) {
  Object.assign(OPPONENT_MODEL, shipped, config);
  const tally = opponentTally();
  for (const game of games) {
    if (!Object.values(game.teams).some(isValidation)) continue;
    const training = games.filter((g) => g.id !== game.id);
    let statistics = statisticsWithout.get(game.id);
    if (!statistics) {
      statistics = buildStatistics(
        training.map((g) => g.statistics),
        { calibrateWinModel: false },
      );
      statisticsWithout.set(game.id, statistics);
    }
    // Only the validation teams' choices: a test team's choice in the same game is not scored.
    tallyOpponentFold(tally, training, [game], champions, statistics, 3, isValidation);
  }
  const f = (x: { n: number; hit10: number }) => (x.hit10 / Math.max(1, x.n)).toFixed(3);
  console.log(
    `${JSON.stringify(config)}: team ${f(tally.team)} vs global ${f(tally.global)} on ${tally.team.n} choices`,
  );
}
