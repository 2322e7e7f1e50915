import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../src/db/migrations/index.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createSession, firstLeagueWithTeams, newUser } from "./support.ts";

describeEachDialect("draft rows reference their user", (ctx) => {
  it("refuses a session or a priority for a user that does not exist", async () => {
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const champion = await ctx.db.selectFrom("champions").select("id").executeTakeFirstOrThrow();
    await expect(
      ctx.db
        .insertInto("draft_sessions")
        .values({
          id: "00000000-0000-4000-8000-000000000000",
          user_id: 987_654,
          title: "nobody's",
          league_id: league.id,
          blue_team_id: teams[0]!.id,
          red_team_id: teams[1]!.id,
          blue_team_name: "Blue Team",
          red_team_name: "Red Team",
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      ctx.db
        .insertInto("team_priorities")
        .values({
          user_id: 987_654,
          team_id: teams[0]!.id,
          champion_id: champion.id,
          tier: "S",
          note: "",
          sort_order: 0,
          updated_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it("removes a deleted user's sessions, actions and priorities with them", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    const champion = await ctx.db.selectFrom("champions").select("id").executeTakeFirstOrThrow();
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/teams/${teams[0]!.id}/priorities/`,
      headers: user.headers,
      payload: { priorities: [{ champion_id: champion.id, tier: "S", positions: ["mid"] }] },
    });
    expect(put.statusCode).toBe(200);
    await ctx.db.deleteFrom("users").where("id", "=", user.id).execute();
    const left = await sql<{ n: number | string }>`select
      (select count(*) from draft_sessions where id = ${session.id})
      + (select count(*) from team_priorities where user_id = ${user.id}) as n`.execute(ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("keeps every row through down and up again", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    // Later migrations first, down to this one; then everything up again.
    const later = Object.keys(migrations)
      .sort()
      .filter((name) => name > "20261121150000_drafts_user_foreign_keys");
    for (const name of [...later].reverse()) expect(await migrateDown(ctx.db)).toEqual([name]);
    expect(await migrateDown(ctx.db)).toEqual(["20261121150000_drafts_user_foreign_keys"]);
    expect(await migrateToLatest(ctx.db)).toEqual(["20261121150000_drafts_user_foreign_keys", ...later]);
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
    });
    expect(read.statusCode).toBe(200);
  });
});
