import {
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  type DraftFormatSpecBody,
  gameDraftTitle,
  type Scrim,
  type ScrimDraftLogBody,
  scrimDraftLogBodySchema,
} from "@draftroom/contracts";
import {
  applyAction,
  BEST_OF,
  type BestOf,
  buildFormat,
  createDraft,
  type DraftActionInput,
  type DraftState,
  type Side,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { languageOf } from "../accounts/service.ts";
import { championPool } from "../champions/service.ts";
import { followedPlanOfRoom } from "../draft-plans/live.ts";
import { createImportedSession, getSession, sessionActions, sessionOwnerId } from "../drafts/service.ts";
import { openSeriesRoom } from "../rooms/series/service.ts";
import { openLiveRoom, roomOfSession } from "../rooms/service.ts";
import { createNamedSeries } from "../series/service.ts";
import { validateDraftImport } from "../share/import.ts";
import { workspaceRef } from "../workspaces/service.ts";
import { accessGame } from "./access.ts";
import { scrimGameOfSession } from "./game-of-session.ts";
import { present } from "./present.ts";
import {
  findScrim,
  insertAudit,
  listAudit,
  listGames,
  lockGame,
  type ScrimRow,
  updateGame,
  updateScrimRow,
} from "./repository.ts";
import { resultOnDraft } from "./result-on-draft.ts";
import { otherSide, titleIn } from "./rows.ts";
import { scrimChanged } from "./scrim-changed.ts";

/**
 * A scrim game's draft (decision 050): the rooms prepared for its games (a live room each, or one
 * fearless series), a draft logged or imported after the fact, and a finished room's draft attached
 * to its game. Every draft lives in the drafts, rooms and series services, never their tables.
 */

/** Our side in game `number`: the one asked for game 1, then alternating (the room may differ). */
const sideOfGame = (first: Side, number: number): Side => (number % 2 === 1 ? first : otherSide(first));

/** A game's draft settings: both turns on the scrim's turn time, advancing on their own. */
const draftSettingsOf = (row: ScrimRow) => ({
  ban_timer: Number(row.turn_seconds),
  pick_timer: Number(row.turn_seconds),
  auto_advance: true,
});

/** Our team's name in the drafts: the workspace's. */
async function usName(db: Kysely<Database>, workspaceId: string): Promise<string> {
  return (await workspaceRef(db, workspaceId))?.title ?? "Us";
}

/**
 * Opens the games' rooms from game `from` on: a live room per game (normal), or the fearless
 * series and its room (once, for game 1; later games' drafts are the series' next games and
 * attach when they finish). A room that cannot open is skipped: the game can still be logged.
 */
export async function prepareRooms(
  db: Kysely<Database>,
  userId: number,
  row: ScrimRow,
  from: number,
): Promise<void> {
  const games = (await listGames(db, [row.id])).filter((g) => g.number >= from && g.session_id === null);
  const us = await usName(db, row.workspace_id);
  const format = fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT;
  const settings = { turnMs: Number(row.turn_seconds) * 1000, bankMs: Number(row.bank_seconds) * 1000 };
  // The series and the drafts are titled here (the series numbers its games), in the maker's language.
  const language = await languageOf(db, userId);
  const title = titleIn(row, language);
  if (row.mode === "fearless") {
    if (row.series_id !== null || from > 1) return;
    try {
      const count = Number(row.games_count);
      const bestOf = (BEST_OF.find((n) => n >= count) ?? 7) as BestOf;
      const series = await createNamedSeries(db, userId, {
        title,
        teamAName: us,
        teamBName: row.opponent_name,
        bestOf,
        // A scrim plays every planned game; an official match ends when it is won.
        playAll: row.kind === "scrim",
        rule: fromJson(row.fearless_rule) ?? { from: "picks", scope: "both", reset_last_game: false },
        firstBlue: row.our_side === "BLUE" ? "A" : "B",
        format,
        settings: {
          ban_timer: DEFAULT_DRAFT_SETTINGS.ban_timer,
          pick_timer: DEFAULT_DRAFT_SETTINGS.pick_timer,
          auto_advance: true,
        },
        workspaceId: row.workspace_id,
      });
      const room = await openSeriesRoom(db, userId, series.id, { ...settings, ourSide: row.our_side });
      const first = series.games[0];
      await db.transaction().execute(async (trx) => {
        await updateScrimRow(trx, row.id, { series_id: series.id, updated_at: nowIso() });
        for (const game of games) await updateGame(trx, game.id, { room_id: room.id, updated_at: nowIso() });
        const one = games.find((g) => g.number === 1);
        if (one && first) {
          await updateGame(trx, one.id, {
            session_id: first.session_id,
            draft_source: "series",
            our_side: row.our_side,
          });
        }
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return;
  }
  const pool = await championPool(db);
  for (const game of games) {
    const side = sideOfGame(row.our_side, game.number);
    try {
      const state = createDraft({ format: buildFormat(format), championIds: pool.map((c) => c.id) });
      const session = await createImportedSession(
        db,
        userId,
        {
          title: gameDraftTitle(title, game.number, language),
          description: "",
          league: null,
          blue: { id: null, name: side === "BLUE" ? us : row.opponent_name },
          red: { id: null, name: side === "RED" ? us : row.opponent_name },
          settings: draftSettingsOf(row),
          format,
          winner: null,
          actions: [],
          state,
        },
        { workspaceId: row.workspace_id },
      );
      const room = await openLiveRoom(db, userId, session.id, { ...settings, ourSide: side });
      await updateGame(db, game.id, {
        session_id: session.id,
        room_id: room.id,
        draft_source: "room",
        our_side: side,
        updated_at: nowIso(),
      });
    } catch (error) {
      // The creator's draft limit or a read-only workspace: this game is logged after the fact.
      if (!(error instanceof AppError)) throw error;
      return;
    }
  }
}

/** The champion keys of this install (a file names champions by key). */
async function championKeys(db: Kysely<Database>) {
  const pool = await championPool(db);
  return { ids: pool.map((c) => c.id), byKey: new Map(pool.map((c) => [c.champion_key, c.id])) };
}

/**
 * Logs a game's draft after the fact (`edit_scrims`): the picks and bans in the format's order,
 * or a Draftroom JSON export, checked by packages/draft (409 with the rule's code, 400
 * `import_invalid` for a bad file). The draft becomes a session of the workspace that the game
 * links; a game whose linked draft already has picks or bans is refused (409).
 */
export async function logGameDraft(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  request: ScrimDraftLogBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const body = scrimDraftLogBodySchema.parse(request);
  if (game.session_id && (await sessionActions(db, game.session_id)).length > 0) {
    throw new AppError(409, "scrim_game_has_draft", "This game already has a draft: correct it in its room.");
  }
  const us = await usName(db, row.workspace_id);
  const ourSide = body.our_side;
  const names = {
    blue: { id: null, name: ourSide === "BLUE" ? us : row.opponent_name },
    red: { id: null, name: ourSide === "RED" ? us : row.opponent_name },
  };
  const language = await languageOf(db, userId);
  const title = gameDraftTitle(titleIn(row, language), game.number, language);
  let input: Parameters<typeof createImportedSession>[2];
  let source: "logged" | "imported";
  if ("file" in body) {
    const { byKey } = await championKeys(db);
    const imported = validateDraftImport(body.file, byKey);
    input = {
      title,
      description: imported.file.description,
      league: null,
      ...names,
      settings: imported.file.settings,
      format: imported.file.draft_format,
      winner: null,
      actions: imported.actions,
      state: imported.state,
    };
    source = "imported";
  } else {
    const format = body.format ?? fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT;
    const { ids } = await championKeys(db);
    const { state, actions } = replayLogged(format, ids, body.actions);
    input = {
      title,
      description: "",
      league: null,
      ...names,
      settings: draftSettingsOf(row),
      format,
      winner: null,
      actions,
      state,
    };
    source = "logged";
  }
  if (input.state.actions.length < input.state.format.steps.length) {
    throw new AppError(
      409,
      "draft_incomplete",
      "Every step of the draft needs its champion (or a skipped ban).",
    );
  }
  const session = await createImportedSession(db, userId, input, { workspaceId: row.workspace_id });
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, {
      session_id: session.id,
      room_id: null,
      draft_source: source,
      our_side: ourSide,
      updated_at: nowIso(),
    });
    await insertAudit(trx, {
      game_id: game.id,
      action: "draft_logged",
      actor_id: userId,
      before: game.session_id ? { session_id: game.session_id } : null,
      after: { session_id: session.id, source },
    });
    // A result typed before the draft was logged: the new draft records who won it.
    await resultOnDraft(trx, scrimId, gameId, { whenResulted: true });
  });
  await scrimChanged(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** Plays the logged steps through the engine; a broken rule is a 409 with its code and the step. */
function replayLogged(
  spec: DraftFormatSpecBody,
  championIds: readonly number[],
  logged: readonly { champion_id: number | null }[],
): { state: DraftState; actions: (DraftActionInput & { is_auto: boolean })[] } {
  let state = createDraft({ format: buildFormat(spec), championIds: [...championIds] });
  const actions: (DraftActionInput & { is_auto: boolean })[] = [];
  for (const [index, step] of logged.entries()) {
    const turn = state.format.steps[index];
    if (!turn) {
      throw new AppError(409, "draft_complete", "The draft has fewer steps than were sent.", {
        [`actions.${index}`]: "The draft is already complete at this step.",
      });
    }
    const action = {
      phase_number: index,
      action_type: turn.type,
      team_side: turn.side,
      champion_id: step.champion_id,
    };
    const result = applyAction(state, action);
    if (!result.ok) {
      throw new AppError(409, result.code, `Step ${index + 1} breaks the draft rules (${result.code}).`, {
        [`actions.${index}`]: `Step ${index + 1} breaks the draft rules (${result.code}).`,
      });
    }
    state = result.state;
    actions.push({ ...action, is_auto: false });
  }
  return { state, actions };
}

/**
 * A draft session's step (a room's or its owner's): once the draft is complete, when a scrim game
 * links it, or it is the next game of a scrim's fearless series, the game gets it with our side
 * and, when our team followed a plan in the room, the plan and branch from plan-vs-actual.
 * Audited as the room's step (no actor).
 */
export async function attachFinishedDraft(db: Kysely<Database>, sessionId: string): Promise<void> {
  const found = await scrimGameOfSession(db, sessionId);
  if (!found) return;
  const { game, row } = found;
  const session = await getSession(db, null, sessionId);
  if (session?.status !== "complete") return;
  // Once per draft: a later step on a finished draft (a correction) does not attach it again.
  if (await attachedTo(db, game.id, sessionId)) return;
  const ownerId = await sessionOwnerId(db, sessionId);
  if (ownerId === undefined) return;
  let ourSide: Side | null = game.our_side;
  let plan: Awaited<ReturnType<typeof followedPlanOfRoom>>;
  try {
    const room = await roomOfSession(db, ownerId, sessionId);
    ourSide = room.our_side ?? ourSide;
    if (room.our_team && ourSide)
      plan = await followedPlanOfRoom(db, room.id, room.our_team, sessionId, ourSide);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const values: Record<string, unknown> = {
    session_id: sessionId,
    draft_source: row.mode === "fearless" ? "series" : "room",
    our_side: ourSide,
    updated_at: nowIso(),
  };
  // A plan a member chose by hand stays: plan-vs-actual only fills an empty one.
  if (plan && game.plan_source !== "manual") {
    Object.assign(values, {
      plan_id: plan.planId,
      plan_version: plan.version,
      branch_id: plan.branchId,
      branch_label: plan.branchLabel,
      plan_source: "plan_vs_actual",
    });
  }
  const attachedNow = await db.transaction().execute(async (trx) => {
    // Several steps can announce the same finished draft at once: the room writes each commit's
    // feed line off the command's path, so the line of the lock before the last can run beside the
    // last's, and it finds the draft finished too. Under the game's row lock only the first writes.
    await lockGame(trx, game.id);
    if (await attachedTo(trx, game.id, sessionId)) return false;
    await updateGame(trx, game.id, values);
    await insertAudit(trx, {
      game_id: game.id,
      action: "draft_attached",
      actor_id: null,
      before: game.session_id && game.session_id !== sessionId ? { session_id: game.session_id } : null,
      after: {
        session_id: sessionId,
        our_side: ourSide,
        plan_id: plan?.planId ?? null,
        branch_id: plan?.branchId ?? null,
      },
    });
    await resultOnDraft(trx, game.scrim_id, game.id, { whenResulted: true });
    return true;
  });
  if (attachedNow) await scrimChanged(db, row, null);
}

/** Has the game's latest `draft_attached` entry this session? */
async function attachedTo(db: Kysely<Database> | Transaction<Database>, gameId: string, sessionId: string) {
  const trail = await listAudit(db, gameId);
  const attached = trail.filter((entry) => entry.action === "draft_attached").at(-1);
  return fromJson<{ session_id?: string } | null>(attached?.after ?? null)?.session_id === sessionId;
}
