import {
  SCRIM_COMPOSITIONS_LIMIT,
  SCRIM_SMALL_SAMPLE,
  type Scrim,
  type ScrimAnalytics,
  type Workspace,
  type WorkspaceRole,
} from "@draftroom/contracts";
import { DRAFT_SEQUENCE, POSITIONS, seededRandom } from "@draftroom/draft";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { championIds } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";

/**
 * The scrim analytics and CSV export (issue 33, decision 056) on both dialects: a ledger of a few
 * hundred games generated from a fixed seed through the real routes (scrims, logged drafts,
 * results, remakes, reviews with plans and branches, stand-ins), then every filter's analytics
 * held to a SLOW REFERENCE computed here from the generated games, one naive pass per figure.
 * One team, one ledger, one server for the file.
 */

type Side = "BLUE" | "RED";
interface Line {
  position: (typeof POSITIONS)[number];
  roster_player_id: string | null;
  name: string;
  champion_id: number;
  kills: number;
  deaths: number;
  assists: number;
  gold_at_15: number | null;
}
/** One generated game, as the test knows it (the reference's only input). */
interface TruthGame {
  scrimId: string;
  gameId: string;
  kind: "scrim" | "official";
  startsAt: string;
  opponentKey: string;
  opponentName: string;
  patch: string | null;
  status: "scheduled" | "played" | "remake" | "stopped_early" | "not_played";
  winner: "us" | "them" | null;
  ourSide: Side | null;
  weFirstPicked: boolean | null;
  firstSelection: { by: "us" | "them"; choice: "side" | "first_pick" } | null;
  ourPicks: number[];
  planId: string | null;
  planName: string | null;
  branchId: string | null;
  branchLabel: string | null;
  verdict: "draft_won" | "draft_lost" | "even" | "execution" | null;
  tags: string[];
  lines: Line[];
}

const OPPONENTS = [
  "Karmine Corp Blue",
  "Team Heretics Academy",
  "Los Ratones",
  "Movistar KOI Fénix",
  "GiantX Pride",
];
const PATCHES = ["16.4", "16.5", "16.6", null] as const;
const TAGS = ["early game", "scaling", "engage", "poke", "split", "dive"];
const VERDICTS = ["draft_won", "draft_lost", "even", "execution"] as const;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const FIRST_DAY = Date.parse("2026-08-03T00:00:00Z");

describeEachDialect("scrim analytics and CSV export", (ctx) => {
  let pool: number[];
  let workspace: Workspace;
  let members: Record<WorkspaceRole, TestUser>;
  let outsider: TestUser;
  let rivals: Workspace;
  const truth: TruthGame[] = [];
  const roster: {
    id: string;
    name: string;
    position: Line["position"];
    pool: { champion_id: number; tier: string }[];
  }[] = [];
  const plans: { id: string; name: string; branches: { id: string; label: string }[] }[] = [];

  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });
  const ok = async (method: string, url: string, user: TestUser, payload?: object) => {
    const res = await call(method, url, user, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };

  beforeAll(async () => {
    pool = await championIds(ctx.app);
    ({ workspace, members, outsider } = await teamWithEveryRole(ctx.app));
    rivals = await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const owner = members.owner;
    const rand = seededRandom(33);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

    // Five players; each position plays three champions, the first two S/A in the pool.
    const champs = (position: number) => pool.slice(40 + position * 3, 43 + position * 3);
    for (const [index, position] of POSITIONS.entries()) {
      const player = (await ok("POST", `/api/workspaces/${workspace.id}/roster/`, owner, {
        name: `Player ${position}`,
        position,
      })) as { id: string; name: string };
      const entries = [
        { champion_id: champs(index)[0]!, tier: "S" },
        { champion_id: champs(index)[1]!, tier: "A" },
        { champion_id: champs(index)[2]!, tier: "B" },
      ];
      await ok("PUT", `/api/workspaces/${workspace.id}/roster/${player.id}/pool/`, owner, { entries });
      roster.push({ id: player.id, name: player.name, position, pool: entries });
    }
    for (const name of ["Blue engage", "Red scaling"]) {
      const branches = [
        { id: `${name[0]}-poke`, label: "Against poke" },
        { id: `${name[0]}-dive`, label: "Against dive" },
      ];
      const plan = (await ok("POST", "/api/draft-plans/", members.coach, {
        workspace_id: workspace.id,
        content: {
          name,
          branches: branches.map((b) => ({ ...b, conditions: [], answer: [], children: [] })),
        },
      })) as { id: string };
      plans.push({ id: plan.id, name, branches });
    }
    // Three drafts our team keeps returning to, so compositions repeat; the rest of each draft varies.
    const draftBases = [pool.slice(0, 20), pool.slice(20, 40), [...pool.slice(10, 20), ...pool.slice(0, 10)]];

    for (let s = 0; s < 80; s++) {
      const opponentName = pick(OPPONENTS);
      const startsAt = new Date(FIRST_DAY + Math.floor(rand() * 12 * WEEK_MS)).toISOString();
      const kind = rand() < 0.7 ? "scrim" : "official";
      const patch = pick(PATCHES);
      const firstSelection =
        rand() < 0.6
          ? { by: pick(["us", "them"] as const), choice: pick(["side", "first_pick"] as const) }
          : null;
      const scrim = (await ok("POST", `/api/workspaces/${workspace.id}/scrims/`, owner, {
        kind,
        // The same opponent typed in another case is the same opponent.
        opponent: { name: rand() < 0.2 ? opponentName.toUpperCase() : opponentName },
        starts_at: startsAt,
        time_zone: "Europe/Madrid",
        games_count: 2 + Math.floor(rand() * 3),
        prepare_rooms: false,
        patch,
        rules: { mode: "normal", first_selection: firstSelection },
      })) as Scrim;
      for (const game of scrim.games) {
        const base = `/api/scrims/${scrim.id}/games/${game.id}`;
        const ourSide: Side = rand() < 0.5 ? "BLUE" : "RED";
        let weFirstPicked: boolean | null = null;
        let ourPicks: number[] = [];
        if (rand() < 0.35) {
          const actions = pick(draftBases);
          await ok("PUT", `${base}/draft/`, owner, {
            our_side: ourSide,
            actions: actions.map((id) => ({ champion_id: id })),
          });
          weFirstPicked = DRAFT_SEQUENCE.find((step) => step.type === "PICK")!.side === ourSide;
          ourPicks = actions.filter(
            (_, i) => DRAFT_SEQUENCE[i]!.type === "PICK" && DRAFT_SEQUENCE[i]!.side === ourSide,
          );
        }
        const roll = rand();
        const status =
          roll < 0.68
            ? "played"
            : roll < 0.76
              ? "remake"
              : roll < 0.83
                ? "stopped_early"
                : roll < 0.88
                  ? "not_played"
                  : "scheduled";
        const winner = status === "played" ? (rand() < 0.55 ? "us" : "them") : null;
        const lines: Line[] = [];
        if (status !== "scheduled") {
          for (const [index, position] of POSITIONS.entries()) {
            if (rand() < 0.1) continue;
            const standIn = rand() < 0.05;
            lines.push({
              position,
              roster_player_id: standIn ? null : roster[index]!.id,
              name: standIn ? "Sub Player" : roster[index]!.name,
              champion_id: pick(champs(index)),
              kills: Math.floor(rand() * 10),
              deaths: Math.floor(rand() * 8),
              assists: Math.floor(rand() * 15),
              gold_at_15: rand() < 0.7 ? 4000 + Math.floor(rand() * 3000) : null,
            });
          }
          await ok("PUT", `${base}/result/`, rand() < 0.5 ? owner : members.analyst, {
            status,
            winner,
            our_side: ourSide,
            duration_seconds: 1500 + Math.floor(rand() * 900),
            figures: { kills_us: 10, gold_diff_at_15: -1200 },
            players: lines,
          });
        }
        let review: Partial<TruthGame> = {};
        if (rand() < 0.6) {
          const plan = rand() < 0.5 ? pick(plans) : null;
          const branch = plan && rand() < 0.7 ? pick(plan.branches) : null;
          const tags = TAGS.filter(() => rand() < 0.25);
          const verdict = rand() < 0.85 ? pick(VERDICTS) : null;
          await ok("PUT", `${base}/review/`, members.analyst, {
            verdict,
            tags,
            ...(plan ? { plan_id: plan.id, branch_id: branch?.id ?? null } : {}),
          });
          review = {
            verdict,
            tags,
            planId: plan?.id ?? null,
            planName: plan?.name ?? null,
            branchId: branch?.id ?? null,
            branchLabel: branch?.label ?? null,
          };
        }
        truth.push({
          scrimId: scrim.id,
          gameId: game.id,
          kind,
          startsAt,
          opponentKey: `name:${opponentName.toLowerCase()}`,
          opponentName,
          patch,
          status,
          winner,
          ourSide: status === "scheduled" && weFirstPicked === null ? null : ourSide,
          weFirstPicked,
          firstSelection,
          ourPicks,
          planId: null,
          planName: null,
          branchId: null,
          branchLabel: null,
          verdict: null,
          tags: [],
          lines,
          ...review,
        });
      }
    }
  }, 600_000);

  // ---- the slow reference ---------------------------------------------------------------------

  interface Filters {
    kind?: "scrim" | "official" | "all";
    from?: string;
    to?: string;
    opponent?: string;
    patch?: string;
    plan?: string;
    player?: string;
  }

  const counted = (g: TruthGame) => g.status === "played";
  const fig = (games: TruthGame[]) => {
    const n = games.filter(counted).length;
    const wins = games.filter((g) => counted(g) && g.winner === "us").length;
    return {
      n,
      wins,
      losses: n - wins,
      win_rate: n === 0 ? null : wins / n,
      small_sample: n < SCRIM_SMALL_SAMPLE,
    };
  };
  const dayStart = (value: string, end: boolean) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0)
      : Date.parse(value);

  function selected(f: Filters): TruthGame[] {
    const kind = f.kind ?? "scrim";
    return truth.filter(
      (g) =>
        (kind === "all" || g.kind === kind) &&
        (!f.from || Date.parse(g.startsAt) >= dayStart(f.from, false)) &&
        (!f.to || Date.parse(g.startsAt) < dayStart(f.to, true)) &&
        (!f.opponent || g.opponentKey === `name:${f.opponent.replace(/^name:/, "").toLowerCase()}`) &&
        (!f.patch || g.patch === f.patch) &&
        (!f.plan || g.planId === f.plan),
    );
  }

  /** Every distinct value of `keyOf` among the games, and the figure of the games having it. */
  function groups(
    games: TruthGame[],
    keysOf: (g: TruthGame) => string[],
    labelOf: (key: string, g: TruthGame) => string,
  ) {
    const keys = new Map<string, string>();
    for (const g of games) for (const key of keysOf(g)) if (!keys.has(key)) keys.set(key, labelOf(key, g));
    return [...keys].map(([key, label]) => ({
      key,
      label,
      ...fig(games.filter((g) => keysOf(g).includes(key))),
    }));
  }

  function reference(f: Filters) {
    const games = selected(f);
    const one = <T>(value: T | null) => (value === null ? [] : [String(value)]);
    const playerKey = (l: Line) => l.roster_player_id ?? `name:${l.name.toLowerCase()}`;
    const playerCombos = new Set<string>();
    for (const g of games)
      for (const l of g.lines)
        if (!f.player || l.roster_player_id === f.player)
          playerCombos.add(`${playerKey(l)}|${l.position}|${l.champion_id}`);
    const players = [...playerCombos].map((combo) => {
      const [key, position, champion] = combo.split("|") as [string, Line["position"], string];
      const withLine = games.filter((g) =>
        g.lines.some(
          (l) => playerKey(l) === key && l.position === position && l.champion_id === Number(champion),
        ),
      );
      const lineOf = (g: TruthGame) =>
        g.lines.find(
          (l) => playerKey(l) === key && l.position === position && l.champion_id === Number(champion),
        )!;
      const countedLines = withLine.filter(counted).map(lineOf);
      const sum = (pickValue: (l: Line) => number) =>
        countedLines.reduce((total, l) => total + pickValue(l), 0);
      const golds = countedLines.filter((l) => l.gold_at_15 !== null).map((l) => l.gold_at_15!);
      const figure = fig(withLine);
      return {
        player_key: key,
        player_name: lineOf(withLine[0]!).name,
        position,
        champion_id: Number(champion),
        ...figure,
        kills: sum((l) => l.kills),
        deaths: sum((l) => l.deaths),
        assists: sum((l) => l.assists),
        kda:
          figure.n === 0
            ? null
            : Math.round(
                ((sum((l) => l.kills) + sum((l) => l.assists)) /
                  Math.max(
                    1,
                    sum((l) => l.deaths),
                  )) *
                  100,
              ) / 100,
        gold_at_15:
          golds.length === 0 ? null : Math.round((golds.reduce((a, b) => a + b, 0) / golds.length) * 10) / 10,
        gold_at_15_n: golds.length,
      };
    });
    const comfort = roster
      .filter((p) => !f.player || p.id === f.player)
      .flatMap((p) =>
        p.pool
          .filter((entry) => entry.tier === "S" || entry.tier === "A")
          .map((entry) => {
            const figure = fig(
              games.filter((g) =>
                g.lines.some((l) => l.roster_player_id === p.id && l.champion_id === entry.champion_id),
              ),
            );
            return {
              player_key: p.id,
              player_name: p.name,
              position: p.position,
              champion_id: entry.champion_id,
              tier: entry.tier,
              ...figure,
              keeps_losing: figure.losses >= 3 && figure.win_rate !== null && figure.win_rate < 0.5,
            };
          }),
      );
    const compositionKey = (g: TruthGame) =>
      g.ourPicks.length === 5 ? [[...g.ourPicks].sort((a, b) => a - b).join("-")] : [];
    const compositions = groups(games, compositionKey, (key) => key)
      .map(({ label: _label, ...rest }) => ({ ...rest, champion_ids: rest.key.split("-").map(Number) }))
      .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : 1))
      .slice(0, SCRIM_COMPOSITIONS_LIMIT);
    const monday = (iso: string) => {
      const d = new Date(iso);
      return new Date(
        Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)),
      )
        .toISOString()
        .slice(0, 10);
    };
    // Every Monday from the first to the last week with a counted game.
    const weeksBetween = (mondays: string[]) => {
      const sorted = [...mondays].sort();
      if (sorted.length === 0) return [];
      const weeks: string[] = [];
      const last = new Date(`${sorted.at(-1)}T00:00:00Z`);
      for (const day = new Date(`${sorted[0]}T00:00:00Z`); day <= last; day.setUTCDate(day.getUTCDate() + 7))
        weeks.push(day.toISOString().slice(0, 10));
      return weeks;
    };
    return {
      kind: f.kind ?? "scrim",
      mixed: f.kind === "all",
      games: {
        total: games.length,
        counted: games.filter(counted).length,
        excluded: {
          remake: games.filter((g) => g.status === "remake").length,
          stopped_early: games.filter((g) => g.status === "stopped_early").length,
          unfinished: games.filter((g) => g.status === "scheduled" || g.status === "not_played").length,
        },
      },
      overall: fig(games),
      by: {
        side: groups(
          games,
          (g) => one(g.ourSide),
          (key) => (key === "BLUE" ? "Blue side" : "Red side"),
        ),
        first_pick: groups(
          games,
          (g) => (g.weFirstPicked === null ? [] : [g.weFirstPicked ? "first_pick" : "second_pick"]),
          (key) => (key === "first_pick" ? "First pick" : "Second pick"),
        ),
        first_selection: groups(
          games,
          (g) => (g.firstSelection ? [`${g.firstSelection.by}_${g.firstSelection.choice}`] : []),
          (_key, g) =>
            expect.stringContaining(
              g.firstSelection!.by === "us" ? "We had" : "They had",
            ) as unknown as string,
        ),
        // The label is the name as first typed (one opponent is typed in two cases).
        opponent: groups(
          games,
          (g) => [g.opponentKey],
          () => expect.any(String) as unknown as string,
        ),
        plan: groups(
          games,
          (g) => one(g.planId),
          (_key, g) => g.planName!,
        ),
        branch: groups(
          games,
          (g) => (g.planId ? [`${g.planId}:${g.branchId ?? ""}`] : []),
          (_key, g) => `${g.planName} / ${g.branchLabel ?? "root"}`,
        ),
        verdict: groups(
          games,
          (g) => one(g.verdict),
          () => expect.any(String) as unknown as string,
        ),
        tag: groups(
          games,
          (g) => g.tags,
          (key) => key,
        ),
      },
      players,
      trend: weeksBetween(games.filter(counted).map((g) => monday(g.startsAt))).map((week) => ({
        week,
        ...fig(games.filter((g) => monday(g.startsAt) === week)),
      })),
      comfort,
      compositions,
    };
  }

  /** Both answers with every list in one order, so the comparison is about the figures. */
  function sorted(answer: ReturnType<typeof reference> | ScrimAnalytics) {
    type Keyed = { key: string };
    type Combo = { player_key: string; champion_id: number; position: string };
    const byKey = (list: readonly Keyed[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
    const comboOf = (c: Combo) => `${c.player_key}|${c.position}|${c.champion_id}`;
    const byCombo = (list: readonly Combo[]) =>
      [...list].sort((a, b) => comboOf(a).localeCompare(comboOf(b)));
    return {
      kind: answer.kind,
      mixed: answer.mixed,
      games: answer.games,
      overall: answer.overall,
      by: Object.fromEntries(
        Object.entries(answer.by as Record<string, readonly Keyed[]>).map(([name, list]) => [
          name,
          byKey(list),
        ]),
      ),
      players: byCombo(answer.players),
      trend: answer.trend,
      comfort: byCombo(answer.comfort),
      compositions: answer.compositions,
    };
  }

  const analytics = async (f: Filters, user: TestUser = members.viewer) => {
    const query = new URLSearchParams(Object.entries(f) as [string, string][]).toString();
    const res = await call("GET", `/api/workspaces/${workspace.id}/scrims/analytics/?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ScrimAnalytics;
  };

  // ---- the figures ----------------------------------------------------------------------------

  it("generated a ledger of a few hundred games with every status, side, plan and verdict", () => {
    expect(truth.length).toBeGreaterThanOrEqual(200);
    for (const status of ["played", "remake", "stopped_early", "not_played", "scheduled"]) {
      expect(
        truth.some((g) => g.status === status),
        status,
      ).toBe(true);
    }
    expect(truth.filter((g) => g.planId && g.branchId).length).toBeGreaterThan(10);
    expect(truth.filter((g) => g.ourPicks.length === 5).length).toBeGreaterThan(30);
  });

  describe("equal a slow reference for every filter", () => {
    const filterSets = (): Filters[] => [
      {},
      { kind: "official" },
      { kind: "all" },
      { from: "2026-09-01" },
      { to: "2026-09-30" },
      { from: "2026-08-15T12:00:00+02:00", to: "2026-10-15" },
      { opponent: `name:${OPPONENTS[1]!.toLowerCase()}` },
      { opponent: OPPONENTS[3]!.toUpperCase(), kind: "all" },
      { patch: "16.5" },
      { patch: "16.6", kind: "all" },
      { plan: plans[0]!.id },
      { plan: plans[1]!.id, kind: "all" },
      { player: roster[2]!.id },
      { player: roster[0]!.id, kind: "official", from: "2026-09-01" },
      { kind: "all", opponent: OPPONENTS[0], patch: "16.4", from: "2026-08-10", to: "2026-10-31" },
    ];

    it("every filter, alone and combined", { timeout: 120_000 }, async () => {
      for (const f of filterSets()) {
        const answer = await analytics(f);
        expect(sorted(answer), JSON.stringify(f)).toEqual(sorted(reference(f)));
        expect(answer.small_sample_threshold).toBe(SCRIM_SMALL_SAMPLE);
        expect(answer.filters).toMatchObject({ kind: f.kind ?? "scrim", ...f });
      }
    });
  });

  it("never counts a remake, a stopped game or an unplayed game, and says when it mixes kinds", async () => {
    const scrim = (await ok("POST", `/api/workspaces/${workspace.id}/scrims/`, members.coach, {
      opponent: { name: "Remake City" },
      starts_at: "2026-11-02T18:00:00Z",
      time_zone: "UTC",
      games_count: 4,
      prepare_rooms: false,
    })) as Scrim;
    const result = (i: number, body: object) =>
      ok("PUT", `/api/scrims/${scrim.id}/games/${scrim.games[i]!.id}/result/`, members.coach, {
        our_side: "BLUE",
        ...body,
      });
    await result(0, { status: "remake" });
    await result(1, { status: "stopped_early" });
    await result(2, { status: "played", winner: "us" });
    // Game 4 is left without a result.
    const answer = await analytics({ opponent: "Remake City" });
    expect(answer.games).toEqual({
      total: 4,
      counted: 1,
      excluded: { remake: 1, stopped_early: 1, unfinished: 1 },
    });
    expect(answer.overall).toEqual({ n: 1, wins: 1, losses: 0, win_rate: 1, small_sample: true });
    expect(answer.by.side).toEqual([
      { key: "BLUE", label: "Blue side", n: 1, wins: 1, losses: 0, win_rate: 1, small_sample: true },
    ]);
    expect((await analytics({ opponent: "Remake City", kind: "official" })).overall.win_rate).toBeNull();
    expect((await analytics({ opponent: "Remake City", kind: "all" })).mixed).toBe(true);

    // A correction is in the next answer (the cached ledger follows every write).
    await result(0, { status: "played", winner: "them" });
    expect((await analytics({ opponent: "Remake City" })).overall).toMatchObject({
      n: 2,
      wins: 1,
      losses: 1,
    });
    await ok("DELETE", `/api/scrims/${scrim.id}/`, members.coach);
    expect((await analytics({ opponent: "Remake City" })).games.total).toBe(0);
  });

  it("rests on the games that were due: next week's planned games are not among them, an early one is", async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const draftingTotal = async () =>
      (
        (await ok("GET", `/api/workspaces/${workspace.id}/scrims/drafting/`, members.viewer)) as {
          games: { total: number };
        }
      ).games.total;
    const draftingBefore = await draftingTotal();
    const plan = async (name: string) =>
      (await ok("POST", `/api/workspaces/${workspace.id}/scrims/`, members.coach, {
        opponent: { name },
        starts_at: nextWeek,
        time_zone: "UTC",
        games_count: 3,
        prepare_rooms: false,
      })) as Scrim;
    const planned = await plan("Next Week FC");
    const early = await plan("Early Birds");
    // The Early Birds asked to play game 1 tonight instead: its result is in.
    await ok("PUT", `/api/scrims/${early.id}/games/${early.games[0]!.id}/result/`, members.coach, {
      our_side: "BLUE",
      winner: "them",
    });

    const answer = await analytics({ kind: "scrim" });
    const opponents = answer.by.opponent.map((figure) => figure.label);
    expect(opponents).not.toContain("Next Week FC");
    expect(answer.by.opponent.find((figure) => figure.label === "Early Birds")).toMatchObject({
      n: 1,
      losses: 1,
    });
    const earlyOnly = await analytics({ opponent: "Early Birds" });
    expect(earlyOnly.games).toEqual({
      total: 1,
      counted: 1,
      excluded: { remake: 0, stopped_early: 0, unfinished: 0 },
    });
    expect((await analytics({ opponent: "Next Week FC" })).games.total).toBe(0);
    // "How we draft in our scrims" counts the early game and none of the planned ones.
    expect(await draftingTotal()).toBe(draftingBefore + 1);
    // The ledger itself still lists every planned game: the CSV is the ledger, not its figures.
    const csv = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/export/?opponent=Next%20Week%20FC`,
      members.analyst,
    );
    expect(csv.statusCode).toBe(200);
    expect(Papa.parse(csv.body.slice(1), { header: true, skipEmptyLines: true }).data).toHaveLength(3);

    for (const scrim of [planned, early]) await ok("DELETE", `/api/scrims/${scrim.id}/`, members.coach);
  });

  it("is the team's only: every member reads it, another workspace's id is a 404", async () => {
    for (const role of ["owner", "coach", "analyst", "player", "viewer"] as const) {
      expect(
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/analytics/`, members[role])).statusCode,
      ).toBe(200);
    }
    const idor = await call("GET", `/api/workspaces/${workspace.id}/scrims/analytics/`, outsider);
    const missing = await call(
      "GET",
      "/api/workspaces/00000000-0000-4000-8000-000000000000/scrims/analytics/",
      outsider,
    );
    expect(idor.statusCode).toBe(404);
    expect(idor.json()).toEqual(missing.json());
    expect((await call("GET", `/api/workspaces/${workspace.id}/scrims/export/`, outsider)).statusCode).toBe(
      404,
    );
    // The outsider's own workspace has its own (empty) ledger.
    const own = (await ok(
      "GET",
      `/api/workspaces/${rivals.id}/scrims/analytics/?kind=all`,
      outsider,
    )) as ScrimAnalytics;
    expect(own.games.total).toBe(0);
    expect(
      (await call("GET", `/api/workspaces/${workspace.id}/scrims/analytics/`, members.viewer, undefined))
        .statusCode,
    ).toBe(200);
    const anonymous = await ctx.app.inject({
      method: "GET",
      url: `/api/workspaces/${workspace.id}/scrims/analytics/`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/analytics/?kind=friendly&plan=nope`,
      members.coach,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_error" });
  });

  it("exports the ledger as CSV for the staff: one line per game, names, escaped formulas", async () => {
    const scrim = (await ok("POST", `/api/workspaces/${workspace.id}/scrims/`, members.coach, {
      opponent: { name: '=HYPERLINK("http://evil")' },
      starts_at: "2026-11-03T18:00:00Z",
      time_zone: "UTC",
      games_count: 1,
      prepare_rooms: false,
      patch: "16.7",
    })) as Scrim;
    await ok("PUT", `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/result/`, members.coach, {
      winner: "us",
      our_side: "RED",
      figures: { gold_diff_at_15: -1500, first_blood: "them" },
      players: [
        {
          position: "mid",
          roster_player_id: roster[2]!.id,
          name: "Player mid",
          champion_id: pool[5],
          kills: 4,
          deaths: 1,
          assists: 7,
          gold_at_15: 5400,
        },
      ],
    });
    await ok("PUT", `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/review/`, members.analyst, {
      verdict: "draft_won",
      tags: ["poke", "scaling"],
    });
    expect(
      (await call("GET", `/api/workspaces/${workspace.id}/scrims/export/`, members.player)).statusCode,
    ).toBe(403);
    const res = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/export/?patch=16.7`,
      members.analyst,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="scrim-ledger-scrim-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(res.body.slice(1), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(1);
    const champions = (await ok("GET", "/api/drafts/champions/", members.analyst)) as {
      id: number;
      name: string;
    }[];
    const champion = champions.find((c) => c.id === pool[5])!.name;
    expect(parsed.data[0]).toMatchObject({
      opponent: '\'=HYPERLINK("http://evil")',
      game: "1",
      status: "played",
      patch: "16.7",
      our_side: "RED",
      winner: "us",
      verdict: "draft_won",
      tags: "poke; scaling",
      gold_diff_at_15: "-1500",
      first_blood: "them",
      mid_player: "Player mid",
      mid_champion: champion,
      mid_kills: "4",
      mid_deaths: "1",
      mid_assists: "7",
      mid_gold_at_15: "5400",
      top_player: "",
    });

    // The whole ledger: one line per game of the filters, the same games as the reference.
    const all = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/export/?kind=all&from=2026-08-01&to=2026-10-31`,
      members.coach,
    );
    const lines = Papa.parse<Record<string, string>>(all.body.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(lines).toHaveLength(selected({ kind: "all", from: "2026-08-01", to: "2026-10-31" }).length);
    const wins = lines.filter((line) => line.status === "played" && line.winner === "us").length;
    expect(wins).toBe(reference({ kind: "all", from: "2026-08-01", to: "2026-10-31" }).overall.wins);
  });
});
