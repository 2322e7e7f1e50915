import { randomUUID } from "node:crypto";
import { ROOM_CLOSE, type RoomServerMessage, type TeamMessage } from "@draftroom/contracts";
import {
  FULL_BUCKET,
  hearsTeam,
  type RoomTeam,
  spendTalkToken,
  type TalkBucket,
  talksFor,
  teamChatText,
} from "@draftroom/draft";
import { type Kysely, sql } from "kysely";
import type { WebSocket } from "ws";
import type { ChangeFeed } from "../../db/change-feed.ts";
import { ROOMS_CHANNEL } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf } from "../../db/values.ts";
import { databaseNowMs } from "./repository.ts";
import type { ActingSeat } from "./service.ts";
import { SOCKET_OPEN, sendText } from "./socket-guard.ts";
import {
  championExists,
  findTeamMessage,
  insertTeamMessage,
  listRoster,
  listTeamHistory,
  markMemberLeft,
  markMemberRemoved,
  suggestionContext,
} from "./team-repository.ts";

/**
 * A team's private channel across processes (decision 010). A message goes to the sockets whose
 * seat hears that team (`hearsTeam`: its captain and members), decided per socket from the seat
 * its link gave; other processes hear of it through a NOTIFY hint carrying only ids and read it
 * back. None of it enters `room_events`, so the public log, resyncs and snapshots never hold it.
 */

/** One socket of this process in the team channel (captains, members, and the organiser for the roster). */
export interface TeamConnection {
  readonly socket: WebSocket;
  readonly roomId: string;
  readonly seat: ActingSeat;
  /** This member's row in `room_members`; null for captains and the organiser. */
  readonly memberId: number | null;
  /** The same member's public id, the one every message names (decision 041). */
  readonly memberPublicId: string | null;
  readonly name: string;
  bucket: TalkBucket;
}

export type TeamTalk =
  | { readonly type: "suggest"; readonly step: number; readonly champion_id: number }
  | { readonly type: "team_chat"; readonly text: string };

export type TeamTalkResult =
  | { readonly ok: true; readonly message: TeamMessage }
  | {
      readonly ok: false;
      readonly code:
        | "seat_not_allowed"
        | "rate_limited"
        | "malformed_message"
        | "message_too_long"
        | "wrong_turn"
        | "not_your_turn"
        | "draft_complete"
        | "champion_used"
        | "unknown_champion"
        | "not_found";
    };

/** Hint kinds on the rooms channel: `<room>:0:team:<kind>:<arg>:<origin>`. */
type HintKind = "message" | "roster" | "remove" | "link" | "plan";

export class TeamChannel {
  readonly #rooms = new Map<string, Set<TeamConnection>>();
  /** Hints this process sent itself come back through LISTEN: it has already acted on them. */
  readonly #origin = randomUUID().slice(0, 8);
  #stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    feed: ChangeFeed | undefined,
  ) {
    feed?.subscribeRooms((payload) => this.#onHint(payload));
  }

  stop(): void {
    this.#stopped = true;
    this.#rooms.clear();
  }

  /** Adds a connection that has been welcomed: its team's history, or the roster (organiser). */
  async join(connection: TeamConnection): Promise<void> {
    let room = this.#rooms.get(connection.roomId);
    if (!room) {
      room = new Set();
      this.#rooms.set(connection.roomId, room);
    }
    room.add(connection);
    const team = talksFor(connection.seat);
    if (team !== null) {
      const messages = await listTeamHistory(this.db, connection.roomId, team);
      send(connection, { type: "team_history", team, member_id: connection.memberPublicId, messages });
    }
    if (connection.memberId !== null) await this.#rosterChanged(connection.roomId);
    else await this.#sendRoster(connection.roomId, [connection]);
  }

  /** A socket closed: a member leaves the roster (unless removed, which already did). */
  async leave(connection: TeamConnection): Promise<void> {
    const room = this.#rooms.get(connection.roomId);
    if (!room?.delete(connection)) return;
    if (room.size === 0) this.#rooms.delete(connection.roomId);
    if (connection.memberId === null || this.#stopped) return;
    await markMemberLeft(this.db, connection.memberId);
    await this.#rosterChanged(connection.roomId);
  }

  /** A suggestion or chat message from a connection: checked, stored, sent to its team. */
  async talk(connection: TeamConnection, talk: TeamTalk, nowMs = Date.now()): Promise<TeamTalkResult> {
    const team = talksFor(connection.seat);
    if (team === null) return { ok: false, code: "seat_not_allowed" };
    if (talk.type === "suggest" && connection.seat.role !== "member") {
      return { ok: false, code: "seat_not_allowed" };
    }
    // Text is checked first (no database work); anything that reaches the database spends a token.
    const checked = talk.type === "team_chat" ? teamChatText(talk.text) : null;
    if (checked && !checked.ok) return checked;
    const spent = spendTalkToken(connection.bucket, nowMs);
    connection.bucket = spent.bucket;
    if (!spent.allowed) return { ok: false, code: "rate_limited" };

    let text: string | null = null;
    let step: number | null = null;
    let championId: number | null = null;
    if (checked) {
      text = checked.text;
    } else if (talk.type === "suggest") {
      const context = await suggestionContext(this.db, connection.roomId);
      if (!context) return { ok: false, code: "not_found" };
      if (context.step === null) return { ok: false, code: "draft_complete" };
      if (talk.step !== context.step) return { ok: false, code: "wrong_turn" };
      if (context.stepTeam !== team) return { ok: false, code: "not_your_turn" };
      if (!(await championExists(this.db, talk.champion_id))) return { ok: false, code: "unknown_champion" };
      if (context.used.has(talk.champion_id)) return { ok: false, code: "champion_used" };
      step = talk.step;
      championId = talk.champion_id;
    }
    const { rowId, message } = await insertTeamMessage(
      this.db,
      {
        room_id: connection.roomId,
        team,
        kind: talk.type === "suggest" ? "suggestion" : "chat",
        member_id: connection.memberId,
        role: connection.seat.role === "member" ? "member" : "captain",
        name: connection.name,
        text,
        step,
        champion_id: championId,
        at_ms: await databaseNowMs(this.db),
      },
      connection.memberPublicId,
    );
    this.#deliver(connection.roomId, message);
    await this.#hint(connection.roomId, "message", rowId);
    return { ok: true, message };
  }

  /**
   * The organiser removes a member (named by their public id): stored, then their socket closes on
   * whichever process holds it.
   */
  async removeMember(
    roomId: string,
    memberPublicId: string,
  ): Promise<{ id: string; removed_at: string } | undefined> {
    const removed = await markMemberRemoved(this.db, roomId, memberPublicId);
    if (!removed) return undefined;
    this.#closeLocal(roomId, (c) => c.memberId === removed.rowId, ROOM_CLOSE.removed);
    await this.#hint(roomId, "remove", removed.rowId);
    await this.#rosterChanged(roomId);
    return { id: removed.id, removed_at: removed.removed_at };
  }

  /** A team link was rotated or revoked: its members' sockets close everywhere. */
  async linkRevoked(roomId: string, linkId: number): Promise<void> {
    this.#closeLocal(roomId, (c) => c.seat.linkId === linkId, ROOM_CLOSE.linkRevoked);
    await this.#hint(roomId, "link", linkId);
  }

  /**
   * A team's followed draft plan changed (decision 027): its seats hear `team_plan` (nothing of the
   * plan) and read it again with their link; the other team, the organiser and spectators never do.
   */
  async planChanged(roomId: string, team: RoomTeam): Promise<void> {
    this.#deliverPlan(roomId, team);
    await this.#hint(roomId, "plan", team === "A" ? 1 : 2);
  }

  // ---- fan-out -------------------------------------------------------------------------------

  #deliverPlan(roomId: string, team: RoomTeam): void {
    const text = JSON.stringify({ type: "team_plan", team } satisfies RoomServerMessage);
    for (const connection of this.#rooms.get(roomId) ?? []) {
      if (hearsTeam(connection.seat, team)) sendText(connection.socket, text);
    }
  }

  #deliver(roomId: string, message: TeamMessage): void {
    const room = this.#rooms.get(roomId);
    if (!room) return;
    const text = JSON.stringify({ type: "team_message", message } satisfies RoomServerMessage);
    for (const connection of room) {
      if (hearsTeam(connection.seat, message.team)) sendText(connection.socket, text);
    }
  }

  async #rosterChanged(roomId: string): Promise<void> {
    const room = this.#rooms.get(roomId);
    if (room) await this.#sendRoster(roomId, [...room]);
    await this.#hint(roomId, "roster", 0);
  }

  /** The organiser sees both teams' members; a team's seats see their own team's. */
  async #sendRoster(roomId: string, connections: readonly TeamConnection[]): Promise<void> {
    if (connections.length === 0) return;
    const members = await listRoster(this.db, roomId);
    for (const connection of connections) {
      const visible =
        connection.seat.role === "organiser"
          ? members
          : members.filter((member) => hearsTeam(connection.seat, member.team as RoomTeam));
      if (connection.seat.role === "organiser" || talksFor(connection.seat) !== null) {
        send(connection, { type: "roster", members: visible });
      }
    }
  }

  #closeLocal(
    roomId: string,
    matches: (connection: TeamConnection) => boolean,
    close: { code: number; reason: string },
  ): void {
    for (const connection of this.#rooms.get(roomId) ?? []) {
      if (matches(connection) && connection.socket.readyState === SOCKET_OPEN) {
        connection.socket.close(close.code, close.reason);
      }
    }
  }

  async #hint(roomId: string, kind: HintKind, arg: number): Promise<void> {
    if (dialectOf(this.db) !== "postgres") return;
    const payload = `${roomId}:0:team:${kind}:${arg}:${this.#origin}`;
    await sql`select pg_notify(${ROOMS_CHANNEL}, ${payload})`.execute(this.db);
  }

  #onHint(payload: string | null): void {
    if (payload === null || this.#stopped) return;
    const [roomId, , what, kind, argText, origin] = payload.split(":");
    if (what !== "team" || !roomId || origin === this.#origin) return;
    const room = this.#rooms.get(roomId);
    if (!room) return;
    const arg = Number(argText);
    if (kind === "message") {
      void findTeamMessage(this.db, arg)
        .then((message) => {
          if (message) this.#deliver(roomId, message);
        })
        .catch(() => {});
    } else if (kind === "roster") {
      void this.#sendRoster(roomId, [...room]).catch(() => {});
    } else if (kind === "remove") {
      this.#closeLocal(roomId, (c) => c.memberId === arg, ROOM_CLOSE.removed);
    } else if (kind === "plan") {
      this.#deliverPlan(roomId, arg === 1 ? "A" : "B");
    } else if (kind === "link") {
      this.#closeLocal(roomId, (c) => c.seat.linkId === arg, ROOM_CLOSE.linkRevoked);
    }
  }
}

export function newTeamConnection(
  fields: Omit<TeamConnection, "bucket">,
  nowMs = Date.now(),
): TeamConnection {
  return { ...fields, bucket: FULL_BUCKET(nowMs) };
}

function send(connection: TeamConnection, message: RoomServerMessage): void {
  sendText(connection.socket, JSON.stringify(message));
}

// ---- one channel per database (REST handlers reach it through the database, like the runtime) ----

const channels = new WeakMap<object, TeamChannel>();

export function registerTeamChannel(db: Kysely<Database>, channel: TeamChannel): void {
  channels.set(db, channel);
}

export function teamChannelOf(db: Kysely<Database>): TeamChannel | undefined {
  return channels.get(db);
}
