import type {
  FirstSelection,
  ScrimLedgerFilters,
  ScrimLedgerRow,
  ScrimTeamFigures,
} from "@draftroom/contracts";
import { scrimLedgerQuerySchema } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toIso } from "../../db/values.ts";
import { planRef } from "../draft-plans/service.ts";
import { actionsOfSessions } from "../drafts/service.ts";
import { requireWorkspaceRole } from "../workspaces/service.ts";
import { listPlayers, ledgerRows as loadLedgerRows, type PlayerRow } from "./repository.ts";
import { byPosition, lineOf, opponentKey, otherSide, titleOf } from "./rows.ts";

/**
 * The ledger of a workspace for the filters, one flat row per game (members with `read`; another
 * workspace's id is 404). Analytics and the CSV export compute from these rows only.
 */
export async function ledger(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  filters: ScrimLedgerFilters,
): Promise<{ kind: "scrim" | "official" | "all"; mixed: boolean; rows: ScrimLedgerRow[] }> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const query = scrimLedgerQuerySchema.parse(filters);
  return {
    kind: query.kind,
    mixed: query.kind === "all",
    rows: await workspaceLedgerRows(db, workspaceId, filters),
  };
}

/**
 * The ledger rows without an access check, for a caller that already made one (the analytics of
 * the same request). Drafts are read through the drafts service, 500 sessions a read.
 */
export async function workspaceLedgerRows(
  db: Kysely<Database>,
  workspaceId: string,
  filters: ScrimLedgerFilters,
): Promise<ScrimLedgerRow[]> {
  const query = scrimLedgerQuerySchema.parse(filters);
  const { scrims, games } = await loadLedgerRows(db, workspaceId, query);
  const byId = new Map(scrims.map((s) => [s.id, s]));
  const players = await listPlayers(
    db,
    games.map((g) => g.id),
  );
  const linesOf = new Map<string, PlayerRow[]>();
  for (const p of players) linesOf.set(p.game_id, [...(linesOf.get(p.game_id) ?? []), p]);
  // Every linked draft in a few reads: a ledger of thousands of games stays one round trip per 500.
  const drafts = await actionsOfSessions(
    db,
    games.flatMap((g) => (g.session_id ? [g.session_id] : [])),
  );
  const planNames = new Map<string, string | null>();
  const gamesOf = new Map<string, typeof games>();
  for (const game of games) gamesOf.set(game.scrim_id, [...(gamesOf.get(game.scrim_id) ?? []), game]);
  const rows: ScrimLedgerRow[] = [];
  for (const scrim of scrims) {
    for (const game of (gamesOf.get(scrim.id) ?? []).sort((a, b) => Number(a.number) - Number(b.number))) {
      const patch = game.patch ?? scrim.patch;
      if (query.patch && patch !== query.patch) continue;
      const actions = game.session_id ? (drafts.get(game.session_id) ?? []) : [];
      const ours = game.our_side;
      const picks = (side: Side | null) =>
        actions.filter((a) => a.action_type === "PICK" && a.team_side === side && a.champion_id !== null);
      const bans = (side: Side | null) =>
        actions.filter((a) => a.action_type === "BAN" && a.team_side === side && a.champion_id !== null);
      const firstPick = actions.find((a) => a.action_type === "PICK");
      const theirs = ours === null ? null : otherSide(ours);
      if (game.plan_id && !planNames.has(game.plan_id)) {
        planNames.set(game.plan_id, (await planRef(db, game.plan_id))?.title ?? null);
      }
      const s = byId.get(game.scrim_id)!;
      rows.push({
        scrim_id: s.id,
        scrim_title: titleOf(s),
        scrim_untitled: !s.title,
        kind: s.kind,
        starts_at: toIso(s.starts_at),
        time_zone: s.time_zone,
        opponent_key: opponentKey(s),
        opponent_name: s.opponent_name,
        game_id: game.id,
        game_number: Number(game.number),
        status: game.status,
        patch,
        our_side: ours,
        winner: game.status === "played" ? game.winner : null,
        duration_seconds: game.duration_seconds === null ? null : Number(game.duration_seconds),
        we_first_picked: ours === null || !firstPick ? null : firstPick.team_side === ours,
        first_selection: fromJson<FirstSelection | null>(s.first_selection) ?? null,
        our_first_pick_champion_id: picks(ours)[0]?.champion_id ?? null,
        our_picks: picks(ours).map((a) => a.champion_id!),
        their_picks: picks(theirs).map((a) => a.champion_id!),
        our_bans: bans(ours).map((a) => a.champion_id!),
        their_bans: bans(theirs).map((a) => a.champion_id!),
        plan_id: game.plan_id,
        plan_name: game.plan_id ? (planNames.get(game.plan_id) ?? null) : null,
        branch_id: game.branch_id,
        branch_label: game.branch_label,
        verdict: game.verdict,
        tags: fromJson<string[]>(game.tags) ?? [],
        figures: (fromJson<ScrimTeamFigures>(game.figures) ?? {}) as ScrimTeamFigures,
        players: (linesOf.get(game.id) ?? []).map(lineOf).sort(byPosition),
        result_source: game.result_source,
      });
    }
  }
  return rows;
}
