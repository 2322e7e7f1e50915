import {
  apiErrorSchema,
  practiceLookupSchema,
  quickRoomSchema,
  roomLinkSchema,
  roomSchema,
  sessionRoomLookupSchema,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";

/**
 * Decision 026 on each dialect: the quick room's organiser runs the spectator delay and makes new
 * links with the organiser link's token (no account), and the lookups a page makes for any draft
 * answer 200 with null instead of a 404 (no failed request in normal use).
 */
describeEachDialect("room controls and lookups", (ctx) => {
  let address = 0;

  async function createQuick() {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/quick-rooms/",
      payload: { blue_team_name: "Koi", red_team_name: "Heretics", turn_seconds: 30, bank_seconds: 60 },
      remoteAddress: `10.78.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return quickRoomSchema.parse(res.json());
  }
  const withToken = (token: string) => ({ "x-room-token": token });

  it("lets a quick room's organiser read the room, set the delay and make a new link", async () => {
    const quick = await createQuick();
    const roomId = quick.room.id;
    const organiser = withToken(quick.organiser.token);

    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/quick-rooms/${roomId}/`,
      headers: organiser,
    });
    expect(read.statusCode, read.body).toBe(200);
    const room = roomSchema.parse(read.json());
    expect(room).toMatchObject({
      id: roomId,
      turn_seconds: 30,
      bank_seconds: 60,
      spectator_delay_seconds: 0,
    });
    // Links without tokens: only the create answer ever held them.
    expect(room.links.every((link) => link.token === null)).toBe(true);

    const delayed = await ctx.app.inject({
      method: "PUT",
      url: `/api/quick-rooms/${roomId}/delay/`,
      headers: organiser,
      payload: { delay_seconds: 45 },
    });
    expect(delayed.statusCode, delayed.body).toBe(200);
    expect(roomSchema.parse(delayed.json()).spectator_delay_seconds).toBe(45);
    const again = await ctx.app.inject({
      method: "GET",
      url: `/api/quick-rooms/${roomId}/`,
      headers: organiser,
    });
    expect(roomSchema.parse(again.json()).spectator_delay_seconds).toBe(45);

    const blue = quick.room.links.find((link) => link.kind === "blue_captain")!;
    const rotated = await ctx.app.inject({
      method: "POST",
      url: `/api/quick-rooms/${roomId}/links/${blue.id}/rotate/`,
      headers: organiser,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = roomLinkSchema.parse(rotated.json());
    expect(fresh.token).toBeTruthy();
    expect(fresh.token).not.toBe(blue.token);
    const join = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/rooms/join/", payload: { token } });
    expect((await join(blue.token!)).statusCode).toBe(404);
    expect((await join(fresh.token!)).statusCode).toBe(200);
  });

  it("refuses the organiser controls without the organiser's token (401, 403, 404) and bad input (400)", async () => {
    const quick = await createQuick();
    const other = await createQuick();
    const roomId = quick.room.id;
    const captain = quick.room.links.find((link) => link.kind === "red_captain")!;
    const organiserLink = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/quick-rooms/${roomId}/`,
        headers: withToken(quick.organiser.token),
      })
    )
      .json()
      .links.find((link: { kind: string }) => link.kind === "organiser");
    const cases: [string, Record<string, string>, number, string, object?][] = [
      ["GET", {}, 401, `/api/quick-rooms/${roomId}/`],
      ["GET", withToken(captain.token!), 403, `/api/quick-rooms/${roomId}/`],
      ["GET", withToken(other.organiser.token), 404, `/api/quick-rooms/${roomId}/`],
      ["PUT", withToken(captain.token!), 403, `/api/quick-rooms/${roomId}/delay/`, { delay_seconds: 10 }],
      [
        "PUT",
        withToken(quick.organiser.token),
        400,
        `/api/quick-rooms/${roomId}/delay/`,
        { delay_seconds: 999 },
      ],
      ["POST", withToken("nope"), 404, `/api/quick-rooms/${roomId}/links/${captain.id}/rotate/`],
      // The organiser's own link is never rotated from the room (the page would lock itself out).
      [
        "POST",
        withToken(quick.organiser.token),
        403,
        `/api/quick-rooms/${roomId}/links/${organiserLink?.id ?? 0}/rotate/`,
      ],
    ];
    for (const [method, headers, status, url, payload] of cases) {
      const res = await ctx.app.inject({
        method: method as "GET" | "PUT" | "POST",
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
    expect(organiserLink).toBeTruthy();
  });

  it("answers the session's live room and practice lookups with null instead of a 404", async () => {
    const user = await newUser(ctx.app);
    const stranger = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const lookup = (headers: Record<string, string>) =>
      ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${session.id}/live-room/`, headers });

    const before = await lookup(user.headers);
    expect(before.statusCode).toBe(200);
    expect(sessionRoomLookupSchema.parse(before.json()).room).toBeNull();

    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/",
      headers: user.headers,
      payload: { session_id: session.id, turn_seconds: 45, bank_seconds: 90 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = sessionRoomLookupSchema.parse((await lookup(user.headers)).json());
    expect(after.room).toMatchObject({
      id: created.json().id,
      mode: "live",
      turn_seconds: 45,
      bank_seconds: 90,
    });

    // Someone else's session stays a 404 (nothing about it leaks).
    expect((await lookup(stranger.headers)).statusCode).toBe(404);

    const practice = await ctx.app.inject({
      method: "GET",
      url: `/api/practice/sessions/${session.id}/lookup/`,
    });
    expect(practice.statusCode).toBe(200);
    expect(practiceLookupSchema.parse(practice.json())).toEqual({ practice: null });
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/practice/sessions/not-a-uuid/lookup/",
    });
    expect(malformed.statusCode).toBe(400);
  });
});
