import { ROOM_PROTOCOL_VERSION, type RoomSnapshot, roomSchema, seriesSchema } from "@draftroom/contracts";
import { buildFormat, type DraftFormatSpec } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, firstLeagueWithTeams, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient, sleep } from "./support.ts";

/**
 * Every public path of a delayed room and of a delayed series comes from the one delayed view
 * (decision 018): checked one second before the delay is up and one second after it, on each
 * dialect, across a series game change (itself a delayed event).
 */
describeEachDialect("spectator delay leaks", (ctx) => {
  const DELAY_S = 3;
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  const get = (url: string) => ctx.app.inject({ method: "GET", url });

  /** Waits until `ms` have passed since `since` (local clock). */
  const until = async (since: number, ms: number) => {
    const left = since + ms - Date.now();
    if (left > 0) await sleep(left);
  };

  it("a delayed series: public view, PNG, game views, join answer and the delayed socket across a game change", async () => {
    const owner = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/series/",
      headers: owner.headers,
      payload: {
        title: "Delayed final",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
        side_choice: "loser",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = seriesSchema.parse(created.json());
    const game1Session = series.games[0]!.session_id;
    const opened = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/room/`,
      headers: owner.headers,
      payload: { turn_seconds: 60, bank_seconds: 60 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const room = roomSchema.parse(opened.json());
    const delay = await ctx.app.inject({
      method: "PUT",
      url: `/api/rooms/${room.id}/delay/`,
      headers: owner.headers,
      payload: { delay_seconds: DELAY_S },
    });
    expect(delay.statusCode).toBe(200);
    const spectatorToken = linkToken(room, "spectator");

    // Game 1, played through, then everything of it is due.
    const teamA = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const teamB = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    const spectator = await RoomClient.join(base, room.id, { token: spectatorToken });
    expect(spectator.welcome?.delay_seconds).toBe(DELAY_S);
    // A delayed seat is refused before any rule reads the live room: no code tells it a lock happened.
    for (const message of [
      { type: "decide_correction", step: 0, approve: true },
      { type: "lock", step: 0, champion_id: pool[0] },
      { type: "pause" },
    ]) {
      expect(await spectator.request(message)).toMatchObject({ type: "reject", code: "seat_not_allowed" });
    }
    expect(await teamA.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamB.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const game1 = teamA.welcome!.snapshot;
    const steps = buildFormat(game1.session.format as DraftFormatSpec).steps;
    const captains = (snapshot: RoomSnapshot) => ({
      BLUE: snapshot.sides.A === "BLUE" ? teamA : teamB,
      RED: snapshot.sides.A === "BLUE" ? teamB : teamA,
    });
    for (const step of steps) {
      const ack = await captains(game1)[step.side].request({
        type: "lock",
        step: step.index,
        champion_id: pool[step.index]!,
      });
      expect(ack, `step ${step.index}`).toMatchObject({ type: "ack" });
    }
    await spectator.waitFor(
      (m) => m.type === "event" && m.event.body.kind === "complete",
      (DELAY_S + 3) * 1000,
    );
    // The public view follows the same delay: wait until it shows the whole game.
    let beforeChange = (await get(`/api/series/${series.id}/public/`)).json();
    for (let tries = 0; tries < 100 && beforeChange.games[0]?.actions.length !== steps.length; tries++) {
      await sleep(20);
      beforeChange = (await get(`/api/series/${series.id}/public/`)).json();
    }
    expect(beforeChange.games).toHaveLength(1);
    expect(beforeChange.games[0].actions).toHaveLength(steps.length);
    const pngBefore = await get(`/api/series/${series.id}/public/image.png`);
    expect(pngBefore.statusCode).toBe(200);

    // The result and game 2 land now; game 2's first lock right after.
    const changedAt = Date.now();
    const result = await ctx.app.inject({
      method: "PATCH",
      url: `/api/series/${series.id}/games/1/`,
      headers: owner.headers,
      payload: { winner: "A" },
    });
    expect(result.statusCode, result.body).toBe(200);
    const started = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/games/`,
      headers: owner.headers,
      payload: { blue_team: "B" },
    });
    expect(started.statusCode, started.body).toBe(201);
    const game2Session = seriesSchema.parse(started.json()).games[1]!.session_id;
    const moved = await teamA.waitFor((m) => m.type === "snapshot" && m.snapshot.session.id === game2Session);
    if (moved.type !== "snapshot") throw new Error("no snapshot");
    expect(await teamA.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamB.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const game2Champion = pool[40]!;
    expect(
      await captains(moved.snapshot).BLUE.request({ type: "lock", step: 0, champion_id: game2Champion }),
    ).toMatchObject({ type: "ack" });
    const lockedAt = Date.now();
    expect(lockedAt - changedAt).toBeLessThan((DELAY_S - 1) * 1000);

    // delay - 1 s: nothing of the change is public yet.
    await until(changedAt, (DELAY_S - 1) * 1000);
    const early = seriesSchema.parse((await get(`/api/series/${series.id}/public/`)).json());
    expect(early.games.map((game) => game.number)).toEqual([1]);
    expect(early.games[0]!.winner).toBeNull();
    expect(early.games[0]!.actions).toHaveLength(steps.length);
    expect(early.score).toMatchObject({ A: 0, B: 0 });
    const pngEarly = await get(`/api/series/${series.id}/public/image.png`);
    expect(pngEarly.headers.etag).toBe(pngBefore.headers.etag);
    const game1Early = (await get(`/api/drafts/sessions/${game1Session}/public/`)).json();
    expect(game1Early.actions).toHaveLength(steps.length);
    expect(game1Early.session.winner).toBeNull();
    const game2Early = (await get(`/api/drafts/sessions/${game2Session}/public/`)).json();
    expect(game2Early.actions).toEqual([]);
    expect(game2Early.session.current_step).toBe(0);
    const joinEarly = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/join/",
      payload: { token: spectatorToken },
    });
    expect(joinEarly.json().session).toMatchObject({ id: game1Session, current_step: steps.length });
    expect(spectator.events.some((event) => event.body.kind === "game")).toBe(false);
    expect(spectator.messages.some((m) => m.type === "snapshot")).toBe(false);
    const lateJoiner = await RoomClient.join(base, room.id, { token: spectatorToken });
    expect(lateJoiner.welcome!.snapshot.session.id).toBe(game1Session);
    expect(lateJoiner.welcome!.snapshot.actions).toHaveLength(steps.length);

    // delay + 1 s after the last change (game 2's lock, which on a loaded machine can come well
    // after the result): game 2 as it stood, with its own single lock (never game 1's twenty).
    await until(lockedAt, (DELAY_S + 1) * 1000);
    const late = seriesSchema.parse((await get(`/api/series/${series.id}/public/`)).json());
    expect(late.games.map((game) => game.number)).toEqual([1, 2]);
    expect(late.games[0]!.winner).toBe("A");
    expect(late.score).toMatchObject({ A: 1, B: 0 });
    expect(late.games[1]!.actions.map((action) => action.champion_id)).toEqual([game2Champion]);
    expect(late.games[1]!.status).toBe("in_progress");
    const pngLate = await get(`/api/series/${series.id}/public/image.png`);
    expect(pngLate.headers.etag).not.toBe(pngBefore.headers.etag);
    const game2Late = (await get(`/api/drafts/sessions/${game2Session}/public/`)).json();
    expect(game2Late.actions.map((action: { champion_id: number }) => action.champion_id)).toEqual([
      game2Champion,
    ]);
    const joinLate = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/join/",
      payload: { token: spectatorToken },
    });
    expect(joinLate.json().session).toMatchObject({ id: game2Session, current_step: 1 });
    for (const client of [spectator, lateJoiner]) {
      const snapshot = await client.waitFor(
        (m) => m.type === "snapshot" && m.snapshot.session.id === game2Session,
        3000,
      );
      if (snapshot.type !== "snapshot") throw new Error("no snapshot");
      expect(snapshot.snapshot.actions.length).toBeLessThanOrEqual(1);
      expect(snapshot.snapshot.session.status).toBe("in_progress");
      expect(client.messages.some((m) => m.type === "hover")).toBe(false);
      expect(client.invalid).toEqual([]);
    }
    for (const client of [teamA, teamB, spectator, lateJoiner]) client.close();
  });

  it("a delayed room's join answer keeps the step of `delay` ago; ping before hello is refused", async () => {
    const owner = await newUser(ctx.app);
    const token = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, token, { session_id: session.id, spectator_delay_seconds: DELAY_S });
    const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const lockedAt = Date.now();
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    const join = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/rooms/join/",
        payload: { token: linkToken(room, "spectator") },
      });
    await until(lockedAt, (DELAY_S - 1) * 1000);
    expect((await join()).json().session.current_step).toBe(0);
    expect((await get(`/api/drafts/sessions/${session.id}/public/`)).json().actions).toEqual([]);
    // The captain's own join answer is live.
    const captain = await ctx.app.inject({
      method: "POST",
      url: "/api/rooms/join/",
      payload: { token: linkToken(room, "red_captain") },
    });
    expect(captain.json().session.current_step).toBe(1);
    await until(lockedAt, (DELAY_S + 1) * 1000);
    expect((await join()).json().session.current_step).toBe(1);
    expect((await get(`/api/drafts/sessions/${session.id}/public/`)).json().actions).toHaveLength(1);

    const early = await RoomClient.connect(base, room.id);
    expect(await early.request({ type: "ping", t0: Date.now() })).toMatchObject({
      type: "reject",
      code: "hello_required",
    });
    expect(early.messages.some((m) => m.type === "pong")).toBe(false);
    const joined = await early.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, watch: session.id });
    expect(joined.type).toBe("welcome");
    expect(await early.request({ type: "ping", t0: Date.now() })).toMatchObject({ type: "pong" });
    for (const client of [blue, red, early]) client.close();
  });
});
