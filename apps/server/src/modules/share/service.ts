import type { DraftSession, ImageQuery } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { championPool } from "../champions/service.ts";
import { getPlan } from "../draft-plans/service.ts";
import { createImportedSession, getSession, notFound, ownedSessionActions } from "../drafts/service.ts";
import { publicDraftDelayed, publicSeries } from "../rooms/series/public.ts";
import { getSeries, seriesRef } from "../series/service.ts";
import { rosterNamesOfSession, rosterNamesOfTeams } from "../workspaces/roster.ts";
import { draftCard, seriesCard } from "./card-model.ts";
import { draftExport, seriesExport } from "./export.ts";
import { validateDraftImport } from "./import.ts";
import { planSheetCard } from "./plan-sheet.ts";
import type { CardRenderer, RenderedCard, RenderOptions } from "./renderer.ts";

/**
 * Sharing drafts and series: images, JSON export and import. `userId: null` reads as the public
 * view does (anyone holding the id); a number reads only that user's draft or series, so another
 * user's id is a 404 like everywhere else.
 */

async function loadDraft(db: Kysely<Database>, userId: number | null, sessionId: string) {
  const session = await getSession(db, userId, sessionId);
  if (!session) throw notFound();
  // Anyone with the link sees a live room's draft as it stood `delay` ago, as in the public view.
  const delayed = userId === null ? await publicDraftDelayed(db, session.id) : null;
  if (delayed) return delayed;
  const actions = (await ownedSessionActions(db, userId, session.id)) ?? [];
  return { session, actions };
}

export async function draftImage(
  db: Kysely<Database>,
  renderer: CardRenderer,
  userId: number | null,
  sessionId: string,
  query: ImageQuery,
  options: RenderOptions = {},
): Promise<RenderedCard> {
  const { session, actions } = await loadDraft(db, userId, sessionId);
  const players = await rosterNamesOfSession(db, session.id);
  return renderer.render(draftCard(session, actions, players), query, options);
}

export async function seriesImage(
  db: Kysely<Database>,
  renderer: CardRenderer,
  userId: number | null,
  seriesId: string,
  query: ImageQuery,
  options: RenderOptions = {},
): Promise<RenderedCard> {
  // Anyone with the link sees the series as its public view does: under the room's delay.
  const series = userId === null ? await publicSeries(db, seriesId) : await getSeries(db, userId, seriesId);
  const ref = await seriesRef(db, series.id);
  const players = await rosterNamesOfTeams(db, ref?.workspace_id ?? null, {
    A: series.team_a.id,
    B: series.team_b.id,
  });
  return renderer.render(seriesCard(series, players), query, options);
}

/**
 * A draft plan as a one-page printable PNG sheet (decision 027): only for readers of the plan (the
 * draft-plans service decides; others get its 404), drawn by the same bounded render pool.
 */
export async function planImage(
  db: Kysely<Database>,
  renderer: CardRenderer,
  userId: number,
  planId: string,
  query: ImageQuery,
): Promise<RenderedCard> {
  const [plan, champions] = await Promise.all([getPlan(db, userId, planId), championPool(db)]);
  return renderer.render(planSheetCard(plan.content, champions, query.lang), query);
}

export async function exportDraft(db: Kysely<Database>, userId: number, sessionId: string) {
  const { session, actions } = await loadDraft(db, userId, sessionId);
  return { title: session.title, body: draftExport(session, actions) };
}

export async function exportSeries(db: Kysely<Database>, userId: number, seriesId: string) {
  const series = await getSeries(db, userId, seriesId);
  return { title: series.title, body: seriesExport(series) };
}

/**
 * Checks an exported draft and stores it as a new session of the user, or in `workspaceId` (the
 * caller checked the user may write drafts there); 400 `import_invalid` lists the problems.
 */
export async function importDraft(
  db: Kysely<Database>,
  userId: number,
  body: unknown,
  workspaceId?: string,
): Promise<DraftSession> {
  const pool = await championPool(db);
  const imported = validateDraftImport(
    body,
    new Map(pool.map((champion) => [champion.champion_key, champion.id])),
  );
  const { file } = imported;
  return createImportedSession(
    db,
    userId,
    {
      title: file.title,
      description: file.description,
      league: file.league,
      blue: file.blue_team,
      red: file.red_team,
      settings: file.settings,
      format: file.draft_format,
      winner: file.winner,
      actions: imported.actions,
      state: imported.state,
    },
    workspaceId ? { workspaceId } : {},
  );
}
