import { ROOM_PROTOCOL_VERSION, type RoomServerMessage, type TeamMessage } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../src/db/migrations/index.ts";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient } from "./support.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Team seats over real WebSockets on each dialect: a team link's members give a name, suggest and
 * chat; only their own captain and team hear it (never the other team, a spectator, the public
 * watcher or the organiser, nor any resync or snapshot); the organiser sees the roster, removes a
 * member and rotates the team link; bad input is refused with a code.
 */
describeEachDialect("live rooms: team seats", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const teamMessages = (client: RoomClient): TeamMessage[] =>
    client.messages.flatMap((m) => (m.type === "team_message" ? [m.message] : []));
  const rosterOf = (client: RoomClient) =>
    client.messages
      .filter((m): m is Extract<RoomServerMessage, { type: "roster" }> => m.type === "roster")
      .at(-1)?.members ?? [];

  it("a member's suggestion and chat reach their own captain and team, nobody else", async () => {
    expect(DRAFT_SEQUENCE[0]!.side).toBe("BLUE");
    const owner = await newUser(ctx.app);
    const auth = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, auth, { session_id: session.id });

    // a team link needs a name; POST /join/ says it is a member seat
    const join = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/join/",
      payload: { token: linkToken(room, "blue_team") },
    });
    expect(join.json().seat).toEqual({ role: "member", team: "A", plays_for: [] });
    const nameless = await RoomClient.connect(base, room.id);
    nameless.send({
      type: "hello",
      id: "h",
      proto: ROOM_PROTOCOL_VERSION,
      token: linkToken(room, "blue_team"),
      name: "   ",
    });
    expect(await nameless.closed).toEqual({ code: 4422, reason: "name_required" });

    const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    const organiser = await RoomClient.join(base, room.id, { auth });
    const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
    const watcher = await RoomClient.join(base, room.id, { watch: session.id });
    const coach = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_team"),
      name: " Coach Kim ",
    });
    const redSub = await RoomClient.join(base, room.id, {
      token: linkToken(room, "red_team"),
      name: "Red Sub",
    });
    expect(coach.welcome?.seat).toEqual({ role: "member", team: "A", plays_for: [] });
    const history = (await coach.waitFor((m) => m.type === "team_history")) as Extract<
      RoomServerMessage,
      { type: "team_history" }
    >;
    expect(history).toMatchObject({ team: "A", messages: [] });
    // a member is named by a random public id, never a row number (decision 041)
    const coachId = history.member_id!;
    expect(coachId).toMatch(UUID);

    // the organiser sees both teams' members by name; a captain only their own team's
    await organiser.waitFor((m) => m.type === "roster" && m.members.length === 2);
    expect(rosterOf(organiser).map((m) => [m.team, m.name])).toEqual([
      ["A", "Coach Kim"],
      ["B", "Red Sub"],
    ]);
    await blue.waitFor((m) => m.type === "roster" && m.members.length === 1);
    expect(rosterOf(blue).map((m) => m.name)).toEqual(["Coach Kim"]);

    // members never hover, lock or ready
    expect(await coach.request({ type: "ready", ready: true })).toMatchObject({ code: "seat_not_allowed" });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await coach.request({ type: "hover", step: 0, champion_id: pool[0] })).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(await coach.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      code: "seat_not_allowed",
    });

    // the coach sees their captain's hover live, and suggests for their captain's step
    expect(await blue.request({ type: "hover", step: 0, champion_id: pool[1] })).toMatchObject({
      type: "ack",
    });
    await coach.waitFor((m) => m.type === "hover" && m.hover.champion_id === pool[1]);
    expect(await coach.request({ type: "suggest", step: 0, champion_id: pool[2] })).toMatchObject({
      type: "ack",
    });
    const suggestion = await blue.waitFor(
      (m) => m.type === "team_message" && m.message.kind === "suggestion",
    );
    expect(suggestion).toMatchObject({
      message: {
        team: "A",
        kind: "suggestion",
        name: "Coach Kim",
        member_id: coachId,
        step: 0,
        champion_id: pool[2],
      },
    });
    // the other team cannot suggest on blue's step; stale steps and unknown champions are refused
    expect(await redSub.request({ type: "suggest", step: 0, champion_id: pool[3] })).toMatchObject({
      code: "not_your_turn",
    });
    expect(await coach.request({ type: "suggest", step: 1, champion_id: pool[3] })).toMatchObject({
      code: "wrong_turn",
    });
    expect(await coach.request({ type: "suggest", step: 0, champion_id: 999_999 })).toMatchObject({
      code: "unknown_champion",
    });
    // captains cannot suggest; spectators and the organiser cannot talk in a team
    expect(await blue.request({ type: "suggest", step: 0, champion_id: pool[3] })).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(await spectator.request({ type: "team_chat", text: "hi" })).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(await watcher.request({ type: "team_chat", text: "hi" })).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(await organiser.request({ type: "team_chat", text: "hi" })).toMatchObject({
      code: "seat_not_allowed",
    });

    // team chat, both ways inside each team
    expect(await coach.request({ type: "team_chat", text: "  blue secret plan  " })).toMatchObject({
      type: "ack",
    });
    expect(await blue.request({ type: "team_chat", text: "ok, locking it" })).toMatchObject({ type: "ack" });
    expect(await redSub.request({ type: "team_chat", text: "red secret plan" })).toMatchObject({
      type: "ack",
    });
    await blue.waitFor((m) => m.type === "team_message" && m.message.text === "blue secret plan");
    await coach.waitFor((m) => m.type === "team_message" && m.message.text === "ok, locking it");
    await red.waitFor((m) => m.type === "team_message" && m.message.text === "red secret plan");

    // bad input: a reject with a code, never a crash
    expect(await coach.request({ type: "team_chat", text: "x".repeat(301) })).toMatchObject({
      code: "message_too_long",
    });
    expect(await coach.request({ type: "team_chat", text: " \u0007 " })).toMatchObject({
      code: "malformed_message",
    });
    expect(await coach.request({ type: "team_chat", text: "y".repeat(2001) })).toMatchObject({
      code: "malformed_message",
    });
    expect(await coach.request({ type: "suggest", step: 0, champion_id: "Ahri" })).toMatchObject({
      code: "malformed_message",
    });

    // the captain locks the suggestion
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[2] })).toMatchObject({
      type: "ack",
    });
    for (const client of [red, spectator, watcher, organiser, coach, redSub]) {
      await client.waitFor((m) => m.type === "event" && m.event.body.kind === "lock");
    }
    // a used champion cannot be suggested any more (step 1 is red's)
    expect(await redSub.request({ type: "suggest", step: 1, champion_id: pool[2] })).toMatchObject({
      code: "champion_used",
    });

    // a burst is rate-limited per socket
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => redSub.request({ type: "team_chat", text: `spam ${i}` })),
    );
    expect(burst.filter((m) => m.type === "reject" && m.code === "rate_limited").length).toBeGreaterThan(0);
    // each socket has its own allowance
    expect(await red.request({ type: "team_chat", text: "red captain still talks" })).toMatchObject({
      type: "ack",
    });
    await redSub.waitFor((m) => m.type === "team_message" && m.message.text === "red captain still talks");

    // nothing of team A reached a seat outside team A, nothing of team B outside team B
    const all = [blue, red, organiser, spectator, watcher, coach, redSub];
    for (const client of all) expect(client.invalid).toEqual([]);
    // (the organiser sees members' names in the roster, never what they say)
    for (const client of [red, redSub, organiser, spectator, watcher]) {
      expect(teamMessages(client).filter((m) => m.team === "A")).toEqual([]);
      expect(JSON.stringify(client.messages)).not.toContain("blue secret plan");
      if (client !== organiser) expect(JSON.stringify(client.messages)).not.toContain("Coach Kim");
    }
    for (const client of [blue, coach, organiser, spectator, watcher]) {
      expect(teamMessages(client).filter((m) => m.team === "B")).toEqual([]);
      expect(JSON.stringify(client.messages)).not.toContain("red secret plan");
      if (client !== organiser) expect(JSON.stringify(client.messages)).not.toContain("Red Sub");
    }
    for (const client of [organiser, spectator, watcher]) {
      expect(client.messages.filter((m) => m.type === "team_history" || m.type === "team_message")).toEqual(
        [],
      );
    }
    // presence (public) never lists members
    for (const client of [spectator, watcher]) {
      for (const m of client.messages)
        if (m.type === "presence") expect(m.seats.map((s) => s.role)).not.toContain("member");
    }
    // nor do the log, a resync or a fresh snapshot
    spectator.messages.length = 0;
    expect(await spectator.request({ type: "resync", last_seq: 0 })).toMatchObject({ type: "ack" });
    const late = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
    const log = await ctx.app.inject({
      method: "GET",
      url: `/api/rooms/${room.id}/events/`,
      headers: owner.headers,
    });
    for (const text of [JSON.stringify(spectator.messages), JSON.stringify(late.welcome), log.body]) {
      expect(text).not.toContain("secret plan");
      expect(text).not.toContain("Coach Kim");
      expect(text).not.toContain("suggestion");
    }

    // a member reconnecting sees the team's recent channel (their team's only)
    coach.close();
    await organiser.waitFor((m) => m.type === "roster" && !m.members.some((member) => member.id === coachId));
    const again = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_team"),
      name: "Coach Kim",
    });
    const replay = (await again.waitFor((m) => m.type === "team_history")) as Extract<
      RoomServerMessage,
      { type: "team_history" }
    >;
    expect(replay.messages.map((m) => m.text ?? m.champion_id)).toEqual([
      pool[2],
      "blue secret plan",
      "ok, locking it",
    ]);
    // read back from the database, messages keep their public ids and name their member by theirs
    expect(replay.messages.every((m) => UUID.test(m.id))).toBe(true);
    expect(replay.messages[0]).toMatchObject({ member_id: coachId });
    expect(replay.member_id).toMatch(UUID);
    expect(replay.member_id).not.toBe(coachId);
    for (const client of [blue, red, organiser, spectator, watcher, redSub, late, again]) client.close();
  });

  it("the organiser removes a member and rotates the team link: the old link is refused", async () => {
    const owner = await newUser(ctx.app);
    const auth = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, auth, { session_id: session.id });
    const oldToken = linkToken(room, "red_team");
    const organiser = await RoomClient.join(base, room.id, { auth });
    const player = await RoomClient.join(base, room.id, { token: oldToken, name: "Support" });
    const history = (await player.waitFor((m) => m.type === "team_history")) as { member_id: string };
    await organiser.waitFor((m) => m.type === "roster" && m.members.some((x) => x.name === "Support"));

    // only the owner can remove (404 for anyone else), a missing member is 404; an old row number
    // is a 400 naming the parameter
    const stranger = await newUser(ctx.app);
    const byNumber = await ctx.app.inject({
      method: "POST",
      url: `/api/rooms/${room.id}/members/1/remove/`,
      headers: owner.headers,
    });
    expect(byNumber.statusCode).toBe(400);
    expect(byNumber.json()).toMatchObject({ code: "validation_error" });
    const url = `/api/rooms/${room.id}/members/${history.member_id}/remove/`;
    expect((await ctx.app.inject({ method: "POST", url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "POST", url })).statusCode).toBe(401);
    const removed = await ctx.app.inject({ method: "POST", url, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: history.member_id });
    expect(await player.closed).toEqual({ code: 4410, reason: "removed" });
    await organiser.waitFor((m) => m.type === "roster" && m.members.length === 0);
    const twice = await ctx.app.inject({ method: "POST", url, headers: owner.headers });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ code: "not_found" });

    // they may come back with the same link until it is rotated
    const back = await RoomClient.join(base, room.id, { token: oldToken, name: "Support" });
    const link = room.links.find((l) => l.kind === "red_team")!;
    const rotated = await ctx.app.inject({
      method: "POST",
      url: `/api/rooms/${room.id}/links/${link.id}/rotate/`,
      headers: owner.headers,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ kind: "red_team", role: "member", team: "B" });
    expect(await back.closed).toEqual({ code: 4403, reason: "link_revoked" });
    const refused = await RoomClient.connect(base, room.id);
    refused.send({ type: "hello", id: "h", proto: ROOM_PROTOCOL_VERSION, token: oldToken, name: "Support" });
    expect(await refused.closed).toEqual({ code: 4401, reason: "invalid_link" });
    const join = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/join/",
      payload: { token: oldToken },
    });
    expect(join.statusCode).toBe(404);
    // the new link works, and the rotation left no trace in the public log
    const fresh = await RoomClient.join(base, room.id, { token: rotated.json().token, name: "Support" });
    expect(fresh.welcome?.seat.role).toBe("member");
    const log = await ctx.app.inject({
      method: "GET",
      url: `/api/rooms/${room.id}/events/`,
      headers: owner.headers,
    });
    expect(log.json().events).toEqual([]);
    fresh.close();
    organiser.close();
  });

  it("the migration gives live rooms that existed their team links (handed out with New link)", async () => {
    const owner = await newUser(ctx.app);
    const auth = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, auth, { session_id: session.id });
    const mine = "20261125010000_rooms_team";
    const later = Object.keys(migrations)
      .sort()
      .filter((name) => name > mine);
    for (const name of [...later].reverse()) expect(await migrateDown(ctx.db)).toEqual([name]);
    expect(await migrateDown(ctx.db)).toEqual([mine]);
    const roles = async () =>
      (
        await ctx.db
          .selectFrom("room_links")
          .select(["role", "team"])
          .where("room_id", "=", room.id)
          .execute()
      )
        .map((link) => `${link.role}:${link.team}`)
        .sort();
    expect(await roles()).toEqual(["captain:A", "captain:B", "spectator:null"]);
    expect(await migrateToLatest(ctx.db)).toEqual([mine, ...later]);
    expect(await roles()).toEqual(["captain:A", "captain:B", "member:A", "member:B", "spectator:null"]);

    const described = await ctx.app.inject({
      method: "GET",
      url: `/api/rooms/${room.id}/`,
      headers: owner.headers,
    });
    const link = (described.json().links as Array<{ id: number; kind: string; path: string | null }>).find(
      (candidate) => candidate.kind === "blue_team",
    )!;
    expect(link.path).toBeNull();
    const rotated = await ctx.app.inject({
      method: "POST",
      url: `/api/rooms/${room.id}/links/${link.id}/rotate/`,
      headers: owner.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const member = await RoomClient.join(base, room.id, { token: rotated.json().token, name: "Analyst" });
    expect(member.welcome?.seat).toEqual({ role: "member", team: "A", plays_for: [] });
    member.close();
  });
});
