import type { PoolRecord, PriorityEntry, WorkspacePriorities } from "@draftroom/contracts";
import { type PlayerPoolInput, type PriorityInput, prioritiesFromPools, type Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isForeignKeyViolation } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { teamsForDraft } from "../leagues/service.ts";
import { playerChampionRecords } from "../matches/service.ts";
import { listWorkspacePriorities, replaceWorkspacePriorities } from "./priorities-repository.ts";
import { findWorkspace } from "./repository.ts";
import { activePlayerPools, getRoster } from "./roster.ts";
import { activeWorkspaceIds, peopleOf, requireWorkspaceRole } from "./service.ts";

/**
 * A workspace's team priorities (decision record 029): what its coaches and analysts set
 * (`edit_priorities`), or, while they have set nothing, the priorities derived from the active
 * players' pools (`prioritiesFromPools`). Recommendations for the workspace's team use the same.
 */

export async function getWorkspacePriorities(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<WorkspacePriorities> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const stored = await listWorkspacePriorities(db, workspaceId);
  if (stored.entries.length > 0) {
    const people = await peopleOf(db, workspaceId, [stored.updated_by_id]);
    const setBy = stored.updated_by_id === null ? undefined : people.get(stored.updated_by_id);
    return {
      priorities: stored.entries,
      derived: false,
      updated_at: stored.updated_at,
      updated_by_username: setBy?.username ?? null,
      updated_by: setBy ?? null,
    };
  }
  const derived = prioritiesFromPools(await activePlayerPools(db, workspaceId));
  return {
    priorities: derived.map((entry) => ({
      champion_id: entry.champion_id,
      tier: entry.tier,
      positions: [...(entry.positions ?? [])],
      note: "",
    })),
    derived: true,
    updated_at: null,
    updated_by_username: null,
    updated_by: null,
  };
}

/** Replaces the workspace's priorities; an empty list returns to the derived ones. */
export async function setWorkspacePriorities(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  entries: readonly PriorityEntry[],
): Promise<WorkspacePriorities> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_priorities");
  const unique = [...new Map(entries.map((entry) => [entry.champion_id, entry])).values()];
  try {
    await db.transaction().execute((trx) => replaceWorkspacePriorities(trx, workspaceId, userId, unique));
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError(400, "unknown_champion", "A champion in the priorities does not exist.");
    }
    throw error;
  }
  return getWorkspacePriorities(db, userId, workspaceId);
}

/**
 * What the workspace's own team brings to a draft's suggestions (decision records 029, 046): its
 * active players' pools and its priorities (set, or derived from the pools), on `side`, the side
 * that team plays. No member check: the caller decided that the asker may see the team's
 * preparation (a member reading the session, or our team's seat in a live room).
 *
 * @example
 * await workspaceDraftInputs(db, workspaceId, "BLUE");
 * // { pools: { BLUE: [...] }, priorities: { BLUE: [{ champion_id: 7, tier: "S", positions: ["top"] }] } }
 */
export async function workspaceDraftInputs(
  db: Kysely<Database>,
  workspaceId: string,
  side: Side,
): Promise<{
  pools: Partial<Record<Side, PlayerPoolInput[]>>;
  priorities: Partial<Record<Side, PriorityInput[]>>;
}> {
  const [players, stored] = await Promise.all([
    activePlayerPools(db, workspaceId),
    listWorkspacePriorities(db, workspaceId),
  ]);
  const pools = { [side]: players };
  const priorities: PriorityInput[] =
    stored.entries.length > 0
      ? stored.entries.map(({ champion_id, tier, positions }) => ({ champion_id, tier, positions }))
      : prioritiesFromPools(players);
  // Nothing set and nothing to derive: the session creator's own priorities stay in force.
  if (priorities.length === 0) return { pools, priorities: {} };
  return { pools, priorities: { [side]: priorities } };
}

/** The rostered players' records in the imported pro games, by player and champion. */
export async function rosterRecords(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<PoolRecord[]> {
  const roster = await getRoster(db, userId, workspaceId);
  const records = await playerChampionRecords(
    db,
    roster.map((player) => player.name),
  );
  const byName = new Map(roster.map((player) => [player.name.toLowerCase(), player.id]));
  return records.flatMap((record) => {
    const playerId = byName.get(record.player.toLowerCase());
    return playerId === undefined
      ? []
      : [{ player_id: playerId, champion_id: record.champion_id, games: record.games, wins: record.wins }];
  });
}

/**
 * The known pools of a team the user practises against (decision record 029): the active roster
 * of a workspace the user is a member of whose linked league team has that name. Another team's
 * prep stays private: a workspace the user is not in gives nothing.
 *
 * @example
 * await poolsOfTeamNamed(db, userId, "T1 Academy"); // [{ player: "Zeus", position: "top", ... }] or []
 */
export async function poolsOfTeamNamed(
  db: Kysely<Database>,
  userId: number,
  teamName: string,
): Promise<PlayerPoolInput[]> {
  for (const workspaceId of await activeWorkspaceIds(db, userId)) {
    const workspace = await findWorkspace(db, workspaceId);
    if (!workspace || workspace.team_id === null) continue;
    const { names } = await teamsForDraft(db, userId, [Number(workspace.team_id)]);
    if (names.get(Number(workspace.team_id))?.toLowerCase() !== teamName.toLowerCase()) continue;
    return activePlayerPools(db, workspaceId);
  }
  return [];
}
