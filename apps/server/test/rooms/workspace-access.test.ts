import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION, type Room, type Workspace } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { championIds, createSession } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";
import { createRoom, linkToken, lockEveryStep, RoomClient } from "./support.ts";

/**
 * Rooms under the workspace's access rules (decision 040): past its plan a workspace room starts
 * nothing new but lets a running draft finish; a coach runs the workspace's rooms while an
 * outsider is answered exactly as for a missing id; a member's end rotates the team links of the
 * workspace's open rooms, so a kept link stops reading the team channel and the followed plan.
 */
describeEachDialect("rooms and workspace access", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const tokenOf = (user: TestUser) => user.token;

  /** A session of the workspace (moved in by its creator) with or without a live room. */
  async function workspaceSession(owner: TestUser, workspace: Workspace) {
    const session = await createSession(ctx.app, owner);
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/workspace/`,
      headers: owner.headers,
      payload: { workspace_id: workspace.id },
    });
    expect(moved.statusCode).toBe(200);
    return session;
  }

  async function workspaceRoom(owner: TestUser, workspace: Workspace): Promise<Room> {
    const session = await workspaceSession(owner, workspace);
    return createRoom(base, tokenOf(owner), { session_id: session.id });
  }

  async function roomStatus(roomId: string): Promise<string> {
    const row = await ctx.db
      .selectFrom("draft_rooms")
      .select("status")
      .where("id", "=", roomId)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  it("past its plan, nothing new starts in a workspace room, and a running draft finishes", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const running = await workspaceRoom(members.owner, workspace);
    const lobby = await workspaceRoom(members.owner, workspace);
    const spare = await workspaceSession(members.owner, workspace);
    const blue = await RoomClient.join(base, running.id, {
      token: linkToken(running, "blue_captain"),
      auth: tokenOf(members.player),
    });
    const red = await RoomClient.join(base, running.id, {
      token: linkToken(running, "red_captain"),
      auth: tokenOf(members.coach),
    });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const lobbyBlue = await RoomClient.join(base, lobby.id, {
      token: linkToken(lobby, "blue_captain"),
      auth: tokenOf(members.player),
    });
    expect(await lobbyBlue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });

    await setPlan(ctx.db, members.owner.username, "plus"); // 3 staff > 2 seats: read-only

    // REST: opening a live room is a write, refused with the workspace's read-only answer.
    const opened = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/",
      headers: members.coach.headers,
      payload: { session_id: spare.id },
    });
    expect(opened.statusCode).toBe(403);
    const restAnswer = opened.json() as { code: string; detail: string };
    expect(restAnswer.code).toBe("workspace_read_only");

    // The socket: the organiser's start and the last captain's ready (which would start the
    // draft) get the same code and words; the lobby stays a lobby.
    const organiser = await RoomClient.join(base, lobby.id, { auth: tokenOf(members.owner) });
    expect(organiser.welcome!.seat.role).toBe("organiser");
    expect(await organiser.request({ type: "start" })).toEqual({
      type: "reject",
      id: expect.any(String),
      code: "workspace_read_only",
      detail: restAnswer.detail,
    });
    const lobbyRed = await RoomClient.join(base, lobby.id, {
      token: linkToken(lobby, "red_captain"),
      auth: tokenOf(members.coach),
    });
    expect(await lobbyRed.request({ type: "ready", ready: true })).toMatchObject({
      type: "reject",
      code: "workspace_read_only",
      detail: restAnswer.detail,
    });
    expect(await roomStatus(lobby.id)).toBe("lobby");

    // The draft already running finishes: every lock is taken, to the last.
    await lockEveryStep({ blue, red }, pool);
    expect(await roomStatus(running.id)).toBe("complete");
    for (const client of [blue, red, lobbyBlue, organiser, lobbyRed]) client.close();
  });

  it("a coach runs the workspace's rooms; an outsider is answered as for a missing id", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const room = await workspaceRoom(members.owner, workspace);
    const spare = await workspaceSession(members.owner, workspace);
    const linkId = room.links.find((link) => link.kind === "blue_team")!.id;
    const missingRoom = crypto.randomUUID();
    const missingSession = crypto.randomUUID();

    type Call = { method: "GET" | "POST" | "PUT"; url: string; payload?: object };
    const calls = (roomId: string, sessionId: string): Record<string, Call> => ({
      describe: { method: "GET", url: `/api/rooms/${roomId}/` },
      events: { method: "GET", url: `/api/rooms/${roomId}/events/` },
      delay: { method: "PUT", url: `/api/rooms/${roomId}/delay/`, payload: { delay_seconds: 30 } },
      rotate: { method: "POST", url: `/api/rooms/${roomId}/links/${linkId}/rotate/` },
      removeMember: { method: "POST", url: `/api/rooms/${roomId}/members/${crypto.randomUUID()}/remove/` },
      lookup: { method: "GET", url: `/api/drafts/sessions/${sessionId}/live-room/` },
      ofSession: { method: "GET", url: `/api/drafts/sessions/${sessionId}/room/` },
    });
    const send = (user: TestUser, call: Call) =>
      ctx.app.inject({ method: call.method, url: call.url, headers: user.headers, payload: call.payload });

    // The outsider: every room path answers the real room exactly as a room that never existed.
    const real = calls(room.id, room.session_id);
    const missing = calls(missingRoom, missingSession);
    for (const name of Object.keys(real)) {
      const seen = await send(outsider, real[name]!);
      const none = await send(outsider, missing[name]!);
      expect({ name, status: seen.statusCode, body: seen.json() }).toEqual({
        name,
        status: none.statusCode,
        body: none.json(),
      });
      expect(seen.statusCode, name).toBe(404);
    }
    const openForeign = await send(outsider, {
      method: "POST",
      url: "/api/rooms/",
      payload: { session_id: spare.id },
    });
    const openMissing = await send(outsider, {
      method: "POST",
      url: "/api/rooms/",
      payload: { session_id: missingSession },
    });
    expect([openForeign.statusCode, openForeign.json()]).toEqual([404, openMissing.json()]);

    // The coach (not the creator) reads and runs the room and opens the workspace's next one.
    for (const name of ["describe", "events", "lookup", "ofSession", "delay", "rotate"]) {
      expect((await send(members.coach, real[name]!)).statusCode, name).toBe(200);
    }
    const coachOpened = await send(members.coach, {
      method: "POST",
      url: "/api/rooms/",
      payload: { session_id: spare.id },
    });
    expect(coachOpened.statusCode).toBe(201);
    // A viewer reads the room but cannot change it.
    expect((await send(members.viewer, real.describe!)).statusCode).toBe(200);
    const viewerRotate = await send(members.viewer, real.rotate!);
    expect([viewerRotate.statusCode, viewerRotate.json().code]).toEqual([403, "forbidden"]);
  });

  it("a removed member's kept team link stops reading the team channel and the plan; the feed says so", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const room = await workspaceRoom(members.owner, workspace);
    const teamToken = linkToken(room, "blue_team");
    const personal = await createRoom(base, tokenOf(members.owner), {
      session_id: (await createSession(ctx.app, members.owner)).id,
    });
    const viewPlan = (token: string) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/draft-plans/live/rooms/${room.id}/view/`,
        payload: { token },
      });
    expect((await viewPlan(teamToken)).statusCode).toBe(200);
    // The player sits on the team link, as any holder of it may, without their account.
    const kept = await RoomClient.join(base, room.id, { token: teamToken, name: "Pat" });
    await kept.waitFor((m) => m.type === "team_history");
    const before = (
      await ctx.app.inject({ method: "GET", url: `/api/rooms/${room.id}/`, headers: members.owner.headers })
    ).json() as Room;

    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/workspaces/${workspace.id}/members/${members.player.id}/`,
      headers: members.owner.headers,
    });
    expect(removed.statusCode).toBe(204);

    // The kept link's socket is closed, and the link opens nothing any more: no team channel,
    // no plan.
    const closed = await Promise.race([
      kept.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5000)),
    ]);
    expect(closed).toEqual(ROOM_CLOSE.linkRevoked);
    const again = await RoomClient.connect(base, room.id);
    const answer = await Promise.race([
      again.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, token: teamToken, name: "Pat" }),
      again.closed,
    ]);
    expect(answer).toEqual(ROOM_CLOSE.invalidLink);
    expect((await viewPlan(teamToken)).statusCode).toBe(404);

    // Staff still have the links: the same two team links, made anew, ready for "New link".
    const after = (
      await ctx.app.inject({ method: "GET", url: `/api/rooms/${room.id}/`, headers: members.coach.headers })
    ).json() as Room;
    for (const kind of ["blue_team", "red_team"] as const) {
      const was = before.links.find((link) => link.kind === kind)!;
      const now = after.links.find((link) => link.kind === kind)!;
      expect([now.id, now.revoked_at]).toEqual([was.id, null]);
      expect(now.created_at).not.toBe(was.created_at);
    }
    const fresh = await ctx.app.inject({
      method: "POST",
      url: `/api/rooms/${room.id}/links/${after.links.find((link) => link.kind === "blue_team")!.id}/rotate/`,
      headers: members.coach.headers,
    });
    const member = await RoomClient.join(base, room.id, { token: fresh.json().token, name: "Sam" });
    expect(member.welcome!.seat).toMatchObject({ role: "member", team: "A" });
    member.close();
    // A personal room of a member keeps its links (only the workspace's rooms change).
    const personalMember = await RoomClient.join(base, personal.id, {
      token: linkToken(personal, "blue_team"),
      name: "Kai",
    });
    expect(personalMember.welcome!.seat.role).toBe("member");
    personalMember.close();

    // The workspace's feed says which draft's links changed, and whose leaving changed them.
    const feed = await ctx.app.inject({
      method: "GET",
      url: `/api/workspaces/${workspace.id}/activity/`,
      headers: members.coach.headers,
    });
    expect(feed.json().results).toContainEqual(
      expect.objectContaining({
        verb: "links_rotated",
        item_type: "session",
        item_id: room.session_id,
        actor: { id: members.player.id, username: members.player.username, name: "Ada Lovelace" },
      }),
    );
  });
});
