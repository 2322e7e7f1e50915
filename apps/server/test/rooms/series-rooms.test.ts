import { type RoomSnapshot, roomSchema, seriesSchema } from "@draftroom/contracts";
import { buildFormat, type DraftFormatSpec } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, firstLeagueWithTeams, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { linkToken, RoomClient } from "./support.ts";

/**
 * A fearless Bo3 played in one live room over real WebSockets on each dialect: the same captain
 * link drives team A on blue in game 1 and on red in game 2; a spectator is moved to game 2 when
 * the organiser starts it; game 2 refuses the champions game 1 locked, and follows a correction
 * of game 1 made while game 2 is live.
 */
describeEachDialect("series rooms", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  /** Plays the snapshot's whole draft: the captain whose team plays the step's side locks `champions[i]`. */
  async function playDraft(
    snapshot: RoomSnapshot,
    captains: { A: RoomClient; B: RoomClient },
    champions: readonly number[],
  ) {
    const format = buildFormat(snapshot.session.format as DraftFormatSpec);
    for (const step of format.steps) {
      const team = snapshot.sides.A === step.side ? "A" : "B";
      const ack = await captains[team].request({
        type: "lock",
        step: step.index,
        champion_id: champions[step.index]!,
      });
      expect(ack, `step ${step.index}`).toMatchObject({ type: "ack" });
    }
  }

  it("keeps one set of links for a Bo3: team A's link plays blue, then red; spectators follow; locks hold", async () => {
    const owner = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/series/",
      headers: owner.headers,
      payload: {
        title: "Finals room",
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

    const stranger = await newUser(ctx.app);
    const foreign = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/room/`,
      headers: stranger.headers,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);

    const opened = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/room/`,
      headers: owner.headers,
      payload: { turn_seconds: 60, bank_seconds: 60 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const room = roomSchema.parse(opened.json());
    expect(room.session_id).toBe(series.games[0]!.session_id);
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/room/`,
      headers: owner.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "series_room_exists" });
    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/series/${series.id}/room/`,
      headers: owner.headers,
    });
    expect(listed.json()).toMatchObject({ id: room.id });

    // Game 1: team A (blue_captain link) on blue.
    const teamA = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const teamB = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
    const organiser = await RoomClient.join(base, room.id, { auth: owner.token });
    expect(teamA.welcome!.seat).toEqual({ role: "captain", team: "A", plays_for: ["A"] });
    const game1 = teamA.welcome!.snapshot;
    expect(game1.sides).toEqual({ A: "BLUE", B: "RED" });
    expect(game1.series).toMatchObject({ id: series.id, game: 1, best_of: 3, score: { A: 0, B: 0 } });
    expect(await teamA.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamB.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const game1Champions = pool.slice(0, 20);
    await playDraft(game1, { A: teamA, B: teamB }, game1Champions);
    await spectator.waitFor((m) => m.type === "event" && m.event.body.kind === "complete");

    // A result from the draft page (the session's winner side) reaches the room too…
    const fromSession = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${room.session_id}/`,
      headers: owner.headers,
      payload: { winner: "RED" },
    });
    expect(fromSession.statusCode, fromSession.body).toBe(200);
    await spectator.waitFor((m) => m.type === "snapshot" && m.snapshot.series?.score.B === 1);
    // …and the organiser corrects it from the room (team B lost); seats get the new score.
    const result = await ctx.app.inject({
      method: "PATCH",
      url: `/api/series/${series.id}/games/1/`,
      headers: owner.headers,
      payload: { winner: "A" },
    });
    expect(result.statusCode, result.body).toBe(200);
    const scored = await spectator.waitFor(
      (m) => m.type === "snapshot" && m.snapshot.series?.score.A === 1 && m.snapshot.series.game === 1,
    );
    expect(scored.type === "snapshot" && scored.snapshot.series?.game_winner).toBe("A");

    // The loser (B) chooses blue; the organiser starts game 2 and everybody connected moves.
    const started = await ctx.app.inject({
      method: "POST",
      url: `/api/series/${series.id}/games/`,
      headers: owner.headers,
      payload: { blue_team: "B" },
    });
    expect(started.statusCode, started.body).toBe(201);
    const game2Session = seriesSchema.parse(started.json()).games[1]!.session_id;
    const moved = (client: RoomClient) =>
      client.waitFor((m) => m.type === "snapshot" && m.snapshot.session.id === game2Session);
    const [forSpectator, forA] = await Promise.all([
      moved(spectator),
      moved(teamA),
      moved(teamB),
      moved(organiser),
    ]);
    if (forSpectator.type !== "snapshot" || forA.type !== "snapshot") throw new Error("no snapshot");
    const game2 = forA.snapshot;
    expect(forSpectator.snapshot.series).toMatchObject({ game: 2, score: { A: 1, B: 0 }, game_winner: null });
    expect(game2.sides).toEqual({ A: "RED", B: "BLUE" });
    expect(game2.clock.status).toBe("lobby");
    expect(game2.actions).toEqual([]);
    expect(spectator.events.some((e) => e.body.kind === "game" && e.body.game === 2)).toBe(true);
    const row = await ctx.db
      .selectFrom("draft_rooms")
      .selectAll()
      .where("id", "=", room.id)
      .executeTakeFirstOrThrow();
    expect(row.session_id).toBe(game2Session);
    // The same link (team A) still opens team A's seat, now on red.
    const described = await ctx.app.inject({
      method: "GET",
      url: `/api/rooms/${room.id}/`,
      headers: owner.headers,
    });
    expect(described.json().links.map((l: { kind: string }) => l.kind)).toEqual([
      "red_captain",
      "blue_captain",
      "spectator",
      "red_team",
      "blue_team",
    ]);

    expect(await teamA.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await teamB.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const format = buildFormat(game2.session.format as DraftFormatSpec);
    const firstRedStep = format.steps.find((step) => step.side === "RED")!;
    // Blue (team B) plays the steps before red's first one with fresh champions.
    const fresh = pool.slice(40);
    for (const step of format.steps.slice(0, firstRedStep.index)) {
      expect(
        await teamB.request({ type: "lock", step: step.index, champion_id: fresh[step.index]! }),
      ).toMatchObject({
        type: "ack",
      });
    }
    // Team A (red now, same link) is refused a champion picked in game 1 (hard fearless).
    const format1 = buildFormat(game1.session.format as DraftFormatSpec);
    const pickedInGame1 = game1Champions[format1.steps.find((step) => step.type === "PICK")!.index]!;
    expect(
      await teamA.request({ type: "lock", step: firstRedStep.index, champion_id: pickedInGame1 }),
    ).toMatchObject({ type: "reject", code: "champion_locked" });
    const rest = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${game2Session}/actions/`,
      headers: owner.headers,
      payload: {
        phase_number: firstRedStep.index,
        action_type: firstRedStep.type,
        team_side: "RED",
        champion_id: pickedInGame1,
      },
    });
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toMatchObject({ code: "champion_locked" });
    // The organiser corrects game 1 (that pick was another champion) while game 2 is live and
    // held in the server's memory: game 2 follows at once, the old champion is free, the new one
    // locked (decision 032: the fold is checked against the series' locks).
    const game1Actions = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${game1.session.id}/actions/`,
      headers: owner.headers,
    });
    const pickInGame1 = (game1Actions.json() as { id: number; champion_id: number }[]).find(
      (action) => action.champion_id === pickedInGame1,
    )!;
    const replacement = pool[35]!;
    const corrected = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${game1.session.id}/actions/${pickInGame1.id}/`,
      headers: owner.headers,
      payload: { champion_id: replacement },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(
      await teamA.request({ type: "lock", step: firstRedStep.index, champion_id: replacement }),
    ).toMatchObject({ type: "reject", code: "champion_locked" });
    // The champion game 1 no longer picked is free: team A drafts it on red in game 2.
    const lock = await teamA.request({
      type: "lock",
      step: firstRedStep.index,
      champion_id: pickedInGame1,
    });
    expect(lock).toMatchObject({ type: "ack" });
    const event = await spectator.waitFor(
      (m) =>
        m.type === "event" &&
        m.event.body.kind === "lock" &&
        m.event.body.step === firstRedStep.index &&
        m.event.seq > game2.seq,
    );
    expect(event.type === "event" && event.event.body).toMatchObject({ team: "A", side: "RED" });

    for (const client of [teamA, teamB, spectator, organiser]) {
      expect(client.invalid).toEqual([]);
      client.close();
    }
  });
});
