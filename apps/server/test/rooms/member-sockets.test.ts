import {
  ROOM_CLOSE,
  ROOM_PROTOCOL_VERSION,
  type Room,
  type Workspace,
  type WorkspaceInvite,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { processEnv } from "../helpers/server-process.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";
import {
  createRoom,
  linkToken,
  newSessionBody,
  RoomClient,
  registerUser,
  startServer,
  waitExit,
} from "./support.ts";

/**
 * Sockets of workspace rooms (decision 029): the member's role decides the seat and every
 * command, and a removed member's socket closes at once, also on another process (PostgreSQL:
 * two server processes, the removal on one, the socket on the other; SQLite serves one process).
 */

async function call(url: string, token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

type Actor = "owner" | "coach" | "analyst" | "player" | "viewer" | "outsider";
const ACTORS: readonly Actor[] = ["owner", "coach", "analyst", "player", "viewer", "outsider"];

/**
 * The socket cells of the permission matrix (decision 029), written out: changing who may hold
 * a seat or send a command in a workspace room fails this table.
 */
const SOCKET_EXPECTED: Record<string, Record<Actor, string>> = {
  "hello: captain link with the account": {
    owner: "captain",
    coach: "captain",
    analyst: "captain",
    player: "captain",
    viewer: "seat_forbidden",
    outsider: "invalid_link",
  },
  "hello: the account alone": {
    owner: "organiser",
    coach: "organiser",
    analyst: "organiser",
    player: "spectator",
    viewer: "spectator",
    outsider: "invalid_link",
  },
  "command: ready as captain": {
    owner: "ack",
    coach: "ack",
    analyst: "ack",
    player: "ack",
    viewer: "no seat",
    outsider: "no seat",
  },
};

describeEachDialect("workspace room sockets", (ctx) => {
  it("grants every role exactly its socket cells; a role change refuses the next command", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const actors: Record<Actor, TestUser> = { ...members, outsider };
    const inject = (user: TestUser, method: "POST" | "PUT" | "PATCH", url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: user.headers, payload });
    const url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const created = await inject(members.owner, "POST", "/api/rooms/", {
      session: await newSessionBody(url),
    });
    const room = created.json() as Room;
    await inject(members.owner, "PUT", `/api/drafts/sessions/${room.session_id}/workspace/`, {
      workspace_id: workspace.id,
    });
    const hello = async (credentials: Record<string, string>) => {
      const client = await RoomClient.connect(url, room.id);
      const answer = await Promise.race([
        client.request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, ...credentials }),
        client.closed,
      ]);
      return { client, answer };
    };
    const outcome = (answer: Awaited<ReturnType<typeof hello>>["answer"]) =>
      "type" in answer && answer.type === "welcome"
        ? answer.seat.role
        : "reason" in answer
          ? answer.reason
          : "?";

    const seen: Record<string, Record<Actor, string>> = {
      "hello: captain link with the account": {} as Record<Actor, string>,
      "hello: the account alone": {} as Record<Actor, string>,
      "command: ready as captain": {} as Record<Actor, string>,
    };
    for (const actor of ACTORS) {
      const captain = await hello({ token: linkToken(room, "blue_captain"), auth: actors[actor].token });
      seen["hello: captain link with the account"]![actor] = outcome(captain.answer);
      const seated = outcome(captain.answer) === "captain";
      const ready = seated ? await captain.client.request({ type: "ready", ready: false }) : null;
      seen["command: ready as captain"]![actor] = ready ? ready.type : "no seat";
      captain.client.close();
      const account = await hello({ auth: actors[actor].token });
      seen["hello: the account alone"]![actor] = outcome(account.answer);
      account.client.close();
    }
    expect(seen).toEqual(SOCKET_EXPECTED);

    // A player made a viewer keeps the socket, but its next command is refused.
    const player = await hello({ token: linkToken(room, "blue_captain"), auth: members.player.token });
    expect(await player.client.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const demoted = await inject(
      members.owner,
      "PATCH",
      `/api/workspaces/${workspace.id}/members/${members.player.id}/`,
      {
        role: "viewer",
      },
    );
    expect(demoted.statusCode).toBe(200);
    expect(await player.client.request({ type: "ready", ready: false })).toMatchObject({
      type: "reject",
      code: "forbidden",
    });
    player.client.close();

    // Scrims: once the workspace is linked to the team playing blue, the red captain link seats
    // an outsider without an account (the opponent's captain); the own side still needs a member,
    // and a member holding the opponent's link is still held to their role.
    const body = (await newSessionBody(url)) as { blue_team_id: number };
    const linked = await inject(members.owner, "PATCH", `/api/workspaces/${workspace.id}/`, {
      team_id: body.blue_team_id,
    });
    expect(linked.statusCode).toBe(200);
    const opponent = await hello({ token: linkToken(room, "red_captain") });
    expect(outcome(opponent.answer)).toBe("captain");
    opponent.client.close();
    const ownSide = await hello({ token: linkToken(room, "blue_captain") });
    expect(outcome(ownSide.answer)).toBe("invalid_link");
    const viewerOnOpponentLink = await hello({
      token: linkToken(room, "red_captain"),
      auth: members.viewer.token,
    });
    expect(outcome(viewerOnOpponentLink.answer)).toBe("seat_forbidden");
  });

  it("seats by role, commands checked by role, a removed member's socket closes on the other process", {
    timeout: 90_000,
  }, async () => {
    const env = processEnv(ctx.env);
    const first = await startServer(env);
    const second = ctx.dialect === "postgres" ? await startServer(env) : first;
    try {
      const suffix = Date.now().toString(36);
      const owner = await registerUser(first.url, `wso${suffix}`);
      await setPlan(ctx.db, `wso${suffix}`, "pro");
      const workspace = (await call(first.url, owner, "POST", "/workspaces/", { name: "Sockets", tag: "SK" }))
        .json as Workspace;
      const join = async (name: string, role: "player" | "viewer") => {
        const token = await registerUser(first.url, name);
        const invite = (
          await call(first.url, owner, "POST", `/workspaces/${workspace.id}/invites/`, { role })
        ).json as WorkspaceInvite;
        expect((await call(first.url, token, "POST", `/invites/${invite.id}/accept/`)).status).toBe(200);
        const me = (await call(first.url, token, "GET", "/auth/profile/")).json as { id: number };
        return { token, id: me.id };
      };
      const player = await join(`wsp${suffix}`, "player");
      const viewer = await join(`wsv${suffix}`, "viewer");

      const room = (await createRoom(first.url, owner, { session: await newSessionBody(first.url) })) as Room;
      const moved = await call(first.url, owner, "PUT", `/drafts/sessions/${room.session_id}/workspace/`, {
        workspace_id: workspace.id,
      });
      expect(moved.status).toBe(200);
      const helloWith = async (url: string, credentials: Record<string, string>) => {
        const client = await RoomClient.connect(url, room.id);
        const answer = await Promise.race([
          client
            .request({ type: "hello", proto: ROOM_PROTOCOL_VERSION, ...credentials })
            .then((m) => ({ message: m })),
          client.closed.then((close) => ({ close })),
        ]);
        return { client, answer };
      };

      // A viewer cannot take a captain seat, with or without their account; a player can.
      const red = linkToken(room, "red_captain");
      const viewerCaptain = await helloWith(second.url, { token: red, auth: viewer.token });
      expect(viewerCaptain.answer).toEqual({ close: ROOM_CLOSE.seatForbidden });
      const anonymousCaptain = await helloWith(second.url, { token: red });
      expect(anonymousCaptain.answer).toEqual({ close: ROOM_CLOSE.invalidLink });
      const playerCaptain = await helloWith(second.url, {
        token: linkToken(room, "blue_captain"),
        auth: player.token,
      });
      expect(playerCaptain.answer).toMatchObject({ message: { type: "welcome", seat: { role: "captain" } } });
      expect(await playerCaptain.client.request({ type: "ready", ready: true })).toMatchObject({
        type: "ack",
      });

      // A viewer's own account gives a live spectator seat, which changes nothing.
      const viewerWatch = await helloWith(second.url, { auth: viewer.token });
      expect(viewerWatch.answer).toMatchObject({ message: { type: "welcome", seat: { role: "spectator" } } });
      expect(await viewerWatch.client.request({ type: "start" })).toMatchObject({
        type: "reject",
        code: "seat_not_allowed",
      });
      // An outsider's account opens nothing.
      const outsider = await registerUser(first.url, `wsx${suffix}`);
      expect((await helloWith(second.url, { auth: outsider })).answer).toEqual({
        close: ROOM_CLOSE.invalidLink,
      });

      // The owner removes the player on the first process: the socket on the second closes.
      const removedAt = Date.now();
      const removed = await call(
        first.url,
        owner,
        "DELETE",
        `/workspaces/${workspace.id}/members/${player.id}/`,
      );
      expect(removed.status).toBe(204);
      const closed = await Promise.race([
        playerCaptain.client.closed,
        new Promise((resolve) => setTimeout(() => resolve("still open"), 3000)),
      ]);
      expect(closed).toEqual(ROOM_CLOSE.membershipEnded);
      expect(Date.now() - removedAt).toBeLessThan(3000);
      // And the link alone no longer seats them.
      const again = await helloWith(second.url, {
        token: linkToken(room, "blue_captain"),
        auth: player.token,
      });
      expect(again.answer).toEqual({ close: ROOM_CLOSE.invalidLink });
      // The viewer's socket stays open.
      expect(viewerWatch.client.ws.readyState).toBe(1);
      viewerWatch.client.close();
    } finally {
      first.child.kill("SIGTERM");
      if (second !== first) second.child.kill("SIGTERM");
      await waitExit(first.child);
      await waitExit(second.child);
    }
  });
});
