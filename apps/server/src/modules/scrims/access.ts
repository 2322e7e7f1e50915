import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { requireItemRole } from "../workspaces/access.ts";
import { getRoster } from "../workspaces/roster.ts";
import type { AccessDecision } from "../workspaces/service.ts";
import { findGame, findScrim, type PlayerRow, type ScrimRow } from "./repository.ts";

/**
 * Who may reach a scrim and its games (decision 044): members read; `edit_scrims` (owner, coach,
 * analyst) changes anything; `enter_results` lets a player enter the result of a game they are on
 * the lineup of. Anyone outside the scrim's workspace gets the scrim's 404, word for word a missing
 * id's.
 */

const scrimNotFound = () => new AppError(404, "not_found", "Scrim not found.");
const gameNotFound = () => new AppError(404, "not_found", "Scrim game not found.");

export interface ScrimAccess {
  row: ScrimRow;
  access: AccessDecision;
}

/** The scrim when the caller may do `capability` in its workspace (else its 404 or the role's 403). */
export async function accessScrim(
  db: Kysely<Database>,
  userId: number,
  id: string,
  capability: "read" | "edit_scrims" | "enter_results",
): Promise<ScrimAccess> {
  const row = await findScrim(db, id);
  if (!row) throw scrimNotFound();
  const access = await requireItemRole(db, userId, row.workspace_id, capability, scrimNotFound);
  return { row, access };
}

/** The roster player ids linked to `userId` in a workspace (a player's "own" lineup entries). */
export async function ownRosterIds(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<Set<string>> {
  const roster = await getRoster(db, userId, workspaceId);
  return new Set(roster.filter((player) => player.user_id === userId).map((player) => player.id));
}

/** Is the caller on this game's side: on the scrim's lineup, or named in the game's result? */
export function playsIn(own: ReadonlySet<string>, row: ScrimRow, players: readonly PlayerRow[]): boolean {
  if (own.size === 0) return false;
  const lineup = fromJson<string[]>(row.lineup) ?? [];
  return (
    lineup.some((id) => own.has(id)) || players.some((p) => p.roster_player_id && own.has(p.roster_player_id))
  );
}

/** A game of a scrim the caller may do `capability` in: the scrim's 404 or 403 first, then the game's 404. */
export async function accessGame(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  capability: "read" | "edit_scrims" | "enter_results",
) {
  const scrim = await accessScrim(db, userId, scrimId, capability);
  const game = await findGame(db, scrimId, gameId);
  if (!game) throw gameNotFound();
  return { ...scrim, game };
}
