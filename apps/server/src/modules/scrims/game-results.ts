import { type Scrim, type ScrimResultBody, scrimResultBodySchema } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { getRoster } from "../workspaces/roster.ts";
import { accessGame, ownRosterIds, playsIn } from "./access.ts";
import { present } from "./present.ts";
import {
  findScrim,
  type GameRow,
  insertAudit,
  listPlayers,
  type PlayerRow,
  replacePlayers,
  updateGame,
  updateScrimRow,
} from "./repository.ts";
import { resultOnDraft } from "./result-on-draft.ts";
import { byPosition, lineOf, noResult, statusAfterResult } from "./rows.ts";
import { scrimChanged } from "./scrim-changed.ts";

/** A scrim game's result: entered, corrected (counted and audited) or cleared. */

/** What a result looked like, for the audit trail and the correction's feed line. */
function resultSnapshot(game: GameRow, players: readonly PlayerRow[]) {
  if (game.result_source === null) return null;
  return {
    status: game.status,
    winner: game.winner,
    our_side: game.our_side,
    duration_seconds: game.duration_seconds === null ? null : Number(game.duration_seconds),
    figures: fromJson(game.figures) ?? {},
    players: players.map(lineOf).sort(byPosition),
    source: game.result_source,
    provider: game.result_provider,
  };
}

/**
 * Enters or corrects a game's result: staff any game, a player a game they are on the lineup of
 * (403 otherwise). A correction counts, keeps the before and after in the audit trail and shows
 * in the workspace's feed.
 */
export async function saveResult(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  body: ScrimResultBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "enter_results");
  const before = await listPlayers(db, [game.id]);
  if (!access.may("edit_scrims")) {
    const own = await ownRosterIds(db, userId, row.workspace_id);
    if (!playsIn(own, row, before)) {
      throw new AppError(403, "forbidden", "Players enter the results of their own games only.");
    }
  }
  const input = scrimResultBodySchema.parse(body);
  const correction = game.result_source !== null;
  const ourSide = input.our_side ?? game.our_side;
  // A roster player's line needs no typed name (the web sends the id only): it is stored with the
  // roster's name, so the analytics' players, the CSV and the audit trail say who played.
  const rosterNames = input.players.some((p) => p.roster_player_id !== null && p.name === "")
    ? new Map((await getRoster(db, userId, row.workspace_id)).map((player) => [player.id, player.name]))
    : new Map<string, string>();
  const lines = input.players.map((p) => ({
    game_id: game.id,
    position: p.position,
    roster_player_id: p.roster_player_id,
    name: p.name || (p.roster_player_id ? (rosterNames.get(p.roster_player_id) ?? "") : ""),
    champion_id: p.champion_id,
    kills: p.kills,
    deaths: p.deaths,
    assists: p.assists,
    gold_at_15: p.gold_at_15,
  }));
  const imported = input.source === "imported";
  const after = {
    status: input.status,
    winner: input.winner,
    our_side: ourSide,
    duration_seconds: input.duration_seconds,
    figures: input.figures,
    players: lines.map(({ game_id: _, ...line }) => line).sort(byPosition),
    source: input.source,
    provider: imported ? input.provider : null,
  };
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, {
      status: input.status,
      winner: input.winner,
      our_side: ourSide,
      duration_seconds: input.duration_seconds,
      figures: toJson(input.figures),
      result_source: input.source,
      result_provider: imported ? input.provider : null,
      result_entered_by: imported ? null : userId,
      result_entered_at: nowIso(),
      result_corrections: correction ? Number(game.result_corrections) + 1 : 0,
      updated_at: nowIso(),
    });
    await replacePlayers(trx, game.id, lines);
    const status = statusAfterResult(row.status, input.status);
    if (status !== row.status) await updateScrimRow(trx, row.id, { status });
    await insertAudit(trx, {
      game_id: game.id,
      action: correction ? "result_corrected" : "result_entered",
      actor_id: userId,
      before: resultSnapshot(game, before),
      after,
    });
    await resultOnDraft(trx, scrimId, gameId);
  });
  await scrimChanged(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** Clears a game's result (`edit_scrims`), audited: the game is scheduled again. */
export async function clearResult(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const before = await listPlayers(db, [game.id]);
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, { ...noResult(), updated_at: nowIso() });
    await replacePlayers(trx, game.id, []);
    await insertAudit(trx, {
      game_id: game.id,
      action: "result_cleared",
      actor_id: userId,
      before: resultSnapshot(game, before),
      after: null,
    });
    await resultOnDraft(trx, scrimId, gameId);
  });
  await scrimChanged(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}
