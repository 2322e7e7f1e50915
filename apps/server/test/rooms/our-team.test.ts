import {
  type Recommendations,
  ROOM_CLOSE,
  ROOM_PROTOCOL_VERSION,
  type Room,
  type RosterPlayer,
  type SessionRoomLookup,
  type Workspace,
} from "@draftroom/contracts";
import { autoPickRanking, DRAFT_SEQUENCE, type DraftActionInput, fromActions } from "@draftroom/draft";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { championPool } from "../../src/modules/champions/service.ts";
import { databaseNowMs } from "../../src/modules/rooms/repository.ts";
import { sweepExpiredRooms } from "../../src/modules/rooms/service.ts";
import { championIds, createSession, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";
import { createRoom, type LockBody, linkToken, lockAt, RoomClient } from "./support.ts";

/**
 * Our side of a workspace room (decision 046): chosen when the live room opens (or the linked
 * league team's), the other team's links work without an account whether or not the workspace is
 * linked to a league team, our captain seat still needs a member whose role allows it, and only
 * our side's suggestions use the workspace's pools; so does our side's timed-out pick (decision 061).
 */
describeEachDialect("our side of a workspace room", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const inject = (
    user: TestUser,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  /** A session of the workspace (created by `owner`, moved in), optionally between given teams. */
  async function workspaceSession(
    owner: TestUser,
    workspace: Workspace,
    teams: Record<string, unknown> = {},
  ) {
    const session = await createSession(ctx.app, owner, teams);
    const moved = await inject(owner, "PUT", `/api/drafts/sessions/${session.id}/workspace/`, {
      workspace_id: workspace.id,
    });
    expect(moved.statusCode).toBe(200);
    return session;
  }

  const lookup = async (user: TestUser, sessionId: string) =>
    (await inject(user, "GET", `/api/drafts/sessions/${sessionId}/live-room/`)).json() as SessionRoomLookup;

  /** The hello's outcome: the seat's role on a welcome, else the close reason. */
  async function hello(roomId: string, credentials: Record<string, string>) {
    const client = await RoomClient.connect(base, roomId);
    const answer = await Promise.race([
      client.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, ...credentials }),
      client.closed,
    ]);
    const outcome =
      "type" in answer && answer.type === "welcome"
        ? `${answer.seat.role}:${answer.seat.team}`
        : "reason" in answer
          ? answer.reason
          : "?";
    return { client, outcome };
  }

  it("an unlinked workspace's room: the other team's links need no account, our captain needs a member with the role", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const session = await workspaceSession(members.owner, workspace);
    // No linked league team: opening a live room asks which side is ours.
    expect((await lookup(members.coach, session.id)).our_side).toEqual({ ask: true, side: null });

    const room = await createRoom(base, members.coach.token, { session_id: session.id, our_side: "BLUE" });
    expect([room.our_side, room.our_team]).toEqual(["BLUE", "A"]);
    const described = (await inject(members.viewer, "GET", `/api/rooms/${room.id}/`)).json() as Room;
    expect(described.our_side).toBe("BLUE");
    expect(await lookup(members.viewer, session.id)).toMatchObject({
      room: { id: room.id, our_side: "BLUE" },
      our_side: { ask: false, side: "BLUE" },
    });

    // The other team (red): captain, team and spectator links, none with an account.
    const theirCaptain = await hello(room.id, { token: linkToken(room, "red_captain") });
    expect(theirCaptain.outcome).toBe("captain:B");
    const theirMember = await hello(room.id, { token: linkToken(room, "red_team"), name: "Sub" });
    expect(theirMember.outcome).toBe("member:B");
    const watcher = await hello(room.id, { token: linkToken(room, "spectator") });
    expect(watcher.outcome).toBe("spectator:null");
    // Our captain link: a member whose role may take the seat, nobody else.
    expect((await hello(room.id, { token: linkToken(room, "blue_captain") })).outcome).toBe(
      ROOM_CLOSE.invalidLink.reason,
    );
    const viewerOnOurs = await hello(room.id, {
      token: linkToken(room, "blue_captain"),
      auth: members.viewer.token,
    });
    expect(viewerOnOurs.outcome).toBe(ROOM_CLOSE.seatForbidden.reason);
    // A member holding the other team's link is still held to their role.
    const viewerOnTheirs = await hello(room.id, {
      token: linkToken(room, "red_captain"),
      auth: members.viewer.token,
    });
    expect(viewerOnTheirs.outcome).toBe(ROOM_CLOSE.seatForbidden.reason);
    const ourCaptain = await hello(room.id, {
      token: linkToken(room, "blue_captain"),
      auth: members.player.token,
    });
    expect(ourCaptain.outcome).toBe("captain:A");

    // The guest captain drafts like any captain: ready, then lock red's first ban.
    const [ours, theirs] = [ourCaptain.client, theirCaptain.client];
    expect(await ours.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await theirs.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await ours.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    expect(await theirs.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
      type: "ack",
    });
    for (const open of [theirCaptain, theirMember, watcher, viewerOnOurs, viewerOnTheirs, ourCaptain]) {
      open.client.close();
    }
  });

  it("defaults to the linked league team's side, refuses the other one, and keeps the side it opened with", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    const linked = await inject(members.owner, "PATCH", `/api/workspaces/${workspace.id}/`, {
      team_id: teams[1]!.id,
    });
    expect(linked.statusCode).toBe(200);
    // Our league team plays red here: nothing to ask, and that is the room's side.
    const session = await workspaceSession(members.owner, workspace, {
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    });
    expect((await lookup(members.coach, session.id)).our_side).toEqual({ ask: false, side: "RED" });

    const conflict = await inject(members.coach, "POST", "/api/rooms/", {
      session_id: session.id,
      our_side: "BLUE",
    });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json()).toMatchObject({
      code: "validation_error",
      fields: { our_side: expect.any(String) },
    });
    const malformed = await inject(members.coach, "POST", "/api/rooms/", {
      session_id: session.id,
      our_side: "GREEN",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "validation_error" });

    const room = await createRoom(base, members.coach.token, { session_id: session.id });
    expect(room.our_side).toBe("RED");
    expect((await hello(room.id, { token: linkToken(room, "blue_captain") })).outcome).toBe("captain:A");
    expect((await hello(room.id, { token: linkToken(room, "red_captain") })).outcome).toBe(
      ROOM_CLOSE.invalidLink.reason,
    );

    // Unlinking the workspace later does not change the side the room was opened with.
    await inject(members.owner, "PATCH", `/api/workspaces/${workspace.id}/`, { team_id: null });
    expect(((await inject(members.coach, "GET", `/api/rooms/${room.id}/`)).json() as Room).our_side).toBe(
      "RED",
    );
    expect((await hello(room.id, { token: linkToken(room, "blue_captain") })).outcome).toBe("captain:A");

    // A personal session asks nothing and has no side of its own.
    const personal = await createSession(ctx.app, members.owner);
    expect(await lookup(members.owner, personal.id)).toEqual({
      room: null,
      our_side: { ask: false, side: null },
    });
  });

  it("a member's end renews our team's link only: the other team's members stay", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const session = await workspaceSession(members.owner, workspace);
    const room = await createRoom(base, members.coach.token, { session_id: session.id, our_side: "RED" });
    const guest = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_team"),
      name: "Guest",
    });
    const kept = await RoomClient.join(base, room.id, { token: linkToken(room, "red_team"), name: "Pat" });

    const removed = await inject(
      members.owner,
      "DELETE",
      `/api/workspaces/${workspace.id}/members/${members.player.id}/`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await kept.closed).toEqual(ROOM_CLOSE.linkRevoked);
    const after = (await inject(members.coach, "GET", `/api/rooms/${room.id}/`)).json() as Room;
    const createdAt = (kind: Room["links"][number]["kind"], of: Room) =>
      of.links.find((link) => link.kind === kind)!.created_at;
    expect(createdAt("red_team", after)).not.toBe(createdAt("red_team", room));
    expect(createdAt("blue_team", after)).toBe(createdAt("blue_team", room));
    // The guest's socket is still open and its link still seats a member.
    expect(guest.ws.readyState).toBe(guest.ws.OPEN);
    const again = await hello(room.id, { token: linkToken(room, "blue_team"), name: "Guest 2" });
    expect(again.outcome).toBe("member:A");
    again.client.close();
    guest.close();
  });

  it("a pool change moves our captain's suggestions (and the coach's board on our side), never the other team's", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const session = await workspaceSession(members.owner, workspace);
    const room = await createRoom(base, members.coach.token, { session_id: session.id, our_side: "RED" });
    const advice = async (kind: "red_captain" | "blue_captain" | "red_team") => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${room.id}/recommendations/?action=PICK&limit=20`,
        headers: { "x-room-token": linkToken(room, kind) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Recommendations;
    };
    const board = async (side: "BLUE" | "RED") =>
      (
        await inject(
          members.coach,
          "GET",
          `/api/drafts/sessions/${session.id}/recommendations/?side=${side}&action=PICK&limit=20`,
        )
      ).json() as Recommendations;
    const ranking = (recs: Recommendations) => recs.items.map((item) => [item.champion_id, item.score]);
    const reasonsOf = (recs: Recommendations, championId: number) =>
      recs.items.find((item) => item.champion_id === championId)?.reasons.map((reason) => reason.key) ?? [];

    const oursBefore = await advice("red_captain");
    const theirsBefore = await advice("blue_captain");
    expect(oursBefore.side).toBe("RED");
    expect(theirsBefore.side).toBe("BLUE");
    // A champion nobody suggests yet becomes our top laner's S-tier comfort pick.
    const comfort = pool.find((id) => !oursBefore.items.some((item) => item.champion_id === id))!;
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const zeus = (
      await inject(members.coach, "POST", roster, { name: "Zeus", position: "top" })
    ).json() as RosterPlayer;
    const saved = await inject(members.coach, "PUT", `${roster}${zeus.id}/pool/`, {
      entries: [{ champion_id: comfort, tier: "S" }],
    });
    expect(saved.statusCode).toBe(200);

    const oursAfter = await advice("red_captain");
    expect(reasonsOf(oursAfter, comfort)).toContain("recommend.reason.comfort_pick");
    expect(ranking(oursAfter)).not.toEqual(ranking(oursBefore));
    // Our team link's members read the same advice as our captain.
    expect(ranking(await advice("red_team"))).toEqual(ranking(oursAfter));
    // The coach's board (and so the organiser's seat) uses the pools on our side only.
    expect(reasonsOf(await board("RED"), comfort)).toContain("recommend.reason.comfort_pick");
    // The other team: the same ranking as before, and nothing of our pools.
    const theirsAfter = await advice("blue_captain");
    expect(ranking(theirsAfter)).toEqual(ranking(theirsBefore));
    expect(theirsAfter.items.flatMap((item) => item.reasons.map((reason) => reason.key))).not.toContain(
      "recommend.reason.comfort_pick",
    );
  });
  it("a timed-out pick on our side locks our player's comfort pick; the other team's ranks without our pools", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const session = await workspaceSession(members.owner, workspace);
    const room = await createRoom(base, members.coach.token, { session_id: session.id, our_side: "BLUE" });
    const champions = (await championPool(ctx.db)).map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role,
      tags: c.tags,
    }));
    const ids = champions.map((champion) => champion.id);
    const afterSkippedBans: DraftActionInput[] = DRAFT_SEQUENCE.slice(0, 6).map((step, index) => ({
      phase_number: index,
      action_type: step.type,
      team_side: step.side,
      champion_id: null,
    }));
    // Without the pools the clock would take one of the draft's own top suggestions: the comfort
    // pick is a champion outside them, so only the pools can make the clock lock it.
    const plain = autoPickRanking({ state: fromActions(afterSkippedBans), champions }, ids).slice(0, 20);
    const comfort = pool.find((id) => !plain.includes(id))!;
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const faker = (
      await inject(members.coach, "POST", roster, { name: "Faker", position: "mid" })
    ).json() as RosterPlayer;
    expect(
      (
        await inject(members.coach, "PUT", `${roster}${faker.id}/pool/`, {
          entries: [{ champion_id: comfort, tier: "S" }],
        })
      ).statusCode,
    ).toBe(200);

    const ours = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_captain"),
      auth: members.player.token,
    });
    const theirs = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await ours.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await theirs.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    /** Moves the deadline into the past, sweeps, and answers the clock's lock of `step`. */
    const timeOut = async (step: number): Promise<LockBody> => {
      const seen = theirs.waitFor((message) => lockAt(message, step) !== undefined, 10_000);
      await sql`update draft_rooms set deadline_ms = ${(await databaseNowMs(ctx.db)) - 1} where id = ${room.id}`.execute(
        ctx.db,
      );
      await sweepExpiredRooms(ctx.db);
      return lockAt(await seen, step)!;
    };
    for (let step = 0; step < 6; step++) expect((await timeOut(step)).champion_id).toBeNull();

    // Step 6, our first pick (blue): the clock locks Faker's S-tier comfort pick.
    expect(DRAFT_SEQUENCE[6]).toMatchObject({ type: "PICK", side: "BLUE" });
    expect(await timeOut(6)).toMatchObject({ champion_id: comfort, is_auto: true });
    // Step 7, their first pick (red): ranked on the draft alone, as if we had no pools.
    const before7 = fromActions([
      ...afterSkippedBans,
      { phase_number: 6, action_type: "PICK", team_side: "BLUE", champion_id: comfort },
    ]);
    const theirsExpected = autoPickRanking({ state: before7, champions }, ids)[0];
    expect(
      autoPickRanking(
        {
          state: before7,
          champions,
          ours: {
            side: "BLUE",
            pools: [{ player: "Faker", position: "mid", champions: [{ champion_id: comfort, tier: "S" }] }],
            priorities: [],
          },
        },
        ids,
      )[0],
    ).toBe(theirsExpected);
    expect(await timeOut(7)).toMatchObject({ champion_id: theirsExpected, is_auto: true });
    ours.close();
    theirs.close();
  });
});
