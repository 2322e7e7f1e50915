import type { Recommendations } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient } from "./support.ts";

/**
 * A live room's team seats ask the recommendation engine with their link token (issue 22): each
 * gets its own side's advice only, locks are respected, other seats and links are refused.
 */
describeEachDialect("room recommendations", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const ask = (roomId: string, token?: string, query = "") =>
    ctx.app.inject({
      method: "GET",
      url: `/api/rooms/${roomId}/recommendations/${query}`,
      headers: token === undefined ? {} : { "x-room-token": token },
    });

  it("answers each team seat for its own side, respects locks, refuses other seats and links", async () => {
    const owner = await newUser(ctx.app);
    const auth = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, auth, { session_id: session.id, turn_seconds: 300 });

    const blue = await ask(room.id, linkToken(room, "blue_captain"));
    expect(blue.statusCode, blue.body).toBe(200);
    const blueAdvice = blue.json() as Recommendations;
    expect(blueAdvice).toMatchObject({ side: "BLUE", action: "BAN", draft_complete: false });
    expect(blueAdvice.items.length).toBeGreaterThan(0);
    expect(blueAdvice.items.length).toBeLessThanOrEqual(8);

    // The red captain gets red's advice even while blue is on the clock; a member link too.
    const red = (await ask(room.id, linkToken(room, "red_captain"), "?action=PICK&limit=5")).json();
    expect(red).toMatchObject({ side: "RED", action: "PICK" });
    expect((red as Recommendations).items).toHaveLength(5);
    expect((await ask(room.id, linkToken(room, "red_team"))).json()).toMatchObject({ side: "RED" });

    // Refused: no token, a spectator, another room's link, a made-up token.
    expect((await ask(room.id)).statusCode).toBe(401);
    const spectator = await ask(room.id, linkToken(room, "spectator"));
    expect(spectator.statusCode).toBe(403);
    expect(spectator.json()).toMatchObject({ code: "forbidden" });
    const other = await createRoom(base, auth, { session_id: (await createSession(ctx.app, owner)).id });
    expect((await ask(room.id, linkToken(other, "blue_captain"))).statusCode).toBe(404);
    expect((await ask(room.id, "not-a-token")).statusCode).toBe(404);

    // A locked champion is never advised again.
    const top = blueAdvice.items[0]!.champion_id;
    const blueSeat = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const redSeat = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await blueSeat.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await redSeat.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await blueSeat.request({ type: "lock", step: 0, champion_id: top })).toMatchObject({
      type: "ack",
    });
    const after = (await ask(room.id, linkToken(room, "red_captain"), "?limit=20")).json() as Recommendations;
    expect(after.side).toBe("RED");
    expect(after.items.map((item) => item.champion_id)).not.toContain(top);
    expect(pool).toContain(top);
    blueSeat.close();
    redSeat.close();
  });
});
