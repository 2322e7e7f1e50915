import type { Recommendations } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { sessionOwnerId, sessionTeams } from "../drafts/service.ts";
import { ourSideOfRoom, type ResolvedLink, resolveLink } from "../rooms/service.ts";
import { type DraftPrep, recommendationsFor } from "./service.ts";

/**
 * Recommendations for a live room's team seat (captain or member), authenticated by its link
 * token: the same engine and inputs as the owner's board (the session owner's priorities, teams and
 * statistics, the series' fearless locks), always for the seat's own side, so a link never reads
 * the other team's advice. In a workspace room (decision 046) our team's seats get the
 * workspace's pools and priorities, as its board does, and the other team's seats get nothing of
 * our preparation (no pools, no priorities). 404 for an unknown link or another room's, 403 for a
 * seat without a team (spectator, organiser).
 */
export async function roomTeamRecommendations(
  db: Kysely<Database>,
  roomId: string,
  token: string,
  query: { action?: "BAN" | "PICK" | undefined; limit: number },
): Promise<Recommendations> {
  const resolved = await resolveLink(db, token);
  if (!resolved || resolved.room.id !== roomId)
    throw new AppError(404, "not_found", "This room link is not valid (revoked or unknown).");
  const { seat, room } = resolved;
  if ((seat.role !== "captain" && seat.role !== "member") || seat.team === null)
    throw new AppError(403, "forbidden", "Only a team's seats get its recommendations.");
  const teamASide = room.team_a_side;
  const side = seat.team === "A" ? teamASide : teamASide === "BLUE" ? "RED" : "BLUE";
  const [owner, session] = await Promise.all([
    sessionOwnerId(db, room.session_id),
    sessionTeams(db, room.session_id),
  ]);
  if (owner === undefined || !session) throw new AppError(404, "not_found", "Draft session not found.");
  return recommendationsFor(
    db,
    owner,
    room.session_id,
    { ...query, side },
    await seatPrep(db, room, session, side),
  );
}

/** Our team's seat: the workspace's preparation; the other team's: none; a personal room: the owner's. */
async function seatPrep(
  db: Kysely<Database>,
  room: ResolvedLink["room"],
  session: NonNullable<Awaited<ReturnType<typeof sessionTeams>>>,
  side: Side,
): Promise<DraftPrep> {
  if (!session.workspace_id) return { kind: "owner" };
  const ours = await ourSideOfRoom(db, room, session);
  if (ours === null) return { kind: "workspace", workspaceId: session.workspace_id, side: null };
  return ours === side ? { kind: "workspace", workspaceId: session.workspace_id, side } : { kind: "none" };
}
