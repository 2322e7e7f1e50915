import { apiErrorSchema, roomMemberRemovedSchema } from "@draftroom/contracts";
import { memberName } from "@draftroom/draft";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { WebSocket } from "ws";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { ActingSeat } from "./service.ts";
import { getOwnedRoom } from "./service.ts";
import { SOCKET_OPEN } from "./socket-guard.ts";
import { newTeamConnection, registerTeamChannel, TeamChannel, type TeamConnection } from "./team-channel.ts";
import { closeAllMembers, insertMemberCapped, markMemberLeft } from "./team-repository.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const memberParams = z.object({
  id: z.uuid(),
  /** The member's public id (decision 041). */
  member_id: z.uuid(),
});

/**
 * The team seats' part of the rooms module (decision 010): this process's team channel and the
 * organiser's "remove" endpoint. Called by the rooms plugin, which owns the WebSocket.
 */
export async function teamRoutes(app: FastifyInstance): Promise<TeamChannel> {
  const feed = app.database.dialect === "postgres" ? app.database.changes() : undefined;
  // SQLite is served by this one process: members it shows connected are left over from the last run.
  if (app.database.dialect === "sqlite") {
    app.addHook("onReady", async () => {
      await closeAllMembers(app.db).catch(() => {});
    });
  }
  const teams = new TeamChannel(app.db, feed);
  registerTeamChannel(app.db, teams);
  app.addHook("preClose", async () => teams.stop());
  await app.register(removeMemberRoute(teams));
  return teams;
}

function removeMemberRoute(teams: TeamChannel): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/rooms/:id/members/:member_id/remove/",
      {
        onRequest: authenticate,
        schema: {
          tags: ["rooms"],
          summary: "Remove a team member from the room (their socket closes with 4410 `removed`)",
          description:
            "They may open the team link again unless it is rotated: rotate the link to keep them out.",
          params: memberParams,
          response: { 200: roomMemberRemovedSchema, ...errors },
        },
      },
      async (request) => {
        await getOwnedRoom(app.db, requireUser(request).id, request.params.id);
        const removed = await teams.removeMember(request.params.id, request.params.member_id);
        if (!removed) throw new AppError(404, "not_found", "This member is not in the room.");
        return removed;
      },
    );
  };
}

/**
 * The display name a team link's `hello` must carry: the cleaned name, undefined when missing or
 * invalid (the socket is then closed with `name_required`), null for any other seat.
 */
export function memberHelloName(seat: ActingSeat, raw: string | undefined): string | null | undefined {
  if (seat.role !== "member") return null;
  if (raw === undefined) return undefined;
  const checked = memberName(raw);
  return checked.ok ? checked.text : undefined;
}

/**
 * The team-channel side of a welcomed socket: members get their roster row, captains and the
 * organiser just listen. Spectators (link or public id) get nothing.
 */
export async function openTeamSeat(
  db: Kysely<Database>,
  socket: WebSocket,
  roomId: string,
  seat: ActingSeat,
  name: string | null,
  maxMembers: number,
): Promise<TeamConnection | "full" | undefined> {
  if (seat.role === "spectator") return undefined;
  if (seat.role !== "member")
    return newTeamConnection({ socket, roomId, seat, memberId: null, memberPublicId: null, name: "" });
  if (seat.team === null || seat.linkId === null || name === null) return undefined;
  const member = await insertMemberCapped(
    db,
    { room_id: roomId, link_id: seat.linkId, team: seat.team, name },
    maxMembers,
  );
  if (member === null) return "full";
  if (socket.readyState !== SOCKET_OPEN) {
    await markMemberLeft(db, member.id);
    return undefined;
  }
  return newTeamConnection({
    socket,
    roomId,
    seat,
    memberId: member.id,
    memberPublicId: member.publicId,
    name,
  });
}
