import {
  chooseOpponentMove,
  type DraftState,
  nextStep,
  rankOpponent,
  reviewPractice,
  stepRandom,
  teamOfSide,
} from "@draftroom/draft";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { championPool } from "../champions/service.ts";
import { sessionDraft } from "../drafts/service.ts";
import { recommendationStatistics } from "../matches/service.ts";
import type { RoomCommit, RoomRuntime } from "../rooms/runtime.ts";
import { loadRoomState, runRoomCommand } from "../rooms/service.ts";
import { poolsOfTeamNamed } from "../workspaces/priorities.ts";
import {
  findPracticeByRoom,
  opponentSeat,
  type PracticeRow,
  storeReview,
  teamProfileFor,
} from "./service.ts";

/** Jitter of the human-like delay: ±20% of the mean. */
const JITTER = 0.2;
/** A paused or not-yet-resumed room: look again after this long. */
const RETRY_MS = 500;

/**
 * The modelled opponent of every practice room this process commits to. It hears each committed
 * room command (it wraps the process's room runtime), and when the clock is on the opponent's
 * team it waits a short human-like delay, ranks the champions for that team (`rankOpponent`,
 * weighted by the team's history), samples one with the practice's seed and locks it through
 * `runRoomCommand` as the opponent's captain seat: the same path, rules and timers as a person.
 * When the draft completes it stores the review. If this process dies, the room's own expiry
 * still plays the turn, and `start()` picks pending turns up again.
 */
export class PracticeOpponent implements RoomRuntime {
  readonly #practices = new Map<string, PracticeRow | null>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  #champions: { at: number; list: Awaited<ReturnType<typeof championPool>> } | null = null;
  #stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly inner: RoomRuntime | undefined,
    private readonly delayMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  committed(commit: RoomCommit): void {
    this.inner?.committed(commit);
    if (this.#stopped || commit.events.length === 0) return;
    void this.#handle(commit).catch((error) => this.log.error({ err: error }, "practice opponent failed"));
  }

  /** Picks up the opponent's pending turns (after a restart). */
  async start(): Promise<void> {
    const rows = await this.db
      .selectFrom("practice_drafts as p")
      .innerJoin("draft_rooms as r", "r.id", "p.room_id")
      .select("p.room_id")
      .where("r.status", "=", "running")
      .execute();
    for (const row of rows) this.#schedule(row.room_id, 0);
    // A draft that completed just before a process stopped may still lack its review.
    const unreviewed = await this.db
      .selectFrom("practice_drafts as p")
      .innerJoin("draft_rooms as r", "r.id", "p.room_id")
      .selectAll("p")
      .where("r.status", "=", "complete")
      .where("p.review", "is", null)
      .execute();
    for (const practice of unreviewed) {
      void this.#review(practice as PracticeRow).catch((error) =>
        this.log.error({ err: error }, "practice review failed"),
      );
    }
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  async #practice(roomId: string): Promise<PracticeRow | null> {
    if (this.#practices.has(roomId)) return this.#practices.get(roomId) ?? null;
    const row = (await findPracticeByRoom(this.db, roomId)) ?? null;
    // Rooms that are not practices are remembered too: one look per room and process.
    if (this.#practices.size > 10_000) this.#practices.clear();
    this.#practices.set(roomId, row);
    return row;
  }

  /** Forgets a room's cached answer (a practice created after its room was first seen). */
  forget(roomId: string): void {
    this.#practices.delete(roomId);
  }

  async #handle(commit: RoomCommit): Promise<void> {
    const practice = await this.#practice(commit.roomId);
    if (!practice) return;
    if (commit.record.status === "complete") {
      if (commit.actionsChanged) await this.#review(practice);
      return;
    }
    if (commit.record.status === "running") this.#schedule(commit.roomId, this.#delay());
  }

  #delay(): number {
    const jitter = (Math.random() * 2 - 1) * JITTER * this.delayMs;
    return Math.max(0, Math.round(this.delayMs + jitter));
  }

  /**
   * Plays the room's next turn if it is the opponent's, `delayMs` from now: the choice is worked
   * out at once and only the rest of the delay is waited, so thinking is part of the human delay.
   */
  #schedule(roomId: string, delayMs: number): void {
    if (this.#stopped || this.#timers.has(roomId)) return;
    const dueAt = Date.now() + delayMs;
    // Released before the lock commits, so the commit can schedule the opponent's next turn.
    const release = () => {
      if (this.#timers.get(roomId) === timer) this.#timers.delete(roomId);
    };
    const timer = setTimeout(() => {
      void this.#act(roomId, dueAt, release)
        .catch((error) => this.log.error({ err: error }, "practice opponent failed"))
        .finally(release);
    }, 0);
    timer.unref();
    this.#timers.set(roomId, timer);
  }

  /** The champion pool, kept for a minute (it changes only when champions are imported). */
  async #pool() {
    if (this.#champions && Date.now() - this.#champions.at < 60_000) return this.#champions.list;
    const list = await championPool(this.db);
    this.#champions = { at: Date.now(), list };
    return list;
  }

  /** The practice's draft in its format (the user owns the session; the drafts service reads it). */
  async #state(practice: PracticeRow): Promise<DraftState> {
    return (await sessionDraft(this.db, Number(practice.user_id), practice.session_id)).state;
  }

  /** Plays the opponent's turn if the clock is on it (otherwise nothing: the user's turn, a pause). */
  async #act(roomId: string, dueAt: number, release: () => void = () => {}, attempt = 0): Promise<void> {
    const practice = await this.#practice(roomId);
    const room = practice ? await loadRoomState(this.db, roomId) : undefined;
    if (!practice || !room || room.state.status !== "running") return;
    // The room's folded state carries its draft (format and series locks applied).
    const state = room.state.draft;
    const step = nextStep(state);
    if (!step || teamOfSide(room.state, step.side) !== practice.bot_team) return;
    const [champions, stats, profile, pools] = await Promise.all([
      this.#pool(),
      recommendationStatistics(this.db, Number(practice.user_id)),
      teamProfileFor(this.db, Number(practice.user_id), practice.opponent_team),
      // The opponent's known players (a workspace of the user's with that team): their comfort picks.
      poolsOfTeamNamed(this.db, Number(practice.user_id), practice.opponent_team),
    ]);
    const ranking = rankOpponent({
      state,
      champions,
      statistics: stats.statistics,
      profile,
      side: step.side,
      action: step.type,
      ...(pools.length > 0 ? { pools: { [step.side]: pools } } : {}),
    });
    const choice = chooseOpponentMove(ranking, practice.style, stepRandom(Number(practice.seed), step.index));
    const wait = dueAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    if (this.#stopped) return;
    release();
    const result = await runRoomCommand(
      this.db,
      { roomId },
      opponentSeat(practice),
      { type: "lock", step: step.index, champion_id: choice },
      // The opponent is the server, not a member: its picks stay out of the workspace feed.
      { inFeed: false },
    );
    if (result.ok || attempt >= 3) return;
    // The user's seat cannot race the opponent's turn, but a pause can: look again shortly.
    if (result.code === "room_paused" || result.code === "champion_used") {
      setTimeout(
        () => void this.#act(roomId, 0, undefined, attempt + 1).catch(() => undefined),
        RETRY_MS,
      ).unref();
    }
  }

  async #review(practice: PracticeRow): Promise<void> {
    const state = await this.#state(practice);
    if (nextStep(state) !== null) return;
    const [champions, stats, profile] = await Promise.all([
      this.#pool(),
      recommendationStatistics(this.db, Number(practice.user_id)),
      teamProfileFor(this.db, Number(practice.user_id), practice.opponent_team),
    ]);
    const review = reviewPractice({
      state,
      userSide: practice.user_side,
      opponentName: practice.opponent_team,
      profile,
      champions,
      statistics: stats.statistics,
    });
    await storeReview(this.db, practice.session_id, review);
  }
}
