import type {
  DraftPlan,
  PlanScrims,
  Recommendations,
  Room,
  Scrim,
  ScrimDrafting,
  Workspace,
  WorkspaceRole,
} from "@draftroom/contracts";
import { DRAFT_SEQUENCE, DRAFT_STEP_COUNT } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";

/**
 * The scrim ledger feeds the rest (issue 33, decision 058) on both dialects: a plan's branches in
 * scrims, how we draft in scrims (scouting of the team itself), and the team's own scrims as a
 * labelled signal of its own recommendations only. A small ledger made through the real routes;
 * every figure is held to a count made here from what the test entered. Official games follow
 * the same plan and never show up. Another workspace's member gets the 404 of a missing id.
 */

type Side = "BLUE" | "RED";
interface Truth {
  kind: "scrim" | "official";
  scrimId: string;
  gameId: string;
  startsAt: string;
  side: Side;
  status: "played" | "remake";
  winner: "us" | "them" | null;
  /** Index of the draft (into `drafts`), null: no draft logged. */
  draft: number | null;
  branch: string | null | undefined;
  verdict: "draft_won" | "draft_lost" | "even" | "execution" | null;
}

describeEachDialect("the scrim ledger feeds the rest", (ctx) => {
  let pool: number[];
  let workspace: Workspace;
  let members: Record<WorkspaceRole, TestUser>;
  let outsider: TestUser;
  let plan: DraftPlan;
  let personalPlan: DraftPlan;
  const truth: Truth[] = [];

  const call = (method: string, url: string, user: TestUser | null, payload?: object) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(method: string, url: string, user: TestUser, payload?: object): Promise<T> => {
    const res = await call(method, url, user, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };

  /** Two drafts the team plays: A from the blue side, B from the red side. */
  const drafts = () => [
    { side: "BLUE" as Side, ids: pool.slice(0, DRAFT_STEP_COUNT) },
    { side: "RED" as Side, ids: pool.slice(20, 20 + DRAFT_STEP_COUNT) },
  ];
  const ourPicks = (draft: number) => {
    const { side, ids } = drafts()[draft]!;
    return ids.filter((_, i) => DRAFT_SEQUENCE[i]!.type === "PICK" && DRAFT_SEQUENCE[i]!.side === side);
  };
  const ourBans = (draft: number) => {
    const { side, ids } = drafts()[draft]!;
    return ids.filter((_, i) => DRAFT_SEQUENCE[i]!.type === "BAN" && DRAFT_SEQUENCE[i]!.side === side);
  };

  let day = 0;
  async function game(entry: Omit<Truth, "scrimId" | "gameId" | "startsAt" | "side"> & { side?: Side }) {
    day += 1;
    const startsAt = new Date(Date.UTC(2026, 9, day, 18)).toISOString();
    const scrim = await ok<Scrim>("POST", `/api/workspaces/${workspace.id}/scrims/`, members.owner, {
      kind: entry.kind,
      opponent: { name: "Los Ratones" },
      starts_at: startsAt,
      time_zone: "Europe/Madrid",
      games_count: 1,
      prepare_rooms: false,
    });
    const gameId = scrim.games[0]!.id;
    const base = `/api/scrims/${scrim.id}/games/${gameId}`;
    const side = entry.draft === null ? (entry.side ?? "BLUE") : drafts()[entry.draft]!.side;
    if (entry.draft !== null) {
      await ok("PUT", `${base}/draft/`, members.analyst, {
        our_side: side,
        actions: drafts()[entry.draft]!.ids.map((id) => ({ champion_id: id })),
      });
    }
    await ok("PUT", `${base}/result/`, members.coach, {
      status: entry.status,
      winner: entry.winner,
      our_side: side,
    });
    if (entry.branch !== undefined || entry.verdict !== null) {
      await ok("PUT", `${base}/review/`, members.analyst, {
        verdict: entry.verdict,
        ...(entry.branch !== undefined ? { plan_id: plan.id, branch_id: entry.branch } : {}),
      });
    }
    truth.push({ ...entry, scrimId: scrim.id, gameId, startsAt, side });
  }

  beforeAll(async () => {
    pool = await championIds(ctx.app);
    ({ workspace, members, outsider } = await teamWithEveryRole(ctx.app));
    await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const branch = (id: string, label: string, children: object[] = []) => ({
      id,
      label,
      conditions: [],
      answer: [],
      children,
    });
    plan = await ok<DraftPlan>("POST", "/api/draft-plans/", members.coach, {
      workspace_id: workspace.id,
      content: {
        name: "Blue engage",
        branches: [
          branch("poke", "Against poke", [branch("late", "Late poke")]),
          branch("dive", "Against dive"),
        ],
      },
    });
    personalPlan = await ok<DraftPlan>("POST", "/api/draft-plans/", members.owner, {
      workspace_id: null,
      content: { name: "My own plan", branches: [branch("solo", "Solo")] },
    });
    // prettier-ignore
    const games: Parameters<typeof game>[0][] = [
      { kind: "scrim", status: "played", winner: "us", draft: 0, branch: "poke", verdict: "draft_won" },
      { kind: "scrim", status: "played", winner: "them", draft: 0, branch: "poke", verdict: "draft_lost" },
      { kind: "scrim", status: "remake", winner: null, draft: 0, branch: "poke", verdict: null },
      {
        kind: "scrim",
        status: "played",
        winner: "us",
        draft: null,
        side: "BLUE",
        branch: null,
        verdict: "even",
      },
      { kind: "scrim", status: "played", winner: "us", draft: 1, branch: "late", verdict: "execution" },
      // An official game on the same plan: never in these scrim figures.
      { kind: "official", status: "played", winner: "us", draft: 0, branch: "dive", verdict: "draft_won" },
      { kind: "scrim", status: "played", winner: "them", draft: 1, branch: undefined, verdict: null },
    ];
    for (const entry of games) await game(entry);
  }, 300_000);

  // ---- the reference, from what the test entered ---------------------------------------------

  const scrims = () => truth.filter((g) => g.kind === "scrim");
  const fig = (games: Truth[]) => {
    const counted = games.filter((g) => g.status === "played" && g.winner !== null);
    const wins = counted.filter((g) => g.winner === "us").length;
    return {
      n: counted.length,
      wins,
      losses: counted.length - wins,
      win_rate: counted.length === 0 ? null : wins / counted.length,
      small_sample: counted.length < 5,
    };
  };

  it("shows each branch of a plan with its record, verdicts and games, scrims only", async () => {
    const answer = await ok<PlanScrims>("GET", `/api/draft-plans/${plan.id}/scrims/`, members.coach);
    const followed = scrims().filter((g) => g.branch !== undefined);
    expect(answer).toMatchObject({ plan_id: plan.id, workspace_id: workspace.id, kind: "scrim", games: 5 });
    expect(answer.overall).toEqual(fig(followed));
    expect(answer.branches.map((b) => [b.branch_id, b.branch_label, b.depth, b.in_plan])).toEqual([
      [null, null, 0, true],
      ["poke", "Against poke", 0, true],
      ["late", "Late poke", 1, true],
      ["dive", "Against dive", 0, true],
    ]);
    for (const branch of answer.branches) {
      const games = followed.filter((g) => g.branch === branch.branch_id);
      expect(branch, String(branch.branch_id)).toMatchObject({ ...fig(games), games: games.length });
      expect(branch.game_list.map((g) => g.game_id)).toEqual(
        [...games].sort((a, b) => b.startsAt.localeCompare(a.startsAt)).map((g) => g.gameId),
      );
      for (const verdict of ["draft_won", "draft_lost", "even", "execution"] as const) {
        expect(branch.verdicts[verdict]).toBe(games.filter((g) => g.verdict === verdict).length);
      }
    }
    // The official game followed "dive": not here.
    expect(answer.branches.find((b) => b.branch_id === "dive")).toMatchObject({
      games: 0,
      n: 0,
      win_rate: null,
    });
    // The remake is a game of "poke" but not a loss.
    expect(answer.branches.find((b) => b.branch_id === "poke")).toMatchObject({
      games: 3,
      n: 2,
      wins: 1,
      losses: 1,
    });
    expect(answer.branches[1]!.game_list[0]).toMatchObject({
      scrim_id: expect.any(String),
      // Untitled: the reader's app names it from its kind and opponent.
      scrim_title: "Scrim vs Los Ratones",
      scrim_untitled: true,
      scrim_kind: expect.stringMatching(/^(scrim|official)$/),
      opponent_name: "Los Ratones",
      status: "remake",
    });
  });

  it("keeps a branch the plan dropped, under the label its games kept, and follows new results", async () => {
    const content = {
      ...plan.content,
      branches: plan.content.branches.map((b) => (b.id === "poke" ? { ...b, children: [] } : b)),
    };
    const saved = await ok<DraftPlan>("PUT", `/api/draft-plans/${plan.id}/`, members.coach, {
      content,
      base_version: plan.version,
    });
    plan = saved;
    const answer = await ok<PlanScrims>("GET", `/api/draft-plans/${plan.id}/scrims/`, members.viewer);
    expect(answer.branches.map((b) => [b.branch_id, b.branch_label, b.in_plan])).toEqual([
      [null, null, true],
      ["poke", "Against poke", true],
      ["dive", "Against dive", true],
      ["late", "Late poke", false],
    ]);
    // A new result drops the cached ledger: the next answer counts it.
    await game({
      kind: "scrim",
      status: "played",
      winner: "us",
      draft: 0,
      branch: "dive",
      verdict: "draft_won",
    });
    const after = await ok<PlanScrims>("GET", `/api/draft-plans/${plan.id}/scrims/`, members.player);
    expect(after.branches.find((b) => b.branch_id === "dive")).toMatchObject({ games: 1, n: 1, wins: 1 });
  });

  it("answers a plan's scrims to whoever reads the plan, and 404 to anyone else", async () => {
    for (const role of ["owner", "coach", "analyst", "player", "viewer"] as const) {
      const res = await call("GET", `/api/draft-plans/${plan.id}/scrims/`, members[role]);
      expect(res.statusCode, role).toBe(200);
    }
    const outside = await call("GET", `/api/draft-plans/${plan.id}/scrims/`, outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: "not_found" });
    expect((await call("GET", `/api/draft-plans/${plan.id}/scrims/`, null)).statusCode).toBe(401);
    const missing = await call("GET", `/api/draft-plans/${crypto.randomUUID()}/scrims/`, members.owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(outside.json());
    // A personal plan: its owner reads it, with no scrims (they live in workspaces); a team-mate cannot.
    const personal = await ok<PlanScrims>(
      "GET",
      `/api/draft-plans/${personalPlan.id}/scrims/`,
      members.owner,
    );
    expect(personal).toMatchObject({ workspace_id: null, games: 0, overall: { n: 0, win_rate: null } });
    expect(personal.branches.map((b) => b.branch_id)).toEqual([null, "solo"]);
    expect((await call("GET", `/api/draft-plans/${personalPlan.id}/scrims/`, members.coach)).statusCode).toBe(
      404,
    );
  });

  it("says how we draft in scrims, apart from official games", async () => {
    const { teams } = await firstLeagueWithTeams(ctx.app);
    await ok("PATCH", `/api/workspaces/${workspace.id}/`, members.owner, { team_id: teams[0]!.id });
    const answer = await ok<ScrimDrafting>(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/drafting/`,
      members.player,
    );
    const games = scrims();
    const drafted = games.filter((g) => g.draft !== null);
    expect(answer).toMatchObject({
      workspace_id: workspace.id,
      team_id: teams[0]!.id,
      kind: "scrim",
      mixed: false,
      games: { total: games.length, counted: fig(games).n, with_draft: drafted.length },
      overall: fig(games),
    });
    for (const side of ["BLUE", "RED"] as const) {
      expect(answer.by_side.find((f) => f.key === side)).toMatchObject(
        fig(games.filter((g) => g.side === side)),
      );
    }
    for (const figure of answer.picks) {
      const withIt = drafted.filter((g) => ourPicks(g.draft!).includes(figure.champion_id));
      expect(figure, String(figure.champion_id)).toMatchObject({ games: withIt.length, ...fig(withIt) });
    }
    // Each champion is named as the champion pool names it.
    const listed = (await ctx.app.inject({ method: "GET", url: "/api/drafts/champions/" })).json() as {
      id: number;
      name: string;
    }[];
    const names = new Map(listed.map((c) => [c.id, c.name]));
    for (const entry of [...answer.picks, ...answer.first_picks, ...answer.bans, ...answer.bans_against]) {
      expect(entry.name).toBe(names.get(entry.champion_id));
    }
    // Draft A's five picks lead: it was drafted more often than B.
    expect(new Set(answer.picks.slice(0, 5).map((f) => f.champion_id))).toEqual(new Set(ourPicks(0)));
    expect(answer.first_picks.map((f) => f.champion_id)).toEqual(
      expect.arrayContaining([ourPicks(0)[0], ourPicks(1)[0]]),
    );
    for (const ban of answer.bans) {
      expect(ban.count).toBe(drafted.filter((g) => ourBans(g.draft!).includes(ban.champion_id)).length);
    }
    expect(answer.bans.length).toBeGreaterThan(0);
    expect(answer.bans_against.length).toBeGreaterThan(0);
    // A period with no game: nothing, and never a rate from nothing.
    const empty = await ok<ScrimDrafting>(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/drafting/?from=2027-01-01`,
      members.viewer,
    );
    expect(empty).toMatchObject({ games: { total: 0 }, overall: { n: 0, win_rate: null }, picks: [] });
  });

  it("answers how we draft to members only", async () => {
    const url = `/api/workspaces/${workspace.id}/scrims/drafting/`;
    for (const role of ["owner", "coach", "analyst", "player", "viewer"] as const) {
      expect((await call("GET", url, members[role])).statusCode, role).toBe(200);
    }
    const outside = await call("GET", url, outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: "not_found" });
    expect((await call("GET", url, null)).statusCode).toBe(401);
    const missing = await call(
      "GET",
      `/api/workspaces/${crypto.randomUUID()}/scrims/drafting/`,
      members.owner,
    );
    expect(missing.json()).toEqual(outside.json());
  });

  it("feeds the team's own scrims to its own side's recommendations only, labelled", async () => {
    // A prepared scrim: its room's session, our team on the red side.
    const next = await ok<Scrim>("POST", `/api/workspaces/${workspace.id}/scrims/`, members.owner, {
      opponent: { name: "GiantX Pride" },
      starts_at: "2026-12-01T18:00:00Z",
      time_zone: "Europe/Madrid",
      games_count: 1,
      prepare_rooms: true,
      our_side: "RED",
    });
    const sessionId = next.games[0]!.session_id!;
    const ledgerGames = scrims().filter((g) => g.draft !== null).length;
    const board = (side: Side, user: TestUser = members.coach) =>
      ok<Recommendations>(
        "GET",
        `/api/drafts/sessions/${sessionId}/recommendations/?side=${side}&action=PICK&limit=50`,
        user,
      );
    const ledgerReasons = (answer: Recommendations) =>
      answer.items.flatMap((item) =>
        item.reasons
          .filter((r) => r.key.startsWith("recommend.reason.ledger_"))
          .map((r) => ({ id: item.champion_id, ...r })),
      );

    const ours = await board("RED");
    expect(ours.summary).toContainEqual({
      key: "recommend.summary.team_ledger",
      params: { count: ledgerGames },
    });
    // Draft B's picks: 2 scrims with it, 1 won, 1 lost; its reason says so.
    const b = ledgerReasons(ours).filter((r) => ourPicks(1).includes(r.id));
    expect(b.length).toBeGreaterThan(0);
    for (const reason of b) {
      expect(reason).toMatchObject({
        key: "recommend.reason.ledger_picks",
        params: { times: 2, wins: 1, losses: 1, count: ledgerGames },
      });
    }
    // The other side of the same board: nothing of our scrims.
    const theirs = await board("BLUE");
    expect(theirs.summary.map((s) => s.key)).not.toContain("recommend.summary.team_ledger");
    expect(ledgerReasons(theirs)).toEqual([]);

    // The room's seats: our captain gets them, the other team's captain never does.
    const room = await ok<Room>("GET", `/api/rooms/${next.games[0]!.room_id}/`, members.owner);
    const seat = async (kind: "blue_captain" | "red_captain") => {
      const link = room.links.find((l) => l.kind === kind)!;
      const { token } = await ok<{ token: string }>(
        "POST",
        `/api/rooms/${room.id}/links/${link.id}/rotate/`,
        members.owner,
      );
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${room.id}/recommendations/?action=PICK&limit=20`,
        headers: { "x-room-token": token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Recommendations;
    };
    const red = await seat("red_captain");
    expect(red.summary).toContainEqual({
      key: "recommend.summary.team_ledger",
      params: { count: ledgerGames },
    });
    const blue = await seat("blue_captain");
    expect(blue.summary.map((s) => s.key)).not.toContain("recommend.summary.team_ledger");
    expect(ledgerReasons(blue)).toEqual([]);

    // A new scrim with a draft joins the ledger at once (the cache is dropped by the change).
    await game({ kind: "scrim", status: "played", winner: "us", draft: 1, branch: undefined, verdict: null });
    const after = await board("RED");
    expect(after.summary).toContainEqual({
      key: "recommend.summary.team_ledger",
      params: { count: ledgerGames + 1 },
    });
  });
});
