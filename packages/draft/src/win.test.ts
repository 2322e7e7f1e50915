import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { type DraftActionInput, fromActions } from "./state.ts";
import { buildStatistics, type StatisticsGame } from "./statistics.ts";
import { chooseBasePrior, estimateWin, forwardCheck, WIN_MODEL } from "./win.ts";

/** A game on `day` (1-based, in January 2025): blue plays `blue`, red plays `red`. */
function game(day: number, blue: number[], red: number[], winner: "BLUE" | "RED"): StatisticsGame {
  return {
    winner,
    date: `2025-01-${String(day).padStart(2, "0")} 12:00:00`,
    picks: [
      ...blue.map((champion_id) => ({ side: "BLUE" as const, champion_id })),
      ...red.map((champion_id) => ({ side: "RED" as const, champion_id })),
    ],
    bans: [],
  };
}

/** Deterministic pseudo-random bits. */
function bits(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return (a >>> 16) & 1;
  };
}

/** 8 games a day for `days` days; champion 1 (on either side) wins 85% of its games when `signal`. */
function season(days: number, signal: boolean): StatisticsGame[] {
  const coin = bits(7);
  const games: StatisticsGame[] = [];
  for (let day = 1; day <= days; day++) {
    for (let k = 0; k < 8; k++) {
      const oneBlue = (day + k) % 2 === 0;
      const blue = oneBlue ? [1, 2, 3, 4, 5] : [6, 7, 8, 9, 10];
      const red = oneBlue ? [6, 7, 8, 9, 10] : [1, 2, 3, 4, 5];
      const oneWins = signal ? (day * 8 + k) % 7 !== 0 : coin() === 1;
      games.push(game(day, blue, red, oneWins === oneBlue ? "BLUE" : "RED"));
    }
  }
  return games;
}

function completeDraft(blue: number[], red: number[]) {
  const picks = { BLUE: [...blue], RED: [...red] };
  const actions: DraftActionInput[] = DRAFT_SEQUENCE.map((step) => ({
    phase_number: step.index,
    action_type: step.type,
    team_side: step.side,
    champion_id: step.type === "PICK" ? picks[step.side].shift()! : null,
  }));
  return fromActions(actions);
}

describe("win estimate: the forward verdict", () => {
  it("uses the picks when they beat the base rate on later days, and says so", () => {
    const stats = buildStatistics(season(8, true));
    const forward = stats.win_model?.forward;
    expect(forward?.beats).toBe(true);
    // the last 2 of 8 days are scored, the first 6 fit
    expect(forward).toMatchObject({ games: 16, fit_games: 48 });
    expect(forward!.logloss).toBeLessThan(forward!.logloss_constant);
    const estimate = estimateWin(completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), stats)!;
    expect(estimate.basis).toBe("draft");
    expect(estimate.blue).toBeGreaterThan(0.6);
    expect(estimate.forward).toEqual({
      games: 16,
      logloss: forward!.logloss,
      logloss_constant: forward!.logloss_constant,
    });
  });

  it("gives only the base rate when the picks do not beat it on later days", () => {
    const stats = buildStatistics(season(8, false));
    expect(stats.win_model?.forward?.beats).toBe(false);
    const estimate = estimateWin(completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), stats)!;
    expect(estimate.basis).toBe("base_rate");
    const empty = estimateWin(fromActions([]), stats)!;
    expect(estimate.blue).toBe(empty.blue);
  });

  it("is too thin to check on a handful of games, and then never moves with the picks", () => {
    const games = season(8, true).slice(0, 20);
    expect(forwardCheck(games)).toBeNull();
    const stats = buildStatistics(games);
    const estimate = estimateWin(completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), stats)!;
    expect(estimate.basis).toBe("base_rate");
    expect(estimate.forward).toBeNull();
  });

  it("orders undated games as given, and scores the later quarter", () => {
    const games = season(8, true).map(({ date: _date, ...rest }) => rest);
    const forward = forwardCheck(games)!;
    expect(forward).toMatchObject({ games: 16, fit_games: 48 });
  });

  it("is the same number for the same draft and statistics, whatever the games' order", () => {
    const games = season(8, true);
    const a = buildStatistics(games);
    const b = buildStatistics([...games].reverse());
    const state = completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    expect(estimateWin(state, a)).toEqual(estimateWin(state, a));
    expect(estimateWin(state, b)?.blue).toBe(estimateWin(state, a)?.blue);
  });
});

/**
 * 8 games a day for `days` days between six teams, every game the same two drafts (no draft signal):
 * when `signal`, the team earlier in the alphabet wins 6 games of 7; otherwise a coin decides.
 */
function teamSeason(days: number, signal: boolean): StatisticsGame[] {
  const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"];
  const coin = bits(11);
  const games: StatisticsGame[] = [];
  for (let day = 1; day <= days; day++) {
    for (let k = 0; k < 8; k++) {
      const a = (day * 3 + k) % 6;
      const b = (a + 1 + ((day + k) % 5)) % 6;
      const [blue, red] = (day + k) % 2 === 0 ? [a, b] : [b, a];
      const strongerWins = signal ? (day * 8 + k) % 7 !== 0 : coin() === 1;
      const blueWins = strongerWins === blue < red;
      games.push({
        ...game(day, [1, 2, 3, 4, 5], [6, 7, 8, 9, 10], blueWins ? "BLUE" : "RED"),
        teams: { BLUE: names[blue]!, RED: names[red]! },
      });
    }
  }
  return games;
}

describe("win estimate: the teams' form", () => {
  const draft = completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);

  it("counts each team's results when they beat the base rate on later days, and names them", () => {
    const stats = buildStatistics(teamSeason(8, true));
    expect(stats.win_model?.scale).toBe(0);
    expect(stats.win_model?.form_scale).toBeGreaterThan(0);
    expect(stats.win_model?.forward?.beats).toBe(true);
    const strongBlue = estimateWin(draft, stats, { BLUE: "alpha", RED: "Foxtrot" })!;
    const strongRed = estimateWin(draft, stats, { BLUE: "Foxtrot", RED: "Alpha" })!;
    expect(strongBlue.basis).toBe("draft");
    expect(strongBlue.blue).toBeGreaterThan(0.6);
    expect(strongRed.blue).toBeLessThan(0.4);
    const alpha = stats.teams?.find((team) => team.name === "Alpha");
    expect(strongBlue.form).toEqual({
      BLUE: { games: alpha?.decided, wins: alpha?.wins },
      RED: expect.objectContaining({ games: expect.any(Number) }),
    });
    expect(strongBlue.high - strongBlue.low).toBeGreaterThan(0);
  });

  it("leaves the estimate at the base rate for a draft whose teams the data does not know", () => {
    const stats = buildStatistics(teamSeason(8, true));
    const unknown = estimateWin(draft, stats, { BLUE: "Golf", RED: null })!;
    const unnamed = estimateWin(draft, stats)!;
    expect(unknown.form).toBeNull();
    expect(unknown.basis).toBe("base_rate");
    expect(unnamed.blue).toBe(unknown.blue);
  });

  it("leaves form out when the teams' results are a coin's", () => {
    const stats = buildStatistics(teamSeason(8, false));
    const estimate = estimateWin(draft, stats, { BLUE: "Alpha", RED: "Foxtrot" })!;
    expect(estimate.form).toBeNull();
    expect(estimate.basis).toBe("base_rate");
  });
});

/**
 * `days` days of three-game series between six teams: each day's series winner (a coin) sweeps, so
 * a team's result on one day says nothing of another day, while its evening's other games say all.
 */
function sweptSeries(days: number): StatisticsGame[] {
  const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"];
  const coin = bits(11);
  const games: StatisticsGame[] = [];
  for (let day = 1; day <= days; day++) {
    for (let pair = 0; pair < 3; pair++) {
      const first = names[(pair * 2 + day) % 6]!;
      const second = names[(pair * 2 + day + 1) % 6]!;
      const firstSweeps = coin() === 1;
      for (let k = 0; k < 3; k++) {
        const firstBlue = k % 2 === 0;
        const blueWins = firstSweeps === firstBlue;
        games.push({
          ...game(day, [1, 2, 3, 4, 5], [6, 7, 8, 9, 10], blueWins ? "BLUE" : "RED"),
          teams: { BLUE: firstBlue ? first : second, RED: firstBlue ? second : first },
        });
      }
    }
  }
  return games;
}

describe("win estimate: games held out by day", () => {
  it("does not count a team's form that only its own evening's series shows", () => {
    const stats = buildStatistics(sweptSeries(10));
    expect(stats.win_model?.form_scale ?? 0).toBe(0);
    const estimate = estimateWin(completeDraft([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), stats, {
      BLUE: "Alpha",
      RED: "Bravo",
    })!;
    expect(estimate.form).toBeNull();
  });
});

/** `days[d]` = [blue wins, games] of day d + 1; every game the same two drafts (no draft signal). */
function sideDays(days: readonly (readonly [number, number])[]): StatisticsGame[] {
  return days.flatMap(([wins, games], d) =>
    Array.from({ length: games }, (_, k) =>
      game(d + 1, [1, 2, 3, 4, 5], [6, 7, 8, 9, 10], k < wins ? "BLUE" : "RED"),
    ),
  );
}

describe("win estimate: the side's base rate, shrunk across days", () => {
  it("shrinks a side rate that swings from day to day toward 50%", () => {
    // 15 blue wins of 35 (43%), but 1 of 4, 5 of 7, 3 of 10, 6 of 14 by day
    const games = sideDays([
      [1, 4],
      [5, 7],
      [3, 10],
      [6, 14],
    ]);
    const prior = chooseBasePrior(games);
    expect(prior).toBeGreaterThanOrEqual(50);
    const stats = buildStatistics(games);
    expect(stats.win_model?.base_prior).toBe(prior);
    const estimate = estimateWin(fromActions([]), stats)!;
    expect(estimate.basis).toBe("base_rate");
    // between the raw rate (+1/+2: 0.432) and 50%
    expect(estimate.blue).toBeGreaterThan(0.45);
    expect(estimate.blue).toBeLessThan(0.5);
  });

  it("keeps a steady side advantage that every day shows", () => {
    // 12 blue wins of 20 every day for 30 days
    const games = sideDays(Array.from({ length: 30 }, () => [12, 20] as const));
    expect(chooseBasePrior(games)).toBe(WIN_MODEL.basePriors[0]);
    const estimate = estimateWin(fromActions([]), buildStatistics(games))!;
    expect(estimate.blue).toBeCloseTo(0.6, 2);
  });

  it("uses the plain +1/+2 rate on fewer than 3 days", () => {
    const games = sideDays([
      [1, 10],
      [9, 10],
    ]);
    expect(chooseBasePrior(games)).toBe(2);
  });
});
