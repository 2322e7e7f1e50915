import { randomUUID } from "node:crypto";
import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { RoomClient } from "./support.ts";

/**
 * The public view goes live: anyone holding a session's public id joins its room as a read-only
 * spectator, sees the owner's REST locks as they happen, and cannot change anything.
 */
describeEachDialect("public-id spectators", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const watch = (sessionId: string) =>
    ctx.app.inject({ method: "POST", url: "/api/rooms/watch/", payload: { session_id: sessionId } });

  it("a spectator of a plain session receives a REST lock live and cannot lock", async () => {
    const owner = await newUser(ctx.app);
    const session = await createSession(ctx.app, owner);
    // The session never had a room: watching creates its solo room, once.
    const first = await watch(session.id);
    expect(first.statusCode).toBe(200);
    const roomId = first.json().room_id as string;
    expect((await watch(session.id)).json()).toEqual({ room_id: roomId });

    const viewer = await RoomClient.join(base, roomId, { watch: session.id });
    expect(viewer.welcome!.seat).toEqual({ role: "spectator", team: null, plays_for: [] });
    expect(viewer.welcome!.snapshot.actions).toEqual([]);

    const lock = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${session.id}/actions/`,
      headers: owner.headers,
      payload: { phase_number: 0, action_type: "BAN", team_side: "BLUE", champion_id: pool[0] },
    });
    expect(lock.statusCode).toBe(201);
    const event = await viewer.waitFor((m) => m.type === "event" && m.event.body.kind === "lock");
    expect(event).toMatchObject({ type: "event", event: { body: { step: 0, champion_id: pool[0] } } });

    const seqBefore = viewer.lastSeq();
    expect(await viewer.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
      type: "reject",
      code: "seat_not_allowed",
    });
    expect(await viewer.request({ type: "hover", step: 1, champion_id: pool[1] })).toMatchObject({
      type: "reject",
    });
    const actions = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/public/`,
    });
    expect(actions.json().actions).toHaveLength(1);
    expect(viewer.lastSeq()).toBe(seqBefore);
    expect(viewer.invalid).toEqual([]);
    viewer.close();
  });

  it("an unknown or foreign public id is rejected like a bad link", async () => {
    expect((await watch(randomUUID())).json()).toMatchObject({ code: "not_found" });
    expect((await watch("not-a-uuid")).statusCode).toBe(400);

    const owner = await newUser(ctx.app);
    const mine = await createSession(ctx.app, owner);
    const other = await createSession(ctx.app, owner);
    const roomId = (await watch(mine.id)).json().room_id as string;
    for (const id of [other.id, randomUUID()]) {
      const client = await RoomClient.connect(base, roomId);
      client.send({ type: "hello", id: "h1", proto: ROOM_PROTOCOL_VERSION, watch: id });
      expect(await client.closed).toEqual({
        code: ROOM_CLOSE.invalidLink.code,
        reason: ROOM_CLOSE.invalidLink.reason,
      });
    }
  });
});
