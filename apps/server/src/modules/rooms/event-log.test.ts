import { roomEventSchema } from "@draftroom/contracts";
import type { RoomLogBody } from "@draftroom/draft";
import type { Selectable } from "kysely";
import { describe, expect, it } from "vitest";
import { bodyOfRow, eventRow, toEvent, wireEvent } from "./event-log.ts";
import type { RoomEventsTable } from "./tables.ts";

const ROOM = "00000000-0000-4000-8000-000000000001";

/** A row as read back (JSON text, 0/1 booleans: SQLite's shape). */
function stored(row: ReturnType<typeof eventRow>): Selectable<RoomEventsTable> {
  return {
    ...row,
    id: 1,
    is_auto: row.is_auto ? 1 : 0,
    data: JSON.stringify(row.data),
    clock: null,
    command_key: row.command_key ?? null,
  };
}

/** A row written before decision 024: flat columns plus the kind's extras in `data`. */
function legacy(patch: Partial<Selectable<RoomEventsTable>>): Selectable<RoomEventsTable> {
  return {
    id: 1,
    room_id: ROOM,
    seq: 7,
    kind: "lock",
    actor_role: "captain",
    actor_team: "A",
    actor_link_id: 3,
    step: null,
    team: null,
    side: null,
    action_type: null,
    champion_id: null,
    is_auto: 0,
    at_ms: 1000,
    deadline_ms: null,
    bank_after_ms: null,
    data: "{}",
    clock: null,
    command_key: null,
    ...patch,
  };
}

describe("the room event log's rows", () => {
  const bodies: RoomLogBody[] = [
    { kind: "ready", team: "B", ready: true },
    { kind: "start", forced: true },
    {
      kind: "lock",
      step: 3,
      team: "B",
      side: "RED",
      action_type: "BAN",
      champion_id: null,
      is_auto: true,
      bank_after_ms: 0,
    },
    { kind: "resume", resumes_ms: 4000 },
    { kind: "outage", from_ms: 2500 },
    {
      kind: "correction_decision",
      step: 2,
      team: "A",
      champion_id: 9,
      requested_champion_id: 9,
      outcome: "approved",
    },
    {
      kind: "seat",
      link_id: "00000000-0000-4000-8000-000000000004",
      role: "captain",
      team: "A",
      connected: false,
      epoch: 2,
      revoked: true,
    },
    { kind: "delay", delay_seconds: 30, link_id: null },
    {
      kind: "game",
      game: 2,
      moved: true,
      session_id: "00000000-0000-4000-8000-000000000002",
      from_session_id: "00000000-0000-4000-8000-000000000003",
      team_a_side: "RED",
      winner: "A",
    },
  ];

  it("reads back every body exactly as written", () => {
    for (const body of bodies) {
      const row = eventRow(ROOM, 5, 1000, { role: "organiser", team: null, linkId: null }, body, null);
      expect(bodyOfRow(stored(row))).toEqual(body);
      const actor = { role: "organiser", team: null };
      expect(toEvent(stored(row))).toEqual({ seq: 5, at: 1000, actor, body });
    }
  });

  it("sends `{seq, at, actor, body}` and nothing else (decision 031), the same written or read back", () => {
    for (const body of bodies) {
      const row = eventRow(ROOM, 9, 2000, { role: "captain", team: "B", linkId: 7 }, body, 5000);
      const written = wireEvent(row);
      expect(written).toEqual({ seq: 9, at: 2000, actor: { role: "captain", team: "B" }, body });
      expect(roomEventSchema.parse(written)).toEqual(written);
      expect(toEvent(stored(row))).toEqual(written);
    }
    const clockRow = eventRow(ROOM, 10, 2000, null, { kind: "pause" }, null);
    expect(wireEvent(clockRow).actor).toBeNull();
  });

  it("upgrades rows written before 024 from their flat columns", () => {
    expect(
      bodyOfRow(
        legacy({
          kind: "lock",
          step: 0,
          team: "A",
          side: "BLUE",
          action_type: "PICK",
          champion_id: 157,
          bank_after_ms: 55_000,
        }),
      ),
    ).toEqual({
      kind: "lock",
      step: 0,
      team: "A",
      side: "BLUE",
      action_type: "PICK",
      champion_id: 157,
      is_auto: false,
      bank_after_ms: 55_000,
    });
    expect(
      bodyOfRow(
        legacy({
          kind: "correction_request",
          step: 1,
          team: "B",
          champion_id: 12,
          data: JSON.stringify({ from_champion_id: 11, expires_ms: 9000 }),
        }),
      ),
    ).toEqual({
      kind: "correction_request",
      step: 1,
      team: "B",
      champion_id: 12,
      from_champion_id: 11,
      expires_ms: 9000,
    });
    expect(
      bodyOfRow(
        legacy({
          kind: "seat",
          // The migration to public link ids rewrote `link_id` in rows of every age.
          data: JSON.stringify({
            link_id: "00000000-0000-4000-8000-000000000003",
            connected: true,
            epoch: 4,
          }),
        }),
      ),
    ).toEqual({
      kind: "seat",
      link_id: "00000000-0000-4000-8000-000000000003",
      role: "captain",
      team: "A",
      connected: true,
      epoch: 4,
      revoked: false,
    });
    // A series move logged before decision 018 did not name the game it left.
    expect(
      bodyOfRow(
        legacy({
          kind: "game",
          team: null,
          data: JSON.stringify({
            game: 2,
            moved: true,
            session_id: "00000000-0000-4000-8000-000000000002",
            team_a_side: "BLUE",
          }),
        }),
      ),
    ).toMatchObject({ kind: "game", from_session_id: null, winner: null });
  });

  it("refuses a row no kind of the log can read", () => {
    expect(() => bodyOfRow(legacy({ kind: "hover" }))).toThrow();
  });
});
