import {
  type DraftPlan,
  draftPlanLiveAnswerSchema,
  ROOM_PROTOCOL_VERSION,
  type Room,
  type Series,
  type Workspace,
  type WorkspaceRole,
} from "@draftroom/contracts";
import { afterEach, beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { emptyPlanContent } from "../draft-plans/support.ts";
import { championIds, createSession, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";
import { createRoom, linkToken, lockEveryStep, RoomClient } from "./support.ts";

type Actor = WorkspaceRole | "outsider";
type Row = Record<Actor, string>;
type Column = "writable" | "read_only";
const ACTORS: readonly Actor[] = ["owner", "coach", "analyst", "player", "viewer", "outsider"];
const COLUMNS: readonly Column[] = ["writable", "read_only"];

// REST cells: "ok" (2xx), "403 <code>", or the status.
const STAFF: Row = {
  owner: "ok",
  coach: "ok",
  analyst: "ok",
  player: "403 forbidden",
  viewer: "403 forbidden",
  outsider: "404",
};
const STAFF_READ_ONLY: Row = {
  owner: "403 workspace_read_only",
  coach: "403 workspace_read_only",
  analyst: "403 workspace_read_only",
  player: "403 forbidden",
  viewer: "403 forbidden",
  outsider: "404",
};
const EVERY_MEMBER: Row = {
  owner: "ok",
  coach: "ok",
  analyst: "ok",
  player: "ok",
  viewer: "ok",
  outsider: "404",
};
// The followed plan as the view answers it: "plan" (its content), "none" (a null selection).
const PLAN_READERS: Row = {
  owner: "plan",
  coach: "plan",
  analyst: "plan",
  player: "plan",
  viewer: "plan",
  outsider: "404",
};
// Socket hellos: the seat the welcome gives, or "closed <reason>".
const ORGANISER_HELLO: Row = {
  owner: "organiser",
  coach: "organiser",
  analyst: "organiser",
  player: "spectator",
  viewer: "spectator",
  outsider: "closed invalid_link",
};
const CAPTAIN_HELLO: Row = {
  owner: "captain",
  coach: "captain",
  analyst: "captain",
  player: "captain",
  viewer: "closed seat_forbidden",
  outsider: "closed invalid_link",
};
// Socket commands on the seat of that hello: "ack", "reject <code>", or "no seat" (it was closed).
const ORGANISER_ACK: Row = {
  owner: "ack",
  coach: "ack",
  analyst: "ack",
  player: "reject seat_not_allowed",
  viewer: "reject seat_not_allowed",
  outsider: "no seat",
};
const ORGANISER_READ_ONLY: Row = {
  owner: "reject workspace_read_only",
  coach: "reject workspace_read_only",
  analyst: "reject workspace_read_only",
  player: "reject seat_not_allowed",
  viewer: "reject seat_not_allowed",
  outsider: "no seat",
};
const NOT_A_SOCKET_MESSAGE: Row = {
  owner: "reject unknown_message",
  coach: "reject unknown_message",
  analyst: "reject unknown_message",
  player: "reject unknown_message",
  viewer: "reject unknown_message",
  outsider: "no seat",
};

/**
 * The permission matrix of workspace rooms (issue 32, decision records 029, 040, 044): every role
 * of a workspace (and an outsider who has a workspace of their own) on every room path: the room
 * REST routes, the room socket's hellos and commands, the series room, and the plan a room team
 * follows, in a writable workspace and in one past its plan (`read_only`). The expected table is
 * written out, so changing any cell (ROLE_CAPABILITIES, a route's capability, the socket's seat
 * rules, the read-only refusal) fails here. Each actor acts on rooms of its own, set up by the
 * owner while the workspace was writable, so no cell depends on another.
 *
 * `rewind` and `correct` are organiser commands of the room, but not socket messages: the socket
 * refuses them as unknown, and their one path is the drafts routes (the "REST" rows), which run
 * them in the live room as its organiser.
 */
const EXPECTED: Record<string, Record<Column, Row>> = {
  "socket: hello {auth} (an account's organiser hello)": {
    writable: ORGANISER_HELLO,
    read_only: ORGANISER_HELLO,
  },
  "socket: hello {token: blue captain link, auth}": { writable: CAPTAIN_HELLO, read_only: CAPTAIN_HELLO },
  "socket: ready, captain seat": {
    writable: {
      owner: "ack",
      coach: "ack",
      analyst: "ack",
      player: "ack",
      viewer: "no seat",
      outsider: "no seat",
    },
    read_only: {
      owner: "reject workspace_read_only",
      coach: "reject workspace_read_only",
      analyst: "reject workspace_read_only",
      player: "reject workspace_read_only",
      viewer: "no seat",
      outsider: "no seat",
    },
  },
  "socket: ready, organiser seat": {
    writable: {
      owner: "reject seat_not_allowed",
      coach: "reject seat_not_allowed",
      analyst: "reject seat_not_allowed",
      player: "reject seat_not_allowed",
      viewer: "reject seat_not_allowed",
      outsider: "no seat",
    },
    read_only: ORGANISER_READ_ONLY,
  },
  "socket: start": { writable: ORGANISER_ACK, read_only: ORGANISER_READ_ONLY },
  // A running draft finishes past the plan (decision 040): pause and resume stay.
  "socket: pause": { writable: ORGANISER_ACK, read_only: ORGANISER_ACK },
  "socket: resume": { writable: ORGANISER_ACK, read_only: ORGANISER_ACK },
  "socket: rewind": { writable: NOT_A_SOCKET_MESSAGE, read_only: NOT_A_SOCKET_MESSAGE },
  "socket: correct": { writable: NOT_A_SOCKET_MESSAGE, read_only: NOT_A_SOCKET_MESSAGE },
  "REST: correct (PUT a session action of the live room)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "REST: rewind (DELETE a session action of the live room)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "REST: open a live room (POST /rooms/)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "REST: room info (GET /rooms/:id/)": { writable: EVERY_MEMBER, read_only: EVERY_MEMBER },
  "REST: room events (GET /rooms/:id/events/)": { writable: EVERY_MEMBER, read_only: EVERY_MEMBER },
  "REST: set delay (PUT /rooms/:id/delay/)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "REST: new link (POST /rooms/:id/links/:link/rotate/)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "REST: revoke a link (DELETE /rooms/:id/links/:link/)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "series: open the series room (POST /series/:id/room/)": { writable: STAFF, read_only: STAFF_READ_ONLY },
  "series: room info (GET /series/:id/room/)": { writable: EVERY_MEMBER, read_only: EVERY_MEMBER },
  "series: hello {auth}": { writable: ORGANISER_HELLO, read_only: ORGANISER_HELLO },
  "series: start": { writable: ORGANISER_ACK, read_only: ORGANISER_READ_ONLY },
  "plan: view the followed plan naming the team": { writable: PLAN_READERS, read_only: PLAN_READERS },
  "plan: change the followed plan naming the team": { writable: STAFF, read_only: STAFF_READ_ONLY },
};

describeEachDialect("rooms: the permission matrix of room paths", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  /** Every socket a test opened, closed when it ends (passed or failed). */
  const open: RoomClient[] = [];
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  const timers = { turn_seconds: 300, bank_seconds: 600 };

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    user: TestUser,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  const restCell = (res: Awaited<ReturnType<typeof call>>): string => {
    if (res.statusCode >= 200 && res.statusCode < 300) return "ok";
    if (res.statusCode === 403) return `403 ${(res.json() as { code: string }).code}`;
    return String(res.statusCode);
  };

  /** Says hello; the welcomed client (kept open until the test ends) and the cell. */
  async function hello(
    roomId: string,
    credentials: Record<string, string>,
  ): Promise<{ client: RoomClient | undefined; cell: string }> {
    const client = await RoomClient.connect(base, roomId);
    open.push(client);
    const answer = await Promise.race([
      client.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, ...credentials }),
      client.closed,
    ]);
    if ("type" in answer && answer.type === "welcome") {
      client.welcome = answer;
      return { client, cell: answer.seat.role };
    }
    if ("reason" in answer) return { client: undefined, cell: `closed ${answer.reason}` };
    return { client: undefined, cell: `unexpected ${JSON.stringify(answer)}` };
  }

  async function command(client: RoomClient | undefined, message: Record<string, unknown>): Promise<string> {
    if (!client) return "no seat";
    const answer = await client.request(message);
    if (answer.type === "reject") return `reject ${answer.code}`;
    return answer.type;
  }

  async function workspaceSession(owner: TestUser, workspace: Workspace): Promise<string> {
    const session = await createSession(ctx.app, owner);
    const moved = await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, owner, {
      workspace_id: workspace.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return session.id;
  }

  async function workspaceRoom(owner: TestUser, workspace: Workspace): Promise<Room> {
    return createRoom(base, owner.token, {
      session_id: await workspaceSession(owner, workspace),
      ...timers,
    });
  }

  /** A room whose draft runs with its first step locked; the step's action id. */
  async function runningRoom(owner: TestUser, workspace: Workspace) {
    const room = await workspaceRoom(owner, workspace);
    const organiser = await RoomClient.join(base, room.id, { auth: owner.token });
    const blue = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_captain"),
      auth: owner.token,
    });
    open.push(organiser, blue);
    expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
      type: "ack",
    });
    const [action] = (
      await call("GET", `/api/drafts/sessions/${room.session_id}/actions/`, owner)
    ).json() as {
      id: number;
    }[];
    return { room, actionId: action!.id };
  }

  async function workspaceSeries(owner: TestUser, workspace: Workspace): Promise<Series> {
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const res = await call("POST", `/api/series/?workspace=${workspace.id}`, owner, {
      title: "Finals prep",
      league_id: league.id,
      team_a_id: teams[0]!.id,
      team_b_id: teams[1]!.id,
      best_of: 3,
      rule: { from: "picks", scope: "both", reset_last_game: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Series;
  }

  async function seriesWithRoom(owner: TestUser, workspace: Workspace) {
    const series = await workspaceSeries(owner, workspace);
    const opened = await call("POST", `/api/series/${series.id}/room/`, owner, timers);
    expect(opened.statusCode, opened.body).toBe(201);
    return { series, room: opened.json() as Room };
  }

  /** A workspace with every role, a plan team A follows, and each actor's own rooms and series. */
  async function prepare() {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const actors: Record<Actor, TestUser> = { ...members, outsider };
    const owner = members.owner;
    const planRes = await call("POST", "/api/draft-plans/", owner, {
      workspace_id: workspace.id,
      content: emptyPlanContent(),
    });
    expect(planRes.statusCode, planRes.body).toBe(201);
    const plan = planRes.json() as DraftPlan;
    const planRoom = await workspaceRoom(owner, workspace);
    const followed = await call("PUT", `/api/draft-plans/live/rooms/${planRoom.id}/`, owner, {
      team: "A",
      plan_id: plan.id,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const own = {} as Record<
      Actor,
      {
        lobby: Room;
        running: Awaited<ReturnType<typeof runningRoom>>;
        spareSession: string;
        roomless: Series;
        series: Awaited<ReturnType<typeof seriesWithRoom>>;
      }
    >;
    for (const actor of ACTORS) {
      own[actor] = {
        lobby: await workspaceRoom(owner, workspace),
        running: await runningRoom(owner, workspace),
        spareSession: await workspaceSession(owner, workspace),
        roomless: await workspaceSeries(owner, workspace),
        series: await seriesWithRoom(owner, workspace),
      };
    }
    return { owner, actors, plan, planRoom, own };
  }

  /** Every row's cell for one actor, in the order the rows are written. */
  async function cellsOf(fixture: Awaited<ReturnType<typeof prepare>>, actor: Actor) {
    const user = fixture.actors[actor];
    const { lobby, running, spareSession, roomless, series } = fixture.own[actor];
    const cells: Record<string, string> = {};

    const organiserHello = await hello(lobby.id, { auth: user.token });
    cells["socket: hello {auth} (an account's organiser hello)"] = organiserHello.cell;
    const captainHello = await hello(lobby.id, {
      token: linkToken(lobby, "blue_captain"),
      auth: user.token,
    });
    cells["socket: hello {token: blue captain link, auth}"] = captainHello.cell;
    // One team ready leaves the lobby a lobby; the organiser's start then starts it.
    cells["socket: ready, captain seat"] = await command(captainHello.client, {
      type: "ready",
      ready: true,
    });
    cells["socket: ready, organiser seat"] = await command(organiserHello.client, {
      type: "ready",
      ready: true,
    });
    cells["socket: start"] = await command(organiserHello.client, { type: "start" });

    const runningOrganiser = (await hello(running.room.id, { auth: user.token })).client;
    cells["socket: pause"] = await command(runningOrganiser, { type: "pause" });
    cells["socket: resume"] = await command(runningOrganiser, { type: "resume" });
    cells["socket: rewind"] = await command(runningOrganiser, { type: "rewind", step: 0 });
    cells["socket: correct"] = await command(runningOrganiser, {
      type: "correct",
      step: 0,
      champion_id: pool[5]!,
    });
    const action = `/api/drafts/sessions/${running.room.session_id}/actions/${running.actionId}/`;
    cells["REST: correct (PUT a session action of the live room)"] = restCell(
      await call("PUT", action, user, { champion_id: pool[5]! }),
    );
    cells["REST: rewind (DELETE a session action of the live room)"] = restCell(
      await call("DELETE", action, user),
    );

    cells["REST: open a live room (POST /rooms/)"] = restCell(
      await call("POST", "/api/rooms/", user, { session_id: spareSession, ...timers }),
    );
    cells["REST: room info (GET /rooms/:id/)"] = restCell(await call("GET", `/api/rooms/${lobby.id}/`, user));
    cells["REST: room events (GET /rooms/:id/events/)"] = restCell(
      await call("GET", `/api/rooms/${lobby.id}/events/`, user),
    );
    cells["REST: set delay (PUT /rooms/:id/delay/)"] = restCell(
      await call("PUT", `/api/rooms/${lobby.id}/delay/`, user, { delay_seconds: 30 }),
    );
    const linkOf = (kind: Room["links"][number]["kind"]) =>
      lobby.links.find((link) => link.kind === kind)!.id;
    cells["REST: new link (POST /rooms/:id/links/:link/rotate/)"] = restCell(
      await call("POST", `/api/rooms/${lobby.id}/links/${linkOf("spectator")}/rotate/`, user),
    );
    cells["REST: revoke a link (DELETE /rooms/:id/links/:link/)"] = restCell(
      await call("DELETE", `/api/rooms/${lobby.id}/links/${linkOf("red_team")}/`, user),
    );

    cells["series: open the series room (POST /series/:id/room/)"] = restCell(
      await call("POST", `/api/series/${roomless.id}/room/`, user, timers),
    );
    cells["series: room info (GET /series/:id/room/)"] = restCell(
      await call("GET", `/api/series/${series.series.id}/room/`, user),
    );
    const seriesHello = await hello(series.room.id, { auth: user.token });
    cells["series: hello {auth}"] = seriesHello.cell;
    cells["series: start"] = await command(seriesHello.client, { type: "start" });

    const planRoute = `/api/draft-plans/live/rooms/${fixture.planRoom.id}/`;
    const viewed = await call("POST", `${planRoute}view/`, user, { team: "A" });
    cells["plan: view the followed plan naming the team"] =
      viewed.statusCode === 200
        ? draftPlanLiveAnswerSchema.parse(viewed.json()).selection?.plan.id === fixture.plan.id
          ? "plan"
          : "none"
        : restCell(viewed);
    cells["plan: change the followed plan naming the team"] = restCell(
      await call("PUT", planRoute, user, { team: "B", plan_id: fixture.plan.id }),
    );
    return cells;
  }

  it("grants every role exactly its cells on every room path, writable and past the plan", {
    timeout: 300_000,
  }, async () => {
    const fixtures = { writable: await prepare(), read_only: await prepare() };
    // Community owns no workspace: the owner's downgrade puts this one past its plan.
    await setPlan(ctx.db, fixtures.read_only.owner.username, "community");

    const seen: Record<string, Record<Column, Row>> = {};
    for (const column of COLUMNS) {
      for (const actor of ACTORS) {
        for (const [row, cell] of Object.entries(await cellsOf(fixtures[column], actor))) {
          seen[row] ??= { writable: {} as Row, read_only: {} as Row };
          seen[row][column][actor] = cell;
        }
      }
    }
    expect(seen).toEqual(EXPECTED);
  });

  it("a coach opens and runs a workspace series' room into its next game; an outsider is answered as for a missing series", {
    timeout: 120_000,
  }, async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const { coach, player, analyst } = members;
    const series = await workspaceSeries(members.owner, workspace);
    const missing = crypto.randomUUID();

    // Not there or not theirs: the same answer, word for word, before and after the room exists.
    const asOutsider = async (method: "GET" | "POST", id: string) => {
      const res = await call(
        method,
        `/api/series/${id}/room/`,
        outsider,
        method === "POST" ? timers : undefined,
      );
      return { status: res.statusCode, body: res.json() };
    };
    expect(await asOutsider("GET", series.id)).toEqual(await asOutsider("GET", missing));
    expect(await asOutsider("POST", series.id)).toEqual(await asOutsider("POST", missing));
    expect((await asOutsider("POST", series.id)).status).toBe(404);

    const opened = await call("POST", `/api/series/${series.id}/room/`, coach, timers);
    expect(opened.statusCode, opened.body).toBe(201);
    const room = opened.json() as Room;
    expect(await asOutsider("GET", series.id)).toEqual(await asOutsider("GET", missing));
    expect((await asOutsider("GET", series.id)).status).toBe(404);

    // Game 1: the coach organises, two members captain; the draft is played to its end.
    const organiser = await RoomClient.join(base, room.id, { auth: coach.token });
    const blue = await RoomClient.join(base, room.id, {
      token: linkToken(room, "blue_captain"),
      auth: player.token,
    });
    const red = await RoomClient.join(base, room.id, {
      token: linkToken(room, "red_captain"),
      auth: analyst.token,
    });
    open.push(organiser, blue, red);
    expect(organiser.welcome!.seat.role).toBe("organiser");
    expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
    await lockEveryStep({ blue, red }, pool);
    expect(
      (await call("PATCH", `/api/series/${series.id}/games/1/`, coach, { winner: "A" })).statusCode,
    ).toBe(200);
    const next = await call("POST", `/api/series/${series.id}/games/`, coach, { blue_team: "B" });
    expect(next.statusCode, next.body).toBe(201);
    const game2 = (next.json() as Series).games[1]!.session_id;
    await organiser.waitFor((m) => m.type === "snapshot" && m.snapshot.session.id === game2);

    // Game 2 is the workspace's as game 1 was: the coach still reads and runs the room, a new
    // hello still seats them as organiser, and past the plan nothing new starts there.
    expect((await call("GET", `/api/rooms/${room.id}/`, coach)).statusCode).toBe(200);
    expect((await call("GET", `/api/series/${series.id}/room/`, coach)).statusCode).toBe(200);
    expect((await call("GET", `/api/drafts/sessions/${game2}/`, coach)).statusCode).toBe(200);
    const again = await hello(room.id, { auth: coach.token });
    expect(again.cell).toBe("organiser");
    await setPlan(ctx.db, members.owner.username, "community");
    expect(await command(again.client, { type: "start" })).toBe("reject workspace_read_only");
    expect(await command(again.client, { type: "pause" })).toBe("reject not_started");
  });
  it("past the plan, a team link still reads the plan its team follows but cannot change it (a write)", {
    timeout: 120_000,
  }, async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const { owner, coach } = members;
    const planRes = await call("POST", "/api/draft-plans/", owner, {
      workspace_id: workspace.id,
      content: emptyPlanContent(),
    });
    expect(planRes.statusCode, planRes.body).toBe(201);
    const plan = planRes.json() as DraftPlan;
    const room = await workspaceRoom(owner, workspace);
    const route = `/api/draft-plans/live/rooms/${room.id}/`;
    const token = linkToken(room, "blue_captain");
    const chosen = await call("PUT", route, coach, { token, plan_id: plan.id });
    expect(chosen.statusCode, chosen.body).toBe(200);

    await setPlan(ctx.db, owner.username, "community");
    const changed = await call("PUT", route, coach, { token, plan_id: null });
    expect([changed.statusCode, changed.json().code]).toEqual([403, "workspace_read_only"]);
    const viewed = await call("POST", `${route}view/`, coach, { token });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(draftPlanLiveAnswerSchema.parse(viewed.json()).selection?.plan.id).toBe(plan.id);
  });
});
