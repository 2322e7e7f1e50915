import {
  type Practice,
  type PracticeStart,
  practiceSchema,
  practiceStartSchema,
  type RoomEvent,
  seriesSchema,
} from "@draftroom/contracts";
import { DRAFT_SEQUENCE, type Side, teamKey } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { type Caller, championIds, firstLeagueWithTeams, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { type LockBody, lockAt, RoomClient } from "../rooms/support.ts";

/**
 * Practice against a modelled team: the opponent's seat is played by the server through the
 * rooms' command path (same timers, format and fearless locks), the user's over the WebSocket; the
 * review is saved with the draft and readable with the session's public id.
 */
describeEachDialect(
  "practice against a modelled opponent",
  (ctx) => {
    let base: string;
    let pool: number[];
    beforeAll(async () => {
      // The shipped Oracle's Elixir sample: Weibo Gaming has 7 games in it.
      await seedMatchSample(ctx.db);
      base = await ctx.listen();
      pool = await championIds(ctx.app);
    });

    const start = (caller: Caller, payload: object) =>
      ctx.app.inject({ method: "POST", url: "/api/practice/", headers: caller.headers, payload });

    /** The champions the seeded sample says Weibo Gaming picked, most often first. */
    async function weiboPicks(): Promise<number[]> {
      const rows = await ctx.db
        .selectFrom("match_picks as p")
        .innerJoin("match_games as g", "g.id", "p.game_id")
        .select(["p.champion_id", "p.side", "g.blue_team", "g.red_team"])
        .execute();
      const counts = new Map<number, number>();
      for (const row of rows) {
        const team = row.side === "BLUE" ? row.blue_team : row.red_team;
        if (teamKey(team) !== teamKey("Weibo Gaming") || row.champion_id === null) continue;
        counts.set(Number(row.champion_id), (counts.get(Number(row.champion_id)) ?? 0) + 1);
      }
      return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    }

    /**
     * Plays the user's side over the WebSocket (first allowed champion of the pool at each turn)
     * and waits for the opponent's locks; returns the opponent's locks (each with its time, seat and
     * the deadline its turn had: the last `clock` the socket got before it).
     */
    async function playPractice(started: PracticeStart, userSide: Side, excluded: ReadonlySet<number>) {
      const token = started.path.split("#")[1]!;
      const client = await RoomClient.join(base, started.practice.room_id, { token });
      expect(client.welcome!.seat.role).toBe("captain");
      expect(await client.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      const used = new Set<number>();
      const opponentLocks: Array<
        Pick<RoomEvent, "at" | "actor"> & { body: LockBody; deadlineMs: number | null }
      > = [];
      for (let step = 0; step < DRAFT_SEQUENCE.length; step++) {
        const turn = DRAFT_SEQUENCE[step]!;
        if (turn.side === userSide) {
          const champion = pool.find((id) => !used.has(id) && !excluded.has(id))!;
          const answer = await client.request({ type: "lock", step, champion_id: champion });
          expect(answer, JSON.stringify(answer)).toMatchObject({ type: "ack" });
          used.add(champion);
        } else {
          const message = await client.waitFor((m) => lockAt(m, step) !== undefined, 10_000);
          const body = lockAt(message, step);
          if (message.type !== "event" || !body) throw new Error("not a lock");
          const before = client.messages.slice(0, client.messages.indexOf(message));
          const clock = before.reverse().find((m) => m.type === "clock");
          const deadlineMs = clock?.type === "clock" ? clock.clock.deadline_ms : null;
          opponentLocks.push({ at: message.event.at, actor: message.event.actor, body, deadlineMs });
          if (body.champion_id !== null) used.add(body.champion_id);
        }
      }
      expect(client.invalid).toEqual([]);
      client.close();
      return opponentLocks;
    }

    async function reviewed(sessionId: string): Promise<Practice> {
      for (let i = 0; i < 100; i++) {
        // Public: no account, the session's id is the capability.
        const res = await ctx.app.inject({ method: "GET", url: `/api/practice/sessions/${sessionId}/` });
        expect(res.statusCode).toBe(200);
        const practice = practiceSchema.parse(res.json());
        if (practice.review) return practice;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("no review");
    }

    it("lists teams with history, refuses an unknown team, and 404s a foreign practice", async () => {
      const user = await newUser(ctx.app);
      const list = await ctx.app.inject({
        method: "GET",
        url: "/api/practice/teams/?search=weibo",
        headers: user.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().teams[0]).toMatchObject({
        name: "Weibo Gaming",
        games: 7,
        imported_games: 7,
        draft_games: 0,
      });
      const unknown = await start(user, { opponent_team: "Nobody United", side: "BLUE" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: "validation_error",
        fields: { opponent_team: expect.any(String) },
      });
      const badSide = await start(user, { opponent_team: "Weibo Gaming", side: "GREEN" });
      expect(badSide.statusCode).toBe(400);
      expect((await ctx.app.inject({ method: "GET", url: "/api/practice/teams/" })).statusCode).toBe(401);
      const started = practiceStartSchema.parse(
        (await start(user, { opponent_team: "weibo gaming", side: "RED" })).json(),
      );
      const other = await newUser(ctx.app);
      const resume = await ctx.app.inject({
        method: "POST",
        url: `/api/practice/sessions/${started.practice.session_id}/resume/`,
        headers: other.headers,
      });
      expect(resume.statusCode).toBe(404);
      const mine = await ctx.app.inject({
        method: "POST",
        url: `/api/practice/sessions/${started.practice.session_id}/resume/`,
        headers: user.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().path).not.toBe(started.path);
    });

    it("the opponent plays its turns through the room within the deadline; the review is saved and public", async () => {
      const user = await newUser(ctx.app);
      const res = await start(user, { opponent_team: "Weibo Gaming", side: "BLUE", style: "predictable" });
      expect(res.statusCode, res.body).toBe(201);
      const started = practiceStartSchema.parse(res.json());
      expect(started.practice).toMatchObject({
        opponent_team: "Weibo Gaming",
        user_side: "BLUE",
        review: null,
      });
      const locks = await playPractice(started, "BLUE", new Set());
      expect(locks).toHaveLength(10);
      for (const lock of locks) {
        // The opponent's own seat (room team B: the red captain), before the clock ran out.
        expect(lock).toMatchObject({
          body: { side: "RED", is_auto: false },
          actor: { role: "captain", team: "B" },
        });
        expect(lock.deadlineMs).toBeTypeOf("number");
        expect(lock.at).toBeLessThanOrEqual(lock.deadlineMs!);
      }
      // Predictable Weibo plays like Weibo: most of its picks are champions it picked in the sample.
      const habits = new Set(await weiboPicks());
      const picks = locks.filter((l) => l.body.action_type === "PICK").map((l) => l.body.champion_id!);
      expect(picks.filter((id) => habits.has(id)).length).toBeGreaterThanOrEqual(3);

      const practice = await reviewed(started.practice.session_id);
      const review = practice.review!;
      expect(practice.completed_at).not.toBeNull();
      expect(review.user_side).toBe("BLUE");
      expect(review.opponent).toEqual({ name: "Weibo Gaming", games: 7 });
      expect(review.user_moves).toHaveLength(10);
      expect(review.opponent_moves.map((m) => m.champion_id)).toEqual(locks.map((l) => l.body.champion_id));
      expect(review.takeaways).toHaveLength(3);
      expect(review.win).not.toBeNull();
      const publicView = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${started.practice.session_id}/public/`,
      });
      expect(publicView.json().actions).toHaveLength(20);
    });

    it("practising a fearless series game: the opponent never takes a champion locked by game 1", async () => {
      const user = await newUser(ctx.app, "pro");
      const { league, teams } = await firstLeagueWithTeams(ctx.app);
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/series/",
        headers: user.headers,
        payload: {
          title: "Fearless prep",
          league_id: league.id,
          team_a_id: teams[0]!.id,
          team_b_id: teams[1]!.id,
          best_of: 3,
          rule: { from: "picks", scope: "both", reset_last_game: false },
          side_choice: "alternate",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      let series = seriesSchema.parse(created.json());
      // Game 1 picks Weibo's favourite champions, so fearless locks them for game 2.
      const favourites = (await weiboPicks()).slice(0, 10);
      const others = pool.filter((id) => !favourites.includes(id));
      const game1 = series.games[0]!.session_id;
      let nextPick = 0;
      let nextBan = 0;
      for (const step of DRAFT_SEQUENCE) {
        const champion = step.type === "PICK" ? favourites[nextPick++]! : others[nextBan++]!;
        const lock = await ctx.app.inject({
          method: "POST",
          url: `/api/drafts/sessions/${game1}/actions/`,
          headers: user.headers,
          payload: {
            phase_number: step.index,
            action_type: step.type,
            team_side: step.side,
            champion_id: champion,
          },
        });
        expect(lock.statusCode, lock.body).toBe(201);
      }
      await ctx.app.inject({
        method: "PATCH",
        url: `/api/series/${series.id}/games/1/`,
        headers: user.headers,
        payload: { winner: "A" },
      });
      series = seriesSchema.parse(
        (
          await ctx.app.inject({
            method: "POST",
            url: `/api/series/${series.id}/games/`,
            headers: user.headers,
            payload: {},
          })
        ).json(),
      );
      const game2 = series.games[1]!.session_id;
      const res = await start(user, {
        opponent_team: "Weibo Gaming",
        side: "BLUE",
        session_id: game2,
        style: "predictable",
      });
      expect(res.statusCode, res.body).toBe(201);
      const started = practiceStartSchema.parse(res.json());
      const locked = new Set(favourites);
      const locks = await playPractice(started, "BLUE", locked);
      expect(locks).toHaveLength(10);
      for (const lock of locks) {
        expect(lock.body.is_auto).toBe(false);
        expect(locked.has(lock.body.champion_id ?? -1)).toBe(false);
      }
      // A session that has started cannot become a practice.
      const again = await start(user, { opponent_team: "Weibo Gaming", side: "BLUE", session_id: game2 });
      expect(again.statusCode).toBe(409);
      await reviewed(game2);
    });
  },
  { env: { PRACTICE_OPPONENT_DELAY_MS: "40" } },
);
