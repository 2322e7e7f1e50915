import type { Room } from "@draftroom/contracts";
import { DRAFT_SEQUENCE, type RoomCommand, type RoomState } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { createDatabase } from "../../src/db/index.ts";
import { sessionActions } from "../../src/modules/drafts/service.ts";
import { type ActingSeat, linkRowId } from "../../src/modules/rooms/service.ts";
import { RoomFolds, roomFolds, runRoomCommand } from "../../src/modules/rooms/store.ts";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom } from "./support.ts";

/**
 * The room store keeps each live room's folded state (decision 032): a command starts from it
 * (no replay of the draft, no read-back of what it wrote), and a write by another process (here a
 * second connection pool with its own store) or by a path that does not move the seq is detected
 * under the row lock and folded again, once.
 */
describeEachDialect("room store: one fold per live room", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  async function liveRoom(): Promise<{
    room: Room;
    sessionId: string;
    seats: Record<"A" | "B", ActingSeat>;
  }> {
    const owner = await newUser(ctx.app);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, owner.headers.authorization.slice("Token ".length), {
      session_id: session.id,
    });
    const seat = async (team: "A" | "B"): Promise<ActingSeat> => {
      const link = room.links.find((candidate) => candidate.role === "captain" && candidate.team === team)!;
      return { role: "captain", team, linkId: (await linkRowId(ctx.db, room.id, link.id)) ?? null };
    };
    return { room, sessionId: session.id, seats: { A: await seat("A"), B: await seat("B") } };
  }

  /** Team A plays blue (the default sides). */
  const teamOf = (step: number) => (DRAFT_SEQUENCE[step]!.side === "BLUE" ? "A" : "B");
  const lock = (step: number): RoomCommand => ({ type: "lock", step, champion_id: pool[step]! });

  it("commands run from memory: one fold for the room, none per command, the action as written", async () => {
    const { room, sessionId, seats } = await liveRoom();
    const folds = roomFolds(ctx.db);
    const before = { folds: folds.folds, hits: folds.hits };
    for (const team of ["A", "B"] as const) {
      const ready = await runRoomCommand(ctx.db, { roomId: room.id }, seats[team], {
        type: "ready",
        ready: true,
      });
      expect(ready.ok).toBe(true);
    }
    for (let step = 0; step < 6; step++) {
      const result = await runRoomCommand(ctx.db, { roomId: room.id }, seats[teamOf(step)], lock(step));
      if (!result.ok) throw new Error(`step ${step} refused: ${result.code}`);
      // Built from what was inserted (RETURNING), equal to what a read of the table gives.
      const stored = await sessionActions(ctx.db, sessionId);
      expect(result.action).toEqual(stored[step]);
      expect(result.actions).toEqual(stored);
    }
    // Eight commands: the room was folded from the database at most once (the first one).
    expect(folds.folds - before.folds).toBeLessThanOrEqual(1);
    expect(folds.hits - before.hits).toBeGreaterThanOrEqual(7);
  });

  it("a write by another process is detected under the row lock and folded once", async () => {
    const { room, sessionId, seats } = await liveRoom();
    const folds = roomFolds(ctx.db);
    for (const team of ["A", "B"] as const) {
      await runRoomCommand(ctx.db, { roomId: room.id }, seats[team], { type: "ready", ready: true });
    }
    expect((await runRoomCommand(ctx.db, { roomId: room.id }, seats.A, lock(0))).ok).toBe(true);

    // Another process (its own pool, its own store) plays steps 1 and 2.
    const other = createDatabase(ctx.config);
    try {
      for (const step of [1, 2]) {
        const result = await runRoomCommand(other.db, { roomId: room.id }, seats[teamOf(step)], lock(step));
        expect(result.ok).toBe(true);
      }
    } finally {
      await other.destroy();
    }

    // This process's fold is at step 1's seq: stale. The next command sees it and folds again.
    const foldsBefore = folds.folds;
    const step3 = await runRoomCommand(ctx.db, { roomId: room.id }, seats[teamOf(3)], lock(3));
    if (!step3.ok) throw new Error(`step 3 refused: ${step3.code}`);
    expect(folds.folds - foldsBefore).toBe(1);
    expect(step3.actions.map((action) => action.phase_number)).toEqual([0, 1, 2, 3]);
    expect(step3.actions).toEqual(await sessionActions(ctx.db, sessionId));
    // A stale fold would have answered step 1 again; the champion of step 1 stays used.
    const reused = await runRoomCommand(ctx.db, { roomId: room.id }, seats[teamOf(4)], {
      type: "lock",
      step: 4,
      champion_id: pool[1]!,
    });
    expect(reused).toEqual({ ok: false, code: "champion_used" });
    expect(folds.folds - foldsBefore).toBe(1);

    // A write that leaves the seq as it was (as opening a room or setting a series' sides does)
    // changes the record: detected too.
    await ctx.db.updateTable("draft_rooms").set({ bank_a_ms: 12_345 }).where("id", "=", room.id).execute();
    const step4 = await runRoomCommand(ctx.db, { roomId: room.id }, seats[teamOf(4)], lock(4));
    expect(step4.ok).toBe(true);
    expect(folds.folds - foldsBefore).toBe(2);
    if (step4.ok) expect(step4.state.bank_ms.A).toBe(12_345);
  });

  it("folds are bounded: least recently used and idle rooms are dropped, a finished room at once", () => {
    // A store of two rooms, idle after one second.
    const small = new RoomFolds(2, 1000);
    const fold = (seq: number, status: RoomState["status"] = "running") => ({
      sessionId: "s",
      seq,
      recordKey: "k",
      state: { status } as unknown as RoomState,
      actions: [],
      catalog: {} as unknown as Parameters<RoomFolds["take"]>[1],
      locksKey: null,
    });
    small.keep("a", fold(1), 0);
    small.keep("b", fold(1), 10);
    small.keep("c", fold(1), 20);
    expect(small.size).toBe(2);
    // Five seconds later the others are idle.
    small.keep("d", fold(1), 5000);
    expect(small.size).toBe(1);
    // An older fold never replaces a newer one; a finished room leaves.
    small.keep("d", fold(3), 5001);
    small.keep("d", fold(2), 5002);
    small.keep("d", fold(4, "complete"), 5003);
    expect(small.size).toBe(0);
  });

  it("a whole draft folds once; the finished room leaves the store", async () => {
    const { room, seats } = await liveRoom();
    const folds = roomFolds(ctx.db);
    for (const team of ["A", "B"] as const) {
      await runRoomCommand(ctx.db, { roomId: room.id }, seats[team], { type: "ready", ready: true });
    }
    const foldsBefore = folds.folds;
    for (let step = 0; step < 20; step++) {
      const result = await runRoomCommand(ctx.db, { roomId: room.id }, seats[teamOf(step)], lock(step));
      expect(result.ok).toBe(true);
    }
    expect(folds.folds - foldsBefore).toBe(0);
    // Complete: dropped from memory; a late command folds it again, once, and gets the rule's answer.
    const late = await runRoomCommand(ctx.db, { roomId: room.id }, seats.A, lock(19));
    expect(late).toEqual({ ok: false, code: "draft_complete" });
    expect(folds.folds - foldsBefore).toBe(1);
  });
});
