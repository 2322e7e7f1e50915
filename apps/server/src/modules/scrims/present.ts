import {
  DEFAULT_DRAFT_FORMAT,
  type DraftAction,
  type DraftFormatSpecBody,
  type FirstSelection,
  type Scrim,
  type ScrimGame,
  type ScrimTeamFigures,
  type UserRef,
} from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toIso } from "../../db/values.ts";
import { planRef } from "../draft-plans/service.ts";
import { getSession, sessionActions } from "../drafts/service.ts";
import { type AccessDecision, peopleOf } from "../workspaces/service.ts";
import { ownRosterIds, playsIn } from "./access.ts";
import { type GameRow, listGames, listPlayers, type PlayerRow, type ScrimRow } from "./repository.ts";
import { byPosition, lineOf, opponentKey, titleOf } from "./rows.ts";

/**
 * A scrim as the API shows it: its games with their drafts (read through the drafts service),
 * results, verdicts and the plans followed, and what the caller may do with each.
 */

interface DraftView {
  complete: boolean;
  steps: ScrimGame["draft"];
  firstPickSide: Side | null;
}

async function draftView(db: Kysely<Database>, sessionId: string | null): Promise<DraftView> {
  if (!sessionId) return { complete: false, steps: [], firstPickSide: null };
  const [session, actions] = await Promise.all([
    getSession(db, null, sessionId),
    sessionActions(db, sessionId),
  ]);
  if (!session) return { complete: false, steps: [], firstPickSide: null };
  return {
    complete: session.status === "complete",
    steps: actions.map((a: DraftAction) => ({
      step: a.phase_number,
      type: a.action_type,
      side: a.team_side,
      champion_id: a.champion_id,
    })),
    firstPickSide:
      actions.find((a) => a.action_type === "PICK")?.team_side ?? session.format.first_pick ?? null,
  };
}

async function presentGame(
  db: Kysely<Database>,
  row: ScrimRow,
  game: GameRow,
  players: readonly PlayerRow[],
  users: ReadonlyMap<number, UserRef>,
  canEnter: boolean,
): Promise<ScrimGame> {
  const view = await draftView(db, game.session_id);
  const plan = game.plan_id ? await planRef(db, game.plan_id) : undefined;
  const hasResult = game.result_source !== null;
  return {
    id: game.id,
    number: Number(game.number),
    status: game.status,
    patch: game.patch ?? row.patch,
    session_id: game.session_id,
    room_id: game.room_id,
    draft_source: game.draft_source,
    draft_complete: view.complete,
    draft: view.steps,
    our_side: game.our_side,
    first_pick_side: view.firstPickSide,
    result: hasResult
      ? {
          winner: game.winner,
          duration_seconds: game.duration_seconds === null ? null : Number(game.duration_seconds),
          figures: (fromJson<ScrimTeamFigures>(game.figures) ?? {}) as ScrimTeamFigures,
          players: players.map(lineOf).sort(byPosition),
          source: game.result_source!,
          provider: game.result_provider,
          entered_by:
            game.result_entered_by === null ? null : (users.get(Number(game.result_entered_by)) ?? null),
          entered_at: toIso(game.result_entered_at),
          corrections: Number(game.result_corrections),
        }
      : null,
    verdict: game.verdict,
    tags: fromJson<string[]>(game.tags) ?? [],
    position_notes: fromJson<ScrimGame["position_notes"]>(game.position_notes) ?? {},
    notes: game.notes,
    plan:
      game.plan_id && plan
        ? {
            id: game.plan_id,
            name: plan.title,
            version: game.plan_version === null ? null : Number(game.plan_version),
            branch_id: game.branch_id,
            branch_label: game.branch_label,
            source: game.plan_source ?? "manual",
          }
        : null,
    can_enter_result: canEnter,
    updated_at: toIso(game.updated_at),
  };
}

function scoreOf(games: readonly GameRow[]) {
  let us = 0;
  let them = 0;
  for (const game of games) {
    if (game.status !== "played") continue;
    if (game.winner === "us") us++;
    else if (game.winner === "them") them++;
  }
  return { us, them };
}

export function summaryFields(
  row: ScrimRow,
  users: ReadonlyMap<number, UserRef>,
  games: readonly GameRow[],
  canEdit: boolean,
) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    kind: row.kind,
    title: titleOf(row),
    untitled: !row.title,
    opponent: {
      team_id: row.opponent_team_id === null ? null : Number(row.opponent_team_id),
      name: row.opponent_name,
      contact_note: row.opponent_contact,
      key: opponentKey(row),
    },
    starts_at: toIso(row.starts_at),
    time_zone: row.time_zone,
    games_count: Number(row.games_count),
    status: row.status,
    patch: row.patch,
    notes: row.notes,
    series_id: row.series_id,
    score: scoreOf(games),
    created_by: row.created_by === null ? null : (users.get(Number(row.created_by)) ?? null),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    can_edit: canEdit,
  };
}

export async function present(
  db: Kysely<Database>,
  userId: number,
  row: ScrimRow,
  access: AccessDecision,
): Promise<Scrim> {
  const games = await listGames(db, [row.id]);
  const players = await listPlayers(
    db,
    games.map((g) => g.id),
  );
  // The people the scrim names (its creator, who entered a result), as its workspace shows them.
  const users = await peopleOf(db, row.workspace_id, [
    row.created_by,
    ...games.map((g) => g.result_entered_by),
  ]);
  const canEdit = access.may("edit_scrims");
  const mayEnter = access.may("enter_results");
  const own = !canEdit && mayEnter ? await ownRosterIds(db, userId, row.workspace_id) : new Set<string>();
  const presented: ScrimGame[] = [];
  for (const game of games) {
    const lines = players.filter((p) => p.game_id === game.id);
    const canEnter = canEdit || (mayEnter && playsIn(own, row, lines));
    presented.push(await presentGame(db, row, game, lines, users, canEnter));
  }
  return {
    ...summaryFields(row, users, games, canEdit),
    rules: {
      mode: row.mode,
      fearless_rule: fromJson(row.fearless_rule) ?? null,
      first_selection: fromJson<FirstSelection | null>(row.first_selection) ?? null,
      timers: { turn_seconds: Number(row.turn_seconds), bank_seconds: Number(row.bank_seconds) },
      format: fromJson<DraftFormatSpecBody>(row.format) ?? DEFAULT_DRAFT_FORMAT,
    },
    lineup: fromJson<string[]>(row.lineup) ?? [],
    games: presented,
  };
}
