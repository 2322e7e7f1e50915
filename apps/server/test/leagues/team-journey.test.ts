import type {
  DraftSession,
  League,
  Recommendations,
  RosterPlayer,
  ScoutingReport,
  ScoutingTeamList,
  Team,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../src/db/schema.ts";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { syncImportedTeams } from "../../src/modules/matches/service.ts";
import { addMemberWithinSeats } from "../../src/modules/workspaces/service.ts";
import { championIds } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";

/**
 * Decision record 053, against the shipped sample (52 games: LPL 15, LCKC 11, LVP SL 9, LFL2 8,
 * LCK 6, NLC 3): every league and team of the imported games is listed with its games and can be
 * scouted and drafted against; a team a staff member adds in a workspace is every member's; and
 * the workspace's plan covers its members' work inside it (scouting, saved drafts).
 */
describeEachDialect("leagues and teams of imported games, workspace teams, a team pays once", (ctx) => {
  const db = () => ctx.db as Kysely<Database>;
  const call = (method: string, url: string, user: TestUser | null, payload?: object) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload ? { payload } : {}),
    });
  const leagues = async (user: TestUser | null = null) =>
    (await call("GET", "/api/drafts/leagues/", user)).json() as League[];
  const teamsOf = async (leagueId: number, user: TestUser | null = null) =>
    (await call("GET", `/api/drafts/leagues/${leagueId}/teams/`, user)).json() as Team[];
  const leagueNamed = async (name: string, user: TestUser | null = null) => {
    const found = (await leagues(user)).filter((league) => league.name === name);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    await seedMatchSample(db());
  });

  it("lists every league and team of the imported games with its game count, once", async () => {
    const counts = Object.fromEntries(
      (await leagues())
        .filter((league) => (league.games ?? 0) > 0)
        .map((league) => [league.name, league.games]),
    );
    expect(counts).toEqual({ LPL: 15, LCKC: 11, "LVP SL": 9, LFL2: 8, LCK: 6, NLC: 3 });
    const lvp = await leagueNamed("LVP SL");
    const lvpTeams = await teamsOf(lvp.id);
    expect(lvpTeams.find((team) => team.name === "Los Heretics")).toMatchObject({
      games: 2,
      is_custom: false,
    });
    expect(lvpTeams.find((team) => team.name === "ZETA")?.games).toBe(1);
    // A seeded team matches the data's spelling instead of being doubled (LCK's DRX: 3 games).
    const lck = await teamsOf((await leagueNamed("LCK")).id);
    expect(lck.filter((team) => team.name === "DRX")).toEqual([expect.objectContaining({ games: 3 })]);
    expect(lck.find((team) => team.name === "T1")?.games).toBe(0);

    // Syncing again (a re-import, or the next start) adds nothing and keeps the counts.
    const before = (await call("GET", "/api/drafts/teams/", null)).json() as Team[];
    await syncImportedTeams(db());
    const after = (await call("GET", "/api/drafts/teams/", null)).json() as Team[];
    expect(after).toEqual(before);
  });

  it("scouts and drafts against a second-division team of the data", async () => {
    const user = await registerUser(ctx.app);
    const listed = (await call("GET", "/api/scouting/teams/", user)).json() as ScoutingTeamList;
    const heretics = listed.find((team) => team.name === "Los Heretics");
    expect(heretics).toMatchObject({ league: "LVP SL", games: 2 });
    const report = await call("GET", `/api/scouting/teams/${heretics!.id}/`, user);
    expect(report.statusCode).toBe(200);
    expect((report.json() as ScoutingReport).summary.sources.matches).toBe(2);

    const lvp = await leagueNamed("LVP SL");
    const [blue, red] = (await teamsOf(lvp.id)).filter((team) => (team.games ?? 0) > 0);
    const created = await call("POST", "/api/drafts/sessions/", user, {
      title: "Scrim vs LVP",
      league_id: lvp.id,
      blue_team_id: blue!.id,
      red_team_id: red!.id,
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: false },
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as DraftSession).blue_team?.id).toBe(blue!.id);
  });

  it("makes a team a staff member adds in a workspace every member's, and nobody else's", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const scrims = await leagueNamed("Scrims");
    const url = `/api/drafts/leagues/${scrims.id}/teams/`;
    const body = { name: "Rival Academy", workspace_id: workspace.id };
    // Adding one needs edit_drafts there: a viewer is refused, an outsider does not see the workspace.
    expect((await call("POST", url, members.viewer, body)).statusCode).toBe(403);
    expect((await call("POST", url, outsider, body)).statusCode).toBe(404);
    const added = await call("POST", url, members.analyst, body);
    expect(added.statusCode).toBe(201);
    const team = added.json() as Team;
    expect(team.workspace_id).toBe(workspace.id);

    for (const member of [members.owner, members.coach, members.player, members.viewer]) {
      expect((await teamsOf(scrims.id, member)).map((each) => each.id)).toContain(team.id);
      const list = (await call("GET", "/api/scouting/teams/", member)).json() as ScoutingTeamList;
      expect(list.map((each) => each.id)).toContain(team.id);
      // The report link a coach shares opens for every member (not "Team not found").
      expect((await call("GET", `/api/scouting/teams/${team.id}/`, member)).statusCode).toBe(200);
    }
    expect((await teamsOf(scrims.id, outsider)).map((each) => each.id)).not.toContain(team.id);
    expect((await call("GET", `/api/scouting/teams/${team.id}/`, outsider)).statusCode).toBe(404);

    // A session of the workspace with that team: another member edits it with the team kept.
    const { teams } = { teams: await teamsOf(scrims.id, members.coach) };
    const other = teams.find((each) => each.id !== team.id)!;
    const session = await call("POST", `/api/drafts/sessions/?workspace=${workspace.id}`, members.analyst, {
      title: "vs Rival Academy",
      league_id: scrims.id,
      blue_team_id: other.id,
      red_team_id: team.id,
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: false },
    });
    expect(session.statusCode).toBe(201);
    const id = (session.json() as DraftSession).id;
    const edited = await call("PUT", `/api/drafts/sessions/${id}/`, members.coach, {
      title: "vs Rival Academy (edited)",
      league_id: scrims.id,
      blue_team_id: other.id,
      red_team_id: team.id,
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: false },
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as DraftSession).red_team?.id).toBe(team.id);

    // Suspended or removed from the workspace: the team is not theirs any more.
    const leaver = await registerUser(ctx.app);
    await addMemberWithinSeats(db(), workspace.id, leaver.id, "player");
    expect((await teamsOf(scrims.id, leaver)).map((each) => each.id)).toContain(team.id);
    await db().deleteFrom("workspace_members").where("user_id", "=", leaver.id).execute();
    expect((await call("GET", `/api/scouting/teams/${team.id}/`, leaver)).statusCode).toBe(404);
  });

  it("gives a Community analyst of a Pro workspace the full report and compare inside it", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner, { name: "Pro Team", tag: "PRO" });
    const analyst = await registerUser(ctx.app);
    await addMemberWithinSeats(db(), workspace.id, analyst.id, "analyst");
    const stranger = await registerUser(ctx.app);
    const listed = (await call("GET", "/api/scouting/teams/", analyst)).json() as ScoutingTeamList;
    const [a, b] = listed.filter((team) => team.games > 0);
    const report = (user: TestUser, scope = "") =>
      call("GET", `/api/scouting/teams/${a!.id}/${scope}`, user).then((res) => res.json() as ScoutingReport);

    expect((await report(analyst)).access).toBe("preview");
    expect((await report(analyst, `?workspace=${workspace.id}`)).access).toBe("full");
    // Naming a workspace one is not in gives nothing of its plan.
    expect((await report(stranger, `?workspace=${workspace.id}`)).access).toBe("preview");
    const compare = (user: TestUser, scope = "") =>
      call("GET", `/api/scouting/compare/?a=${a!.id}&b=${b!.id}${scope}`, user);
    expect((await compare(analyst)).statusCode).toBe(403);
    expect((await compare(analyst, `&workspace=${workspace.id}`)).statusCode).toBe(200);
    expect((await compare(stranger, `&workspace=${workspace.id}`)).statusCode).toBe(403);
  });

  it("counts a workspace's sessions and series against its plan, never the creator's own", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner, { name: "Pay Once", tag: "P1" });
    const analyst = await registerUser(ctx.app);
    await addMemberWithinSeats(db(), workspace.id, analyst.id, "analyst");
    const lvp = await leagueNamed("LVP SL");
    const [blue, red] = await teamsOf(lvp.id);
    const body = (title: string) => ({
      title,
      league_id: lvp.id,
      blue_team_id: blue!.id,
      red_team_id: red!.id,
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: false },
    });
    // Community allows 3 saved drafts: four in the workspace all pass.
    for (const n of [1, 2, 3, 4]) {
      const res = await call(
        "POST",
        `/api/drafts/sessions/?workspace=${workspace.id}`,
        analyst,
        body(`team ${n}`),
      );
      expect(res.statusCode).toBe(201);
    }
    // ...and leave the analyst's own three untouched; the fourth personal one is the limit.
    for (const n of [1, 2, 3]) {
      expect((await call("POST", "/api/drafts/sessions/", analyst, body(`own ${n}`))).statusCode).toBe(201);
    }
    const over = await call("POST", "/api/drafts/sessions/", analyst, body("own 4"));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: "plan_limit" });
    // A series in the workspace passes too, though the personal plan is full.
    const series = await call("POST", `/api/series/?workspace=${workspace.id}`, analyst, {
      title: "Bo3 vs LVP",
      league_id: lvp.id,
      team_a_id: blue!.id,
      team_b_id: red!.id,
      best_of: 3,
      first_blue: "A",
    });
    expect(series.statusCode).toBe(201);
  });

  it("feeds the pools to the board of a team named as the workspace, linked to nothing", async () => {
    const pool = await championIds(ctx.app);
    const owner = await registerUser(ctx.app, { plan: "pro" });
    // The workspace is the team "Los Heretics" (LVP SL), never linked to the league team.
    const workspace = await createWorkspace(ctx.app, owner, { name: "Los Heretics", tag: "LH" });
    const lvp = await leagueNamed("LVP SL");
    const lvpTeams = await teamsOf(lvp.id);
    const us = lvpTeams.find((team) => team.name === "Los Heretics")!;
    const them = lvpTeams.find((team) => team.name === "UCAM Esports")!;
    const created = await call("POST", `/api/drafts/sessions/?workspace=${workspace.id}`, owner, {
      title: "vs UCAM",
      league_id: lvp.id,
      blue_team_id: them.id,
      red_team_id: us.id,
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: false },
    });
    const session = created.json() as DraftSession;
    const board = async (side: "BLUE" | "RED") =>
      (
        await call(
          "GET",
          `/api/drafts/sessions/${session.id}/recommendations/?side=${side}&action=PICK&limit=50`,
          owner,
        )
      ).json() as Recommendations;
    const reasonsOf = (result: Recommendations, championId: number) =>
      result.items.find((item) => item.champion_id === championId)?.reasons.map((reason) => reason.key) ?? [];
    const poolChampion = pool[7]!;
    const beforeRed = await board("RED");
    const beforeBlue = await board("BLUE");
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const player = (
      await call("POST", roster, owner, { name: "Jojo", position: "mid" })
    ).json() as RosterPlayer;
    const saved = await call("PUT", `${roster}${player.id}/pool/`, owner, {
      entries: [{ champion_id: poolChampion, tier: "S" }],
    });
    expect(saved.statusCode).toBe(200);
    const afterRed = await board("RED");
    // Our side (red, named as the workspace) now ranks with the pool; the other side is unchanged.
    expect(reasonsOf(afterRed, poolChampion)).not.toEqual(reasonsOf(beforeRed, poolChampion));
    expect(afterRed.items.map((item) => item.champion_id)).not.toEqual(
      beforeRed.items.map((item) => item.champion_id),
    );
    expect((await board("BLUE")).items.map((item) => item.champion_id)).toEqual(
      beforeBlue.items.map((item) => item.champion_id),
    );
  });

  it("feeds the pools to the member's seat of a practice in the workspace", async () => {
    const pool = await championIds(ctx.app);
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const started = await call("POST", "/api/practice/", members.analyst, {
      opponent_team: "Weibo Gaming",
      side: "BLUE",
      workspace_id: workspace.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { practice, path } = started.json() as { practice: { room_id: string }; path: string };
    const token = path.split("#")[1]!;
    const seat = async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${practice.room_id}/recommendations/?action=PICK&limit=20`,
        headers: { "x-room-token": token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Recommendations).items.map((item) => item.champion_id);
    };
    const before = await seat();
    // A champion ranked low before: an S-tier pool entry lifts it.
    const lifted = pool.find((id) => !before.slice(0, 10).includes(id))!;
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const player = (
      await call("POST", roster, members.coach, { name: "Jojo", position: "mid" })
    ).json() as RosterPlayer;
    await call("PUT", `${roster}${player.id}/pool/`, members.coach, {
      entries: [{ champion_id: lifted, tier: "S" }],
    });
    const after = await seat();
    expect(after).not.toEqual(before);
    expect(after.indexOf(lifted)).toBeGreaterThanOrEqual(0);
    expect(after.indexOf(lifted)).toBeLessThan(before.includes(lifted) ? before.indexOf(lifted) : 20);
  });
});
