import type { ActionCreateBody, DraftAction } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { listActionsOwned } from "./repository.ts";
import { draftRooms } from "./room-link.ts";
import { notFound, roomRejection } from "./service.ts";

/**
 * The session owner's own steps (REST): each runs as a room command, as a captain's WebSocket lock
 * does, so the live room stays the one writer of a draft's actions. The rooms module reads drafts
 * through their service, so the command is reached through the rooms side the app registers at
 * start (room-link.ts; decision records 025, 039), not an import.
 */

/**
 * Takes the next step as the session's owner: the same room command a captain's WebSocket lock
 * runs (the owner holds both captain seats of the session's solo room).
 */
export async function addAction(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  body: ActionCreateBody,
): Promise<DraftAction> {
  const result = await draftRooms().ownerCommand(
    db,
    { sessionId, userId },
    { type: "lock", step: body.phase_number, champion_id: body.champion_id },
    {
      expect: { action_type: body.action_type, team_side: body.team_side },
      // A pick the owner's timer made is stored as automatic, like one the server's clock makes.
      auto: body.is_auto === true,
    },
  );
  if (!result.ok) {
    throw await roomRejection(db, sessionId, result.code, {
      championId: body.champion_id,
      side: body.team_side,
    });
  }
  if (!result.action) throw notFound();
  return result.action;
}

/**
 * Swaps the champion of a saved action in place (a misclick fix), keeping every later action:
 * the draft with the new champion must still be legal for the engine, else 409.
 */
export async function replaceActionChampion(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  actionId: number,
  championId: number,
): Promise<DraftAction> {
  const actions = await listActionsOwned(db, userId, sessionId);
  if (!actions) throw notFound();
  const target = actions.find((action) => action.id === actionId);
  if (!target) throw new AppError(404, "not_found", "Draft action not found.");
  if (target.champion_id === championId) return target;
  const result = await draftRooms().ownerCommand(
    db,
    { sessionId, userId },
    {
      type: "correct",
      step: target.phase_number,
      champion_id: championId,
    },
  );
  if (!result.ok) {
    throw await roomRejection(db, sessionId, result.code, { championId, side: target.team_side });
  }
  if (!result.action) throw new AppError(404, "not_found", "Draft action not found.");
  return result.action;
}

/** "Modify from this point": removes the action and every later one; returns what remains. */
export async function truncateFromAction(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  actionId: number,
): Promise<DraftAction[]> {
  const actions = await listActionsOwned(db, userId, sessionId);
  if (!actions) throw notFound();
  const target = actions.find((action) => action.id === actionId);
  if (!target) throw new AppError(404, "not_found", "Draft action not found.");
  const result = await draftRooms().ownerCommand(
    db,
    { sessionId, userId },
    {
      type: "rewind",
      step: target.phase_number,
    },
  );
  if (!result.ok) throw await roomRejection(db, sessionId, result.code);
  return [...result.actions];
}
