import type { DraftAction, League, Team } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { RANDOM_ROW_ID_MAX, RANDOM_ROW_ID_MIN } from "../../src/db/random-row-id.ts";
import { championIds, createSession, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser } from "../helpers/users.ts";

/**
 * Accounts, custom leagues, custom teams and draft actions keep integer ids, but random ones
 * (decision record 041, fourth round): a sequential id told a member how many accounts exist, a
 * creator how many leagues and teams the platform holds, and a session's actions list how many
 * draft steps had been taken. The seeded catalogue keeps its small ids.
 */

const inRandomRange = (id: number) => id >= RANDOM_ROW_ID_MIN && id < RANDOM_ROW_ID_MAX;

/** Three ids in a row from a counter would differ by one each (or by a few, with others between). */
function looksCounted(ids: number[]): boolean {
  return ids.slice(1).every((id, index) => Math.abs(id - ids[index]!) < 1000);
}

describeEachDialect("random ids of accounts, custom leagues and teams", (ctx) => {
  it("gives each new account, league and team a random id the API answers with and takes", async () => {
    const users = [await registerUser(ctx.app), await registerUser(ctx.app), await registerUser(ctx.app)];
    const userIds = users.map((user) => user.id);
    expect(userIds.every(inRandomRange)).toBe(true);
    expect(looksCounted(userIds)).toBe(false);
    const me = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: users[0]!.headers });
    expect((me.json() as { id: number }).id).toBe(users[0]!.id);

    const owner = users[0]!;
    const leagues: League[] = [];
    for (const name of ["Scrim League A", "Scrim League B", "Scrim League C"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/drafts/leagues/",
        headers: owner.headers,
        payload: { name },
      });
      expect(res.statusCode).toBe(201);
      leagues.push(res.json() as League);
    }
    const leagueIds = leagues.map((league) => league.id);
    expect(leagueIds.every(inRandomRange)).toBe(true);
    expect(looksCounted(leagueIds)).toBe(false);

    const teams: Team[] = [];
    for (const name of ["Team One", "Team Two", "Team Three"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/drafts/leagues/${leagueIds[0]}/teams/`,
        headers: owner.headers,
        payload: { name },
      });
      expect(res.statusCode).toBe(201);
      teams.push(res.json() as Team);
    }
    const teamIds = teams.map((team) => team.id);
    expect(teamIds.every(inRandomRange)).toBe(true);
    expect(looksCounted(teamIds)).toBe(false);

    // The random ids work as ids: the league lists its teams, and another user sees neither.
    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/leagues/${leagueIds[0]}/teams/`,
      headers: owner.headers,
    });
    expect(listed.statusCode).toBe(200);
    const listedIds = (listed.json() as Team[]).filter((team) => team.is_custom).map((team) => team.id);
    expect(listedIds.sort()).toEqual([...teamIds].sort());
    const foreign = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/leagues/${leagueIds[0]}/teams/`,
      headers: users[1]!.headers,
    });
    expect(foreign.statusCode).toBe(404);

    // The seeded catalogue keeps the ids its sequence gave it.
    const catalogue = await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/" });
    const seeded = (catalogue.json() as League[]).filter((league) => !league.is_custom);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((league) => league.id < RANDOM_ROW_ID_MIN)).toBe(true);
  });

  it("gives each draft action a random id, and the actions still come in step order", async () => {
    const user = await registerUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const pool = await championIds(ctx.app);
    await playSteps(ctx.app, user, session.id, pool, 4);
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/actions/`,
      headers: user.headers,
    });
    const actions = res.json() as DraftAction[];
    expect(actions.map((action) => action.phase_number)).toEqual([0, 1, 2, 3]);
    const ids = actions.map((action) => action.id);
    expect(ids.every(inRandomRange)).toBe(true);
    expect(looksCounted(ids)).toBe(false);
    // The random id still names its action: the last step's champion is changed through it.
    const changed = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${ids[3]}/`,
      headers: user.headers,
      payload: { champion_id: pool[10] },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as DraftAction).champion_id).toBe(pool[10]);
  });
});
