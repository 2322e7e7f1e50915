import type { RosterPlayer } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { activePlayerPools } from "../../src/modules/workspaces/roster.ts";
import { championIds, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

describeEachDialect("workspaces: roster and champion pools", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });
  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });

  it("lets coaches edit the roster, players their own pool only, and feeds pools to recommendations", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    await call("PATCH", `/api/workspaces/${workspace.id}/`, members.owner, { team_id: teams[0]!.id });
    const base = `/api/workspaces/${workspace.id}/roster/`;
    const body = { name: "Zeus", position: "top", user_id: members.player.id };
    for (const role of ["analyst", "player", "viewer"] as const) {
      expect((await call("POST", base, members[role], body)).statusCode, role).toBe(403);
    }
    expect((await call("POST", base, outsider, body)).statusCode).toBe(404);
    const zeus = (await call("POST", base, members.coach, body)).json() as RosterPlayer;
    expect(zeus).toMatchObject({
      name: "Zeus",
      position: "top",
      status: "active",
      user_id: members.player.id,
      pool: [],
    });
    const sub = (
      await call("POST", base, members.owner, { name: "Kiin", position: "top", status: "substitute" })
    ).json() as RosterPlayer;

    const own = await call("PUT", `${base}${zeus.id}/pool/`, members.player, {
      entries: [
        { champion_id: pool[0], tier: "S", notes: "comfort" },
        { champion_id: pool[1], tier: "learning" },
      ],
    });
    expect(own.statusCode).toBe(200);
    expect((own.json() as RosterPlayer).pool).toEqual([
      expect.objectContaining({
        champion_id: pool[0],
        tier: "S",
        notes: "comfort",
        updated_by_username: members.player.username,
      }),
      expect.objectContaining({ champion_id: pool[1], tier: "learning", notes: "" }),
    ]);
    expect((await call("PUT", `${base}${sub.id}/pool/`, members.player, { entries: [] })).statusCode).toBe(
      403,
    );
    expect((await call("PUT", `${base}${zeus.id}/pool/`, members.viewer, { entries: [] })).statusCode).toBe(
      403,
    );
    const coached = await call("PUT", `${base}${sub.id}/pool/`, members.coach, {
      entries: [{ champion_id: pool[2], tier: "A" }],
    });
    expect(coached.statusCode).toBe(200);
    const unknown = await call("PUT", `${base}${sub.id}/pool/`, members.coach, {
      entries: [{ champion_id: 999999, tier: "A" }],
    });
    expect(unknown.statusCode).toBe(400);

    const roster = (await call("GET", base, members.viewer)).json() as RosterPlayer[];
    expect(roster.map((p) => [p.name, p.pool.length])).toEqual([
      ["Zeus", 2],
      ["Kiin", 1],
    ]);
    expect((await call("GET", base, outsider)).statusCode).toBe(404);

    // The active players' pools feed recommendations (the substitute's does not).
    expect(await activePlayerPools(ctx.db, workspace.id)).toEqual([
      {
        player: "Zeus",
        position: "top",
        champions: [
          { champion_id: pool[0], tier: "S" },
          { champion_id: pool[1], tier: "learning" },
        ],
      },
    ]);

    expect((await call("DELETE", `${base}${sub.id}/`, members.analyst)).statusCode).toBe(403);
    expect((await call("DELETE", `${base}${sub.id}/`, members.coach)).statusCode).toBe(204);
  });
});
