import { randomUUID } from "node:crypto";
import type {
  ActivityPage,
  PoolRecord,
  QuickRoom,
  Room,
  RoomEvent,
  RoomLink,
  RosterPlayer,
  SessionRoomLookup,
  WorkspaceExport,
  WorkspaceInvite,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../src/db/migrations/index.ts";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { fromJson } from "../../src/db/values.ts";
import { championIds, createSession } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

/**
 * Ids that can be listed are not sequential in any answer (issue 32, decision record 041):
 * activity entries, roster players (and their pro records), workspace invites and room links (in
 * rooms' answers and in their logs' seat events) are named by a random id everywhere the API shows
 * or takes one. An old numeric id is a 400 in the
 * error shape (never a 500), and migrating gives existing rows their public ids.
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** An invite's id is its link's token: 24 random bytes, base64url. */
const INVITE_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const MIGRATIONS = [
  "20261129060000_activity_public_ids",
  "20261129060100_roster_players_public_ids",
  "20261129060200_room_links_public_ids",
];
const TABLES = ["workspace_activity", "workspace_players", "room_links"] as const;
/** A player of the shipped match sample, so the roster's pro records are not empty. */
const PRO_PLAYER = "PatkicaA";

describeEachDialect("public ids of activity entries, roster players, invites and room links", (ctx) => {
  const call = async (
    method: string,
    url: string,
    user: TestUser | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await ctx.app.inject({
      method: method as "GET",
      url,
      headers: { ...(user ? user.headers : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  /** The answer of a call that must succeed. */
  const ok = async <T>(
    method: string,
    url: string,
    user: TestUser | null,
    payload?: object,
    headers = {},
  ) => {
    const res = await call(method, url, user, payload, headers);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };

  /** A workspace with a session (so a feed), a rostered pro player with a pool, an invite and a live room. */
  async function team() {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const session = await createSession(ctx.app, members.owner, { title: "Scrim vs T1" });
    await ok("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.owner, {
      workspace_id: workspace.id,
    });
    const room = await ok<Room>("POST", "/api/rooms/", members.owner, {
      session_id: session.id,
      turn_seconds: 30,
      bank_seconds: 60,
    });
    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const player = await ok<RosterPlayer>("POST", roster, members.coach, {
      name: PRO_PLAYER,
      position: "top",
    });
    return { workspace, members, outsider, session, room, roster, player };
  }

  it("names these items by a random id in every answer, never by a row number", {
    timeout: 60_000,
  }, async () => {
    await seedMatchSample(ctx.db);
    const pool = await championIds(ctx.app);
    const { workspace, members, session, room, roster, player } = await team();
    const invitee = await registerUser(ctx.app);
    /** Every id these answers gave, with where it came from and the shape it must have. */
    const seen: Array<{ where: string; id: unknown; shape: RegExp }> = [];
    const asked: string[] = [];
    const note = (where: string, ids: readonly unknown[], shape = UUID_V4) => {
      asked.push(where);
      for (const id of ids) seen.push({ where, id, shape });
    };

    note(
      "POST /rooms/ links[].id",
      room.links.map((link) => link.id),
    );
    const described = await ok<Room>("GET", `/api/rooms/${room.id}/`, members.analyst);
    note(
      "GET /rooms/{id}/ links[].id",
      described.links.map((link) => link.id),
    );
    const lookup = await ok<SessionRoomLookup>(
      "GET",
      `/api/drafts/sessions/${session.id}/live-room/`,
      members.owner,
    );
    note(
      "GET /drafts/sessions/{id}/live-room/ room.links[].id",
      lookup.room?.links.map((link) => link.id) ?? [],
    );
    const red = room.links.find((link) => link.kind === "red_captain")!;
    const rotated = await ok<RoomLink>(
      "POST",
      `/api/rooms/${room.id}/links/${red.id}/rotate/`,
      members.owner,
    );
    note("POST /rooms/{id}/links/{link_id}/rotate/ id", [rotated.id]);
    expect(rotated.id).toBe(red.id);
    const spectator = room.links.find((link) => link.kind === "spectator")!;
    const revoked = await ok<RoomLink>(
      "DELETE",
      `/api/rooms/${room.id}/links/${spectator.id}/`,
      members.owner,
    );
    note("DELETE /rooms/{id}/links/{link_id}/ id", [revoked.id]);
    // The revoke is a seat event in the room's log, which names the link by the same id.
    const log = await ok<{ events: RoomEvent[] }>("GET", `/api/rooms/${room.id}/events/`, members.owner);
    const seats = log.events.flatMap((event) => (event.body.kind === "seat" ? [event.body.link_id] : []));
    note("GET /rooms/{id}/events/ seat events' link_id", seats);
    expect(seats).toContain(spectator.id);

    const quick = await ok<QuickRoom>("POST", "/api/quick-rooms/", members.owner, {
      turn_seconds: 30,
      bank_seconds: 60,
    });
    const organiser = { "x-room-token": quick.organiser.token };
    note(
      "POST /quick-rooms/ room.links[].id",
      quick.room.links.map((link) => link.id),
    );
    const quickRoom = await ok<Room>("GET", `/api/quick-rooms/${quick.room.id}/`, null, undefined, organiser);
    note(
      "GET /quick-rooms/{id}/ links[].id",
      quickRoom.links.map((link) => link.id),
    );
    const blue = quick.room.links.find((link) => link.kind === "blue_captain")!;
    const quickRotated = await ok<RoomLink>(
      "POST",
      `/api/quick-rooms/${quick.room.id}/links/${blue.id}/rotate/`,
      null,
      {},
      organiser,
    );
    note("POST /quick-rooms/{id}/links/{link_id}/rotate/ id", [quickRotated.id]);

    note("POST /workspaces/{id}/roster/ id", [player.id]);
    const edited = await ok<RosterPlayer>("PATCH", `${roster}${player.id}/`, members.coach, {
      status: "substitute",
    });
    note("PATCH /workspaces/{id}/roster/{playerId}/ id", [edited.id]);
    const pooled = await ok<RosterPlayer>("PUT", `${roster}${player.id}/pool/`, members.coach, {
      entries: [{ champion_id: pool[0], tier: "S" }],
    });
    note("PUT /workspaces/{id}/roster/{playerId}/pool/ id", [pooled.id]);
    const listed = await ok<RosterPlayer[]>("GET", roster, members.viewer);
    note(
      "GET /workspaces/{id}/roster/ [].id",
      listed.map((p) => p.id),
    );
    const records = await ok<PoolRecord[]>("GET", `${roster}records/`, members.viewer);
    expect(records.length).toBeGreaterThan(0);
    note(
      "GET /workspaces/{id}/roster/records/ [].player_id",
      records.map((record) => record.player_id),
    );
    expect(new Set(records.map((record) => record.player_id))).toEqual(new Set([player.id]));

    const link = await ok<WorkspaceInvite>(
      "POST",
      `/api/workspaces/${workspace.id}/invites/`,
      members.owner,
      {
        role: "player",
      },
    );
    note("POST /workspaces/{id}/invites/ id", [link.id], INVITE_TOKEN);
    await ok("POST", `/api/workspaces/${workspace.id}/invites/`, members.owner, {
      role: "viewer",
      username: invitee.username,
    });
    const pending = await ok<WorkspaceInvite[]>(
      "GET",
      `/api/workspaces/${workspace.id}/invites/`,
      members.owner,
    );
    note(
      "GET /workspaces/{id}/invites/ [].id",
      pending.map((invite) => invite.id),
      INVITE_TOKEN,
    );
    const mine = await ok<Array<{ id: unknown }>>("GET", "/api/invites/", invitee);
    note(
      "GET /invites/ [].id",
      mine.map((invite) => invite.id),
      INVITE_TOKEN,
    );

    const feed = await ok<ActivityPage>("GET", `/api/workspaces/${workspace.id}/activity/`, members.viewer);
    note(
      "GET /workspaces/{id}/activity/ results[].id",
      feed.results.map((entry) => entry.id),
    );
    const exported = await ok<WorkspaceExport>(
      "GET",
      `/api/workspaces/${workspace.id}/export/`,
      members.owner,
    );
    note(
      "GET /workspaces/{id}/export/ roster[].id",
      exported.roster.map((row) => row.id),
    );

    // Every answer above gave ids (a route that stopped listing them would pass on nothing).
    const places = new Set(seen.map((entry) => entry.where));
    expect(asked.filter((where) => !places.has(where))).toEqual([]);
    expect(asked).toHaveLength(19);
    const numbered = seen.filter((entry) => typeof entry.id === "number" || /^\d+$/.test(String(entry.id)));
    expect(numbered).toEqual([]);
    expect(seen.filter((entry) => !entry.shape.test(String(entry.id)))).toEqual([]);
    // Random, not derived: a room's links and a feed's entries each have their own.
    expect(new Set(room.links.map((l) => l.id)).size).toBe(room.links.length);
    expect(new Set(feed.results.map((entry) => entry.id)).size).toBe(feed.results.length);
  });

  it("answers an old numeric id with a 400 and an unknown one with a 404, in the error shape", async () => {
    const { workspace, members, room, roster, player } = await team();
    const invalid = (field: string) => ({
      status: 400,
      body: { detail: "Invalid input.", code: "validation_error", fields: { [field]: expect.any(String) } },
    });
    const missing = (detail: string) => ({ status: 404, body: { detail, code: "not_found" } });
    const quick = await ok<QuickRoom>("POST", "/api/quick-rooms/", members.owner, {
      turn_seconds: 30,
      bank_seconds: 60,
    });
    const organiser = { "x-room-token": quick.organiser.token };

    expect(await call("PATCH", `${roster}1/`, members.coach, { name: "Canyon" })).toEqual(
      invalid("playerId"),
    );
    expect(await call("PUT", `${roster}1/pool/`, members.coach, { entries: [] })).toEqual(
      invalid("playerId"),
    );
    expect(await call("DELETE", `${roster}1/`, members.coach)).toEqual(invalid("playerId"));
    expect(await call("DELETE", `${roster}${randomUUID()}/`, members.coach)).toEqual(
      missing("Player not found."),
    );
    expect(await call("POST", `/api/rooms/${room.id}/links/1/rotate/`, members.owner)).toEqual(
      invalid("link_id"),
    );
    expect(await call("DELETE", `/api/rooms/${room.id}/links/1/`, members.owner)).toEqual(invalid("link_id"));
    expect(await call("DELETE", `/api/rooms/${room.id}/links/${randomUUID()}/`, members.owner)).toEqual(
      missing("Link not found."),
    );
    expect(
      await call("POST", `/api/quick-rooms/${quick.room.id}/links/1/rotate/`, null, {}, organiser),
    ).toEqual(invalid("link_id"));
    expect(await call("DELETE", `/api/workspaces/${workspace.id}/invites/1/`, members.owner)).toEqual(
      invalid("inviteId"),
    );

    // The feed's cursor: a number, a made-up entry id and another workspace's entry id are all
    // the same 400 (the answer tells nothing of the other team's feed).
    const feed = `/api/workspaces/${workspace.id}/activity/`;
    expect(await call("GET", `${feed}?before=1`, members.owner)).toEqual(invalid("before"));
    const rival = await createWorkspace(ctx.app, members.owner, { name: "Second team", tag: "TWO" });
    const rivalSession = await createSession(ctx.app, members.owner, { title: "Elsewhere" });
    await ok("PUT", `/api/drafts/sessions/${rivalSession.id}/workspace/`, members.owner, {
      workspace_id: rival.id,
    });
    const rivalFeed = await ok<ActivityPage>("GET", `/api/workspaces/${rival.id}/activity/`, members.owner);
    const foreignEntry = rivalFeed.results[0]!.id;
    const made = await call("GET", `${feed}?before=${randomUUID()}`, members.owner);
    expect(made).toEqual(invalid("before"));
    expect(await call("GET", `${feed}?before=${foreignEntry}`, members.owner)).toEqual(made);
    // A real entry of this feed pages on from it.
    const page = await ok<ActivityPage>("GET", feed, members.owner);
    const older = await ok<ActivityPage>("GET", `${feed}?before=${page.results[0]!.id}`, members.owner);
    expect(older.results.map((entry) => entry.id)).toEqual(page.results.slice(1).map((entry) => entry.id));
    expect(player.id).toMatch(UUID_V4);
  });

  it("gives existing rows public ids on migrating, and the answers use them", {
    timeout: 60_000,
  }, async () => {
    const { workspace, members, room, roster } = await team();
    // A revoked link leaves a seat event in the log, which the migration rewrites both ways.
    const spectator = room.links.find((link) => link.kind === "spectator")!;
    await ok("DELETE", `/api/rooms/${room.id}/links/${spectator.id}/`, members.owner);
    const spectatorRow = Number(
      (
        await ctx.db
          .selectFrom("room_links")
          .select("id")
          .where("public_id", "=", spectator.id)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const seatLinks = async () =>
      (
        await ctx.db
          .selectFrom("room_events")
          .select("data")
          .where("room_id", "=", room.id)
          .where("kind", "=", "seat")
          .execute()
      ).map((row) => fromJson<{ link_id: unknown }>(row.data).link_id);
    expect(await seatLinks()).toEqual([spectator.id]);
    const later = Object.keys(migrations)
      .sort()
      .filter((name) => name >= MIGRATIONS[0]!);
    expect(later.slice(0, MIGRATIONS.length)).toEqual(MIGRATIONS);
    for (const name of [...later].reverse()) expect(await migrateDown(ctx.db)).toEqual([name]);
    const columns = async (table: string) =>
      (await ctx.db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ??
      [];
    for (const table of TABLES) expect(await columns(table)).not.toContain("public_id");
    expect(await seatLinks()).toEqual([spectatorRow]);
    expect(await migrateToLatest(ctx.db)).toEqual(later);

    for (const table of TABLES) {
      const rows = await ctx.db.selectFrom(table).select(["id", "public_id"]).execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => !UUID_V4.test(String(row.public_id)))).toEqual([]);
      expect(new Set(rows.map((row) => row.public_id)).size).toBe(rows.length);
    }
    const stored = async (
      table: (typeof TABLES)[number],
      column: "workspace_id" | "room_id",
      value: string,
    ) =>
      (
        await ctx.db.selectFrom(table).select("public_id").where(column, "=", value).orderBy("id").execute()
      ).map((row) => row.public_id);
    const players = await ok<RosterPlayer[]>("GET", roster, members.owner);
    expect(players.map((p) => p.id)).toEqual(await stored("workspace_players", "workspace_id", workspace.id));
    const described = await ok<Room>("GET", `/api/rooms/${room.id}/`, members.owner);
    expect(described.links.map((link) => link.id)).toEqual(await stored("room_links", "room_id", room.id));
    const feed = await ok<ActivityPage>("GET", `/api/workspaces/${workspace.id}/activity/`, members.owner);
    expect(feed.results.map((entry) => entry.id)).toEqual(
      (await stored("workspace_activity", "workspace_id", workspace.id)).reverse(),
    );
    const backfilled = described.links.find((link) => link.kind === "spectator")!.id;
    expect(backfilled).not.toBe(spectator.id);
    const log = await ok<{ events: RoomEvent[] }>("GET", `/api/rooms/${room.id}/events/`, members.owner);
    expect(log.events.flatMap((event) => (event.body.kind === "seat" ? [event.body.link_id] : []))).toEqual([
      backfilled,
    ]);
    // The backfilled ids work as ids: a link is rotated and a player changed by theirs.
    const red = described.links.find((link) => link.kind === "red_captain")!;
    expect((await call("POST", `/api/rooms/${room.id}/links/${red.id}/rotate/`, members.owner)).status).toBe(
      200,
    );
    expect(
      (await call("PATCH", `${roster}${players[0]!.id}/`, members.coach, { name: "Canyon" })).status,
    ).toBe(200);
  });
});
