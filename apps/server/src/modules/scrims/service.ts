import { randomUUID } from "node:crypto";
import {
  DEFAULT_DRAFT_FORMAT,
  type Language,
  type Paginated,
  SCRIM_AGENDA_DUE,
  SCRIM_AGENDA_NEXT,
  SCRIM_TAG_SUGGESTIONS,
  type Scrim,
  type ScrimAgenda,
  type ScrimCreateBody,
  type ScrimListQuery,
  type ScrimSummary,
  type ScrimUpdateBody,
  scrimCreateBodySchema,
} from "@draftroom/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { peopleOf, requireWorkspaceRole } from "../workspaces/service.ts";
import { accessScrim } from "./access.ts";
import { prepareRooms } from "./game-drafts.ts";
import { present, summaryFields } from "./present.ts";
import {
  deleteGamesAbove,
  deleteScrimRow,
  findScrim,
  insertGames,
  insertScrim,
  listGames,
  listScrimRows,
  openScrimRows,
  type ScrimRow,
  updateScrimRow,
  workspaceTags,
} from "./repository.ts";
import { noResult, titleIn } from "./rows.ts";
import { announceScrim } from "./scrim-changed.ts";

/**
 * The scrim ledger (issue 33, decision record 050). A scrim is a workspace item; each of its games
 * links the draft it was played with (a live room's session, a fearless series' game, or a draft
 * logged after the fact) through the drafts, rooms and series services, never their tables, and
 * adds the result, its source, the verdict, tags, notes and the plan followed.
 *
 * This file plans, lists, changes and deletes scrims. A game's draft is in game-drafts.ts, its
 * result in game-results.ts, its review and audit trail in game-reviews.ts; access.ts says who may
 * reach a scrim (decision 044) and present.ts how the API shows it.
 */

// ---- scrims --------------------------------------------------------------------------------------

type CreateInput = ReturnType<typeof scrimCreateBodySchema.parse>;

async function opponentOf(db: Kysely<Database>, opponent: CreateInput["opponent"]) {
  if (opponent.team_id === null) return { team_id: null, name: opponent.name };
  const team = await db
    .selectFrom("teams")
    .select(["id", "name"])
    .where("id", "=", opponent.team_id)
    .executeTakeFirst();
  if (!team) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      "opponent.team_id": "This team does not exist",
    });
  }
  return { team_id: Number(team.id), name: opponent.name || team.name };
}

/**
 * Plans a scrim in a workspace (`edit_scrims` there) and prepares its games: a live room per game,
 * or one fearless series with its room. The scrim and its games are stored first; rooms are
 * opened through the drafts, rooms and series services after, so a room that cannot open (the
 * creator's draft limit) leaves the games to be logged instead, never a half-written scrim.
 */
export async function createScrim(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: ScrimCreateBody,
): Promise<Scrim> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "edit_scrims");
  const input = scrimCreateBodySchema.parse(body);
  const opponent = await opponentOf(db, input.opponent);
  const id = randomUUID();
  const now = nowIso();
  const format = input.rules.format ?? DEFAULT_DRAFT_FORMAT;
  const fearlessRule =
    input.rules.mode === "fearless"
      ? (input.rules.fearless_rule ?? {
          from: "picks" as const,
          scope: "both" as const,
          reset_last_game: false,
        })
      : null;
  await db.transaction().execute(async (trx) => {
    await insertScrim(trx, {
      id,
      workspace_id: workspaceId,
      created_by: userId,
      kind: input.kind,
      title: input.title,
      opponent_team_id: opponent.team_id,
      opponent_name: opponent.name,
      opponent_contact: input.opponent.contact_note,
      starts_at: new Date(input.starts_at).toISOString(),
      time_zone: input.time_zone,
      games_count: input.games_count,
      mode: input.rules.mode,
      fearless_rule: fearlessRule === null ? null : toJson(fearlessRule),
      first_selection: input.rules.first_selection === null ? null : toJson(input.rules.first_selection),
      turn_seconds: input.rules.timers.turn_seconds,
      bank_seconds: input.rules.timers.bank_seconds,
      format: toJson(format),
      status: input.status,
      patch: input.patch || null,
      notes: input.notes,
      lineup: toJson([...new Set(input.lineup)]),
      our_side: input.our_side,
      series_id: null,
      created_at: now,
      updated_at: now,
    });
    await insertGames(trx, gameRows(id, 1, input.games_count, now));
  });
  const row = (await findScrim(db, id))!;
  await announceScrim(db, row, userId, "created");
  if (input.prepare_rooms) await prepareRooms(db, userId, row, 1);
  return present(db, userId, (await findScrim(db, id))!, access);
}

function gameRows(scrimId: string, from: number, to: number, now: string) {
  const rows = [];
  for (let number = from; number <= to; number++) {
    rows.push({
      id: randomUUID(),
      scrim_id: scrimId,
      number,
      ...noResult(),
      patch: null,
      session_id: null,
      room_id: null,
      draft_source: null,
      our_side: null,
      verdict: null,
      tags: toJson([]),
      position_notes: toJson({}),
      notes: "",
      plan_id: null,
      plan_version: null,
      branch_id: null,
      branch_label: null,
      plan_source: null,
      created_at: now,
      updated_at: now,
    });
  }
  return rows;
}

export async function getScrim(db: Kysely<Database>, userId: number, id: string): Promise<Scrim> {
  const { row, access } = await accessScrim(db, userId, id, "read");
  return present(db, userId, row, access);
}

export async function listScrims(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  query: ScrimListQuery,
): Promise<Paginated<ScrimSummary>> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "read");
  const { page, ...filters } = query;
  const { count, rows } = await listScrimRows(db, workspaceId, filters, page);
  const results = await summariesOf(db, workspaceId, rows, access.may("edit_scrims"));
  return { count, next: null, previous: null, results };
}

/** The list's answer for some scrims of one workspace: each with its score and games played. */
async function summariesOf(
  db: Kysely<Database>,
  workspaceId: string,
  rows: readonly ScrimRow[],
  canEdit: boolean,
): Promise<ScrimSummary[]> {
  const games = await listGames(
    db,
    rows.map((r) => r.id),
  );
  const users = await peopleOf(
    db,
    workspaceId,
    rows.map((r) => r.created_by),
  );
  return rows.map((row) => {
    const own = games.filter((g) => g.scrim_id === row.id);
    return {
      ...summaryFields(row, users, own, canEdit),
      mode: row.mode,
      games_played: own.filter((g) => g.status === "played").length,
    };
  });
}

/**
 * What the team has coming and what it owes the ledger (members): the next open blocks, soonest
 * first, and the open ones whose start has passed, whose results are due. A result that says a game
 * took place plays a block (decision 082), so it leaves both lists.
 */
export async function scrimAgenda(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<ScrimAgenda> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "read");
  const now = nowIso();
  const ahead = await openScrimRows(db, workspaceId, now, "ahead", SCRIM_AGENDA_NEXT);
  const past = await openScrimRows(db, workspaceId, now, "past", SCRIM_AGENDA_DUE);
  const canEdit = access.may("edit_scrims");
  return {
    next: await summariesOf(db, workspaceId, ahead.rows, canEdit),
    results_due: await summariesOf(db, workspaceId, past.rows, canEdit),
    results_due_count: past.count,
  };
}

/**
 * Changes a scrim (`edit_scrims`). More games: the new ones are prepared like the first. Fewer:
 * only games without a draft or result may go (409 `scrim_game_has_draft` otherwise).
 */
export async function updateScrim(
  db: Kysely<Database>,
  userId: number,
  id: string,
  body: ScrimUpdateBody,
): Promise<Scrim> {
  const { row, access } = await accessScrim(db, userId, id, "edit_scrims");
  // Every change is a new version of the calendar event (decision 057), counted in the database.
  const values: Record<string, unknown> = {
    updated_at: nowIso(),
    calendar_sequence: sql`calendar_sequence + 1`,
  };
  if (body.kind !== undefined) values.kind = body.kind;
  if (body.title !== undefined) values.title = body.title;
  if (body.opponent !== undefined) {
    const opponent = await opponentOf(db, {
      team_id: body.opponent.team_id ?? null,
      name: body.opponent.name ?? "",
      contact_note: body.opponent.contact_note ?? "",
    });
    values.opponent_team_id = opponent.team_id;
    values.opponent_name = opponent.name;
    values.opponent_contact = body.opponent.contact_note ?? "";
  }
  if (body.starts_at !== undefined) values.starts_at = new Date(body.starts_at).toISOString();
  if (body.time_zone !== undefined) values.time_zone = body.time_zone;
  if (body.status !== undefined) values.status = body.status;
  if (body.patch !== undefined) values.patch = body.patch || null;
  if (body.notes !== undefined) values.notes = body.notes;
  if (body.lineup !== undefined) values.lineup = toJson([...new Set(body.lineup)]);
  const oldCount = Number(row.games_count);
  const newCount = body.games_count ?? oldCount;
  if (newCount < oldCount) {
    const dropped = (await listGames(db, [id])).filter((g) => g.number > newCount);
    if (
      dropped.some(
        (g) => g.result_source !== null || g.draft_source === "logged" || g.draft_source === "imported",
      )
    ) {
      throw new AppError(409, "scrim_game_has_draft", "A game past the new count has a draft or a result.");
    }
  }
  values.games_count = newCount;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateScrimRow(trx, id, values);
    if (newCount < oldCount) await deleteGamesAbove(trx, id, newCount);
    if (newCount > oldCount) await insertGames(trx, gameRows(id, oldCount + 1, newCount, now));
  });
  const updated = (await findScrim(db, id))!;
  await announceScrim(db, updated, userId, "changed");
  if (newCount > oldCount && updated.mode === "normal") await prepareRooms(db, userId, updated, oldCount + 1);
  return present(db, userId, (await findScrim(db, id))!, access);
}

/** Deletes a scrim and its ledger entries (`edit_scrims`); the linked drafts stay with the workspace. */
export async function deleteScrim(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  const { row } = await accessScrim(db, userId, id, "edit_scrims");
  await deleteScrimRow(db, id);
  await announceScrim(db, row, userId, "deleted");
}

// ---- tags, references ---------------------------------------------------------------------------

/** The default tags, then the workspace's own by use (members only). */
export async function tagSuggestions(db: Kysely<Database>, userId: number, workspaceId: string) {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const uses = new Map<string, number>(SCRIM_TAG_SUGGESTIONS.map((tag) => [tag, 0]));
  for (const tags of await workspaceTags(db, workspaceId)) {
    for (const tag of fromJson<string[]>(tags) ?? []) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  }
  const defaults = new Set<string>(SCRIM_TAG_SUGGESTIONS);
  const own = [...uses]
    .filter(([tag]) => !defaults.has(tag))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    suggestions: [
      ...SCRIM_TAG_SUGGESTIONS.map((tag) => ({ tag, uses: uses.get(tag) ?? 0 })),
      ...own.map(([tag, n]) => ({ tag, uses: n })),
    ],
  };
}

/**
 * A scrim's title and workspace (undefined: no such scrim), for the feed and comments: an untitled
 * one named in `language` (the reader's, the feed's), English by default.
 */
export async function scrimRef(
  db: Kysely<Database>,
  id: string,
  language: Language = "en",
): Promise<{ user_id: number; workspace_id: string; title: string } | undefined> {
  const row = await findScrim(db, id);
  if (!row) return undefined;
  return {
    // The feed and comments check membership of the workspace; the creator matters for nothing else.
    user_id: row.created_by === null ? 0 : Number(row.created_by),
    workspace_id: row.workspace_id,
    title: titleIn(row, language),
  };
}
