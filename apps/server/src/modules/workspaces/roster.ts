import type { PoolEntry, RosterPlayer, RosterPlayerBody } from "@draftroom/contracts";
import type { PlayerPoolInput, Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isForeignKeyViolation, toIso } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { findMember, findWorkspace } from "./repository.ts";
import {
  deletePlayer,
  findPlayer,
  findPlayerAnywhere,
  insertPlayer,
  listPlayers,
  listPoolEntries,
  type PlayerRow,
  replacePool,
  updatePlayer,
} from "./roster-repository.ts";
import { requireWorkspaceRole } from "./service.ts";
import { sessionTeamsOf } from "./session-link.ts";

/**
 * A workspace's roster and per-player champion pools. Coaches and owners (`edit_roster`) edit
 * any player and pool; a player linked to their account edits their own pool (`edit_own_pool`).
 * The pools feed recommendations (`activePlayerPools`).
 */

const playerNotFound = () => new AppError(404, "not_found", "Player not found.");

function present(row: PlayerRow, pool: Awaited<ReturnType<typeof listPoolEntries>>): RosterPlayer {
  return {
    id: row.public_id,
    name: row.name,
    position: row.position,
    secondary_position: row.secondary_position,
    status: row.status,
    user_id: row.user_id === null ? null : Number(row.user_id),
    pool: pool
      .filter((entry) => Number(entry.player_id) === Number(row.id))
      .map((entry) => ({
        champion_id: Number(entry.champion_id),
        tier: entry.tier,
        notes: entry.notes,
        updated_at: toIso(entry.updated_at),
        updated_by_username: entry.updated_by_username ?? null,
      })),
  };
}

async function loadRoster(db: Kysely<Database>, workspaceId: string): Promise<RosterPlayer[]> {
  const players = await listPlayers(db, workspaceId);
  const pool = await listPoolEntries(
    db,
    players.map((player) => Number(player.id)),
  );
  return players.map((player) => present(player, pool));
}

export async function getRoster(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<RosterPlayer[]> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  return loadRoster(db, workspaceId);
}

async function checkLinkedUser(db: Kysely<Database>, workspaceId: string, userId: number | null | undefined) {
  if (userId === null || userId === undefined) return;
  if (!(await findMember(db, workspaceId, userId))) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      user_id: "Not a member of this workspace",
    });
  }
}

async function one(db: Kysely<Database>, workspaceId: string, playerId: string): Promise<RosterPlayer> {
  const player = (await loadRoster(db, workspaceId)).find((candidate) => candidate.id === playerId);
  if (!player) throw playerNotFound();
  return player;
}

export async function addPlayer(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: RosterPlayerBody,
): Promise<RosterPlayer> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_roster");
  await checkLinkedUser(db, workspaceId, body.user_id);
  const id = await insertPlayer(db, { workspace_id: workspaceId, ...body });
  return one(db, workspaceId, id);
}

export async function editPlayer(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  playerId: string,
  body: Partial<RosterPlayerBody>,
): Promise<RosterPlayer> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_roster");
  const player = await findPlayer(db, workspaceId, playerId);
  if (!player) throw playerNotFound();
  await checkLinkedUser(db, workspaceId, body.user_id);
  await updatePlayer(db, workspaceId, Number(player.id), body);
  return one(db, workspaceId, playerId);
}

export async function removePlayer(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  playerId: string,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_roster");
  if (!(await deletePlayer(db, workspaceId, playerId))) throw playerNotFound();
}

/**
 * Replaces a player's pool: a coach or owner for anyone, a player only for the roster entry
 * linked to their own account (otherwise 403).
 */
export async function setPool(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  playerId: string,
  entries: readonly PoolEntry[],
): Promise<RosterPlayer> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const player = await findPlayer(db, workspaceId, playerId);
  if (!player) throw playerNotFound();
  const own = player.user_id !== null && Number(player.user_id) === userId;
  await requireWorkspaceRole(db, userId, workspaceId, own ? "edit_own_pool" : "edit_roster");
  const unique = new Map(entries.map((entry) => [entry.champion_id, entry]));
  try {
    await db
      .transaction()
      .execute((trx) => replacePool(trx, Number(player.id), userId, [...unique.values()]));
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError(400, "unknown_champion", "A champion in the pool does not exist.");
    }
    throw error;
  }
  // The workspace feed hears it (decision 048): "alice changed Faker's pool", folded per run.
  await publish(db, "pool.changed", {
    db,
    workspaceId,
    actorId: userId,
    verb: "changed",
    id: player.public_id,
    title: player.name,
  });
  return one(db, workspaceId, playerId);
}

/**
 * A roster player's pool as the activity feed names it: the player's workspace and current name
 * (undefined: no such player).
 */
export async function poolRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ workspace_id: string; title: string } | undefined> {
  const player = await findPlayerAnywhere(db, id);
  return player ? { workspace_id: player.workspace_id, title: player.name } : undefined;
}

/**
 * The active players' pools as the recommendation engine takes them. No member check: the caller
 * decided that the asker may see the team's preparation (a member, or our team's seat in a room).
 *
 * @example
 * await activePlayerPools(db, workspaceId); // [{ player: "Zeus", position: "top", champions: [{ champion_id: 7, tier: "S" }] }]
 */
export async function activePlayerPools(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<PlayerPoolInput[]> {
  return (await loadRoster(db, workspaceId))
    .filter((player) => player.status === "active")
    .map((player) => ({
      player: player.name,
      position: player.position,
      champions: player.pool.map((entry) => ({ champion_id: entry.champion_id, tier: entry.tier })),
    }));
}

const POSITION_ORDER = ["top", "jungle", "mid", "bot", "support"] as const;

/** The workspace's linked league team and its active players' names, top to support (null: no linked team). */
async function linkedRoster(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ teamId: number; names: string[] } | null> {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace || workspace.team_id === null) return null;
  const players = (await listPlayers(db, workspaceId))
    .filter((player) => player.status === "active")
    .sort((a, b) => POSITION_ORDER.indexOf(a.position) - POSITION_ORDER.indexOf(b.position));
  return { teamId: Number(workspace.team_id), names: players.map((player) => player.name) };
}

/**
 * The names the roster knows for a draft's teams (decision record 029): the active players, top
 * to support, on the side the session's workspace team plays. For the overlay and the draft image,
 * which already show that draft; a personal session, or a workspace without a linked team on
 * either side, gives none.
 *
 * @example
 * await rosterNamesOfSession(db, sessionId); // { BLUE: ["Zeus", "Oner", "Faker", "Gumayusi", "Keria"], RED: [] }
 */
export async function rosterNamesOfSession(
  db: Kysely<Database>,
  sessionId: string,
): Promise<Record<Side, string[]>> {
  const none = { BLUE: [], RED: [] };
  const session = await sessionTeamsOf(db, sessionId);
  if (!session) throw new AppError(404, "not_found", "Not found.");
  if (!session.workspace_id) return none;
  const roster = await linkedRoster(db, session.workspace_id);
  if (!roster) return none;
  const side: Side | null =
    session.blue_team_id === roster.teamId ? "BLUE" : session.red_team_id === roster.teamId ? "RED" : null;
  return side ? { ...none, [side]: roster.names } : none;
}

/**
 * The same names for a series' teams A and B (the series image): the caller passes what it read
 * of the series (its workspace and teams), so no series is read here.
 *
 * @example
 * await rosterNamesOfTeams(db, series.workspace_id, { A: 12, B: 40 }); // { A: [], B: ["Zeus", "Faker"] }
 */
export async function rosterNamesOfTeams(
  db: Kysely<Database>,
  workspaceId: string | null,
  teams: Readonly<Record<"A" | "B", number | null>>,
): Promise<Record<"A" | "B", string[]>> {
  const none = { A: [], B: [] };
  if (!workspaceId) return none;
  const roster = await linkedRoster(db, workspaceId);
  if (!roster) return none;
  const team = teams.A === roster.teamId ? "A" : teams.B === roster.teamId ? "B" : null;
  return team ? { ...none, [team]: roster.names } : none;
}
