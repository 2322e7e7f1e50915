import { type Language, ROUTES, type ScrimResultBody, scrimResultBodySchema } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso, toIso, toJson } from "../../db/values.ts";
import type { CalendarEntry } from "../integrations/calendar.ts";
import type { LedgerFileOutcome, LedgerScrim } from "../integrations/ledger-link.ts";
import { calendarWords } from "./calendar-words.ts";
import {
  claimEmptyResult,
  findScrim,
  insertAudit,
  listGames,
  replacePlayers,
  type ScrimRow,
  scrimsFrom,
  updateScrimRow,
} from "./repository.ts";
import { resultOnDraft } from "./result-on-draft.ts";
import { byPosition, statusAfterResult, titleIn, titleOf } from "./rows.ts";
import { scrimChanged } from "./scrim-changed.ts";

/**
 * The scrim ledger as the integrations see it (decision 057): its scrims as calendar events, a
 * scrim with its games, and filing an imported result (a tournament code's game, a Match-V5
 * game). app.ts registers these functions with the integrations module (decision 039): the
 * integrations import nothing of the ledger, and the ledger only their types.
 */

/** A game lasts about this long in a calendar (a block of N games is N times it). */
const GAME_MINUTES = 45;
/** The feed lists scrims from this many days back (older ones stay in the ledger). */
const FEED_DAYS_BACK = 90;

function entryOf(row: ScrimRow, language: Language): CalendarEntry {
  const startsAt = toIso(row.starts_at);
  const games = Number(row.games_count);
  const words = calendarWords(language);
  return {
    uid: `scrim-${row.id}@draftroom`,
    // A title the staff wrote, as written (an official match's marked as one); none, the
    // default in the member's language.
    title: row.title && row.kind === "official" ? words.official(row.title) : titleIn(row, language),
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + games * GAME_MINUTES * 60_000).toISOString(),
    timeZone: row.time_zone,
    status: row.status === "cancelled" ? "cancelled" : row.status === "planned" ? "tentative" : "confirmed",
    sequence: Number(row.calendar_sequence),
    updatedAt: toIso(row.updated_at),
    description: words.description({
      kind: row.kind,
      opponent: row.opponent_name,
      games,
      planned: row.status === "planned",
    }),
    path: ROUTES.scrim(row.workspace_id, row.id),
  };
}

/** The calendar source of the ledger: a workspace's scrims and official matches. */
export async function scrimCalendarEntries(
  db: Kysely<Database>,
  workspaceId: string,
  language: Language,
): Promise<CalendarEntry[]> {
  const from = new Date(Date.now() - FEED_DAYS_BACK * 86_400_000).toISOString();
  return (await scrimsFrom(db, workspaceId, from)).map((row) => entryOf(row, language));
}

export async function ledgerScrim(db: Kysely<Database>, scrimId: string): Promise<LedgerScrim | undefined> {
  const row = await findScrim(db, scrimId);
  if (!row) return undefined;
  const games = await listGames(db, [row.id]);
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    title: titleOf(row),
    untitled: !row.title,
    kind: row.kind,
    status: row.status,
    startsAt: toIso(row.starts_at),
    timeZone: row.time_zone,
    opponentName: row.opponent_name,
    games: games.map((game) => ({
      id: game.id,
      number: Number(game.number),
      roomId: game.room_id,
      sessionId: game.session_id,
      ourSide: game.our_side,
      status: game.status,
      winner: game.winner,
      resultSource: game.result_source,
      resultProvider: game.result_provider,
    })),
  };
}

/**
 * Files an imported result into a game without one (one conditional update: Riot's retries and a
 * second process file it once), audited as an import (no actor), and says so in the workspace's
 * feed. A game that has a result keeps it.
 */
export async function fileImportedResult(
  db: Kysely<Database>,
  game: {
    workspaceId: string;
    scrimId: string;
    gameNumber: number;
    result: ScrimResultBody;
    provider: string;
    matchId: string;
  },
): Promise<LedgerFileOutcome> {
  const row = await findScrim(db, game.scrimId);
  if (!row || row.workspace_id !== game.workspaceId) return "missing";
  const target = (await listGames(db, [row.id])).find((g) => Number(g.number) === game.gameNumber);
  if (!target) return "missing";
  const input = scrimResultBodySchema.parse(game.result);
  const ourSide = input.our_side ?? target.our_side;
  const lines = input.players.map((p) => ({ game_id: target.id, ...p }));
  const now = nowIso();
  const filed = await db.transaction().execute(async (trx) => {
    const claimed = await claimEmptyResult(trx, target.id, {
      status: input.status,
      winner: input.winner,
      our_side: ourSide,
      duration_seconds: input.duration_seconds,
      figures: toJson(input.figures),
      result_source: "imported",
      result_provider: game.provider,
      result_entered_by: null,
      result_entered_at: now,
      result_corrections: 0,
      updated_at: now,
    });
    if (!claimed) return false;
    await replacePlayers(trx, target.id, lines);
    const status = statusAfterResult(row.status, input.status);
    if (status !== row.status) await updateScrimRow(trx, row.id, { status });
    await insertAudit(trx, {
      game_id: target.id,
      action: "result_entered",
      actor_id: null,
      before: null,
      after: {
        status: input.status,
        winner: input.winner,
        our_side: ourSide,
        duration_seconds: input.duration_seconds,
        figures: input.figures,
        players: lines.map(({ game_id: _, ...line }) => line).sort(byPosition),
        source: "imported",
        provider: game.provider,
        match_id: game.matchId,
      },
    });
    await resultOnDraft(trx, row.id, target.id);
    return true;
  });
  if (!filed) return "kept";
  await scrimChanged(db, row, null);
  return "filed";
}
