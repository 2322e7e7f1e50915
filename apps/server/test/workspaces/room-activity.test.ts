import type { ActivityPage, DraftSession, Room } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { linkRowId, runRoomCommand } from "../../src/modules/rooms/service.ts";
import { championIds } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { linkToken, newSessionBody, RoomClient, sleep } from "../rooms/support.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * A live workspace room's steps reach the workspace feed (decision 028): a captain's locks fold
 * into one "locked ×N" entry per run, past the other captain's locks (033), an approved correction
 * is "approved", the end "finished", each credited to the seat and team that made it: the member
 * bound to the socket beside the seat, or the seat alone, never the session's creator (048); a
 * personal room records nothing.
 */
describeEachDialect("workspaces: live room activity", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  async function roomOf(owner: TestUser, workspaceId: string | null): Promise<Room> {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/",
      headers: owner.headers,
      payload: { session: await newSessionBody(base) },
    });
    expect(created.statusCode).toBe(201);
    const room = created.json() as Room;
    if (workspaceId) {
      const moved = await ctx.app.inject({
        method: "PUT",
        url: `/api/drafts/sessions/${room.session_id}/workspace/`,
        headers: owner.headers,
        payload: { workspace_id: workspaceId },
      });
      expect(moved.statusCode).toBe(200);
    }
    return room;
  }

  /** Each side's team name in the room's draft, as the feed names a seat's team. */
  async function teamNames(owner: TestUser, room: Room): Promise<{ BLUE: string; RED: string }> {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${room.session_id}/`,
      headers: owner.headers,
    });
    const session = res.json() as DraftSession;
    return { BLUE: session.blue_team!.name, RED: session.red_team!.name };
  }

  async function feed(viewer: TestUser, workspaceId: string): Promise<ActivityPage["results"]> {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/activity/`,
      headers: viewer.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ActivityPage).results;
  }

  /** The feed is written after the commit, off the command's path: wait for it to settle. */
  async function feedUntil(
    viewer: TestUser,
    workspaceId: string,
    done: (entries: ActivityPage["results"]) => boolean,
  ): Promise<ActivityPage["results"]> {
    let entries = await feed(viewer, workspaceId);
    for (let i = 0; i < 50 && !done(entries); i++) {
      await sleep(50);
      entries = await feed(viewer, workspaceId);
    }
    return entries;
  }

  it("records a captain's locks, an approved correction and the end, by the seated member", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const room = await roomOf(members.owner, workspace.id);
    const blue = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_captain"),
      auth: members.player.token,
    });
    const red = await RoomClient.join(base, room.id, {
      token: linkToken(room, "red_captain"),
      auth: members.coach.token,
    });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });

    // Only the moved-in entry so far: readying is not a step worth a feed line.
    expect((await feed(members.viewer, workspace.id)).map((e) => e.verb)).toEqual(["moved_in"]);

    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    const names = await teamNames(members.owner, room);
    const locked = await feedUntil(members.viewer, workspace.id, (e) => e.length >= 2);
    expect(locked.map((e) => [e.verb, e.actor?.username, e.item_id, e.item_title, e.count])).toEqual([
      ["locked", members.player.username, room.session_id, "Live scrim", 1],
      ["moved_in", members.owner.username, room.session_id, "Live scrim", 1],
    ]);
    // The member beside the seat they held; a REST step (the move) has no seat.
    expect(locked[0]?.seat).toEqual({ kind: "captain", side: "BLUE", team_name: names.BLUE });
    expect(locked[1]?.seat).toBeUndefined();

    expect(await blue.request({ type: "request_correction", step: 0, champion_id: pool[1] })).toMatchObject({
      type: "ack",
    });
    await red.waitFor((m) => m.type === "event" && m.event.body.kind === "correction_request");
    expect(await red.request({ type: "decide_correction", step: 0, approve: true })).toMatchObject({
      type: "ack",
    });
    const approved = await feedUntil(members.viewer, workspace.id, (e) => e[0]?.verb === "approved");
    expect(approved[0]).toMatchObject({
      verb: "approved",
      actor: { username: members.coach.username },
      seat: { kind: "captain", side: "RED", team_name: names.RED },
    });

    // The rest of the draft, each step by whichever captain's turn it is.
    let steps = 1;
    for (let step = 1; step < 40; step++) {
      const byBlue = await blue.request({ type: "lock", step, champion_id: pool[step + 2] });
      if (byBlue.type === "ack") {
        steps += 1;
        continue;
      }
      const byRed = await red.request({ type: "lock", step, champion_id: pool[step + 2] });
      if (byRed.type !== "ack") break;
      steps += 1;
    }
    expect(steps).toBeGreaterThanOrEqual(20);
    const finished = await feedUntil(members.viewer, workspace.id, (e) =>
      e.some((x) => x.verb === "finished"),
    );
    const finishedEntry = finished.find((e) => e.verb === "finished");
    expect(finishedEntry?.item_id).toBe(room.session_id);
    const locks = finished.filter((e) => e.verb === "locked");
    // Every lock counted once, folded into runs (never one line per pick). The captains take
    // turns, and each one's locks still fold into one line (decision 033): the player's first ban,
    // then after the approved correction one line per captain, not one per step.
    expect(locks.reduce((sum, e) => sum + e.count, 0)).toBe(steps);
    expect(locks.map((e) => e.actor?.username).sort()).toEqual(
      [members.player.username, members.player.username, members.coach.username].sort(),
    );
    expect(new Set(locks.map((e) => e.actor?.username))).toEqual(
      new Set([members.player.username, members.coach.username]),
    );
    // Each member's locks carry their own seat: the red captain's never read as blue's.
    for (const entry of locks) {
      expect(entry.seat?.side).toBe(entry.actor?.username === members.player.username ? "BLUE" : "RED");
    }
    blue.close();
    red.close();
  });

  it("credits the other team's locks to their captain's seat, never the coach who opened the room", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const room = await roomOf(members.owner, workspace.id);
    const names = await teamNames(members.owner, room);
    // A scrim: the workspace is the team playing blue, so blue's captain is a member (the player)
    // and red's captain link seats the opponent's captain, who has no account here.
    const session = (await newSessionBody(base)) as { blue_team_id: number };
    const linked = await ctx.app.inject({
      method: "PATCH",
      url: `/api/workspaces/${workspace.id}/`,
      headers: members.owner.headers,
      payload: { team_id: session.blue_team_id },
    });
    expect(linked.statusCode).toBe(200);
    const blue = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_captain"),
      auth: members.player.token,
    });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const link = room.links.find((l) => l.kind === "blue_captain")!;
    const blueSeat = {
      role: "captain" as const,
      team: link.team,
      linkId: (await linkRowId(ctx.db, room.id, link.id)) ?? null,
    };
    // Step 0 is blue's first ban, played as the practice opponent's are: kept out of the feed.
    const practised = await runRoomCommand(
      ctx.db,
      { roomId: room.id },
      blueSeat,
      { type: "lock", step: 0, champion_id: pool[0]! },
      { inFeed: false },
    );
    expect(practised.ok).toBe(true);
    // Then the opponent and the player take turns: red 1, blue 2, red 3, blue 4, red 5.
    for (let step = 1; step <= 5; step++) {
      const client = step % 2 === 1 ? red : blue;
      expect(await client.request({ type: "lock", step, champion_id: pool[step] })).toMatchObject({
        type: "ack",
      });
    }
    const entries = await feedUntil(
      members.viewer,
      workspace.id,
      (e) => e.filter((x) => x.verb === "locked").reduce((sum, x) => sum + x.count, 0) >= 5,
    );
    const locks = entries.filter((e) => e.verb === "locked");
    // One line per hand: the opponent's three locks by their seat and team, no account named;
    // the player's two by the player in the blue seat. Nothing is the owner's (who opened it).
    expect(locks.map((e) => [e.actor?.username ?? null, e.seat, e.count])).toEqual([
      [members.player.username, { kind: "captain", side: "BLUE", team_name: names.BLUE }, 2],
      [null, { kind: "captain", side: "RED", team_name: names.RED }, 3],
    ]);
    expect(entries.filter((e) => e.actor?.username === members.owner.username).map((e) => e.verb)).toEqual([
      "moved_in",
    ]);
    blue.close();
    red.close();
  });

  it("a personal room records nothing", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const room = await roomOf(members.owner, null);
    const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    // Barrier: a workspace room's lock after the personal one, waited for in the feed. The
    // personal lock's line, had one been written, started first and would be stored by now.
    const teamRoom = await roomOf(members.owner, workspace.id);
    const teamBlue = await RoomClient.join(base, teamRoom.id, {
      token: linkToken(teamRoom, "blue_captain"),
      auth: members.player.token,
    });
    const teamRed = await RoomClient.join(base, teamRoom.id, {
      token: linkToken(teamRoom, "red_captain"),
      auth: members.coach.token,
    });
    expect(await teamBlue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamRed.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamBlue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    const teamFeed = await feedUntil(members.owner, workspace.id, (e) => e[0]?.verb === "locked");
    expect(teamFeed.map((e) => [e.verb, e.item_id])).toEqual([
      ["locked", teamRoom.session_id],
      ["moved_in", teamRoom.session_id],
    ]);
    teamBlue.close();
    teamRed.close();
    const rows = await ctx.db
      .selectFrom("workspace_activity")
      .select("id")
      .where("item_id", "=", room.session_id)
      .execute();
    expect(rows).toEqual([]);
    blue.close();
    red.close();
  });
});
