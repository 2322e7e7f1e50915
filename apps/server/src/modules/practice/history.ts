import type { PracticeTeam } from "@draftroom/contracts";
import {
  buildFormat,
  type DraftActionInput,
  DraftHistoryError,
  draftToStatisticsGame,
  fromActions,
  type Side,
  type StatisticsGame,
  stepOfOrder,
  teamKey,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";

/**
 * The teams a user can practise against and the games behind each one: imported professional
 * games (matched by team name, `teamKey`) and the user's own finished drafts (their league teams'
 * names). Practice drafts never count as a team's history (their teams are not league teams).
 */

interface TeamCount {
  name: string;
  key: string;
  imported: number;
  drafts: number;
  /** Every spelling of the name in the data (they match by key). */
  spellings: Set<string>;
}

async function teamCounts(db: Kysely<Database>, userId: number): Promise<Map<string, TeamCount>> {
  const [blue, red, drafts] = await Promise.all([
    db
      .selectFrom("match_games")
      .select((eb) => ["blue_team as name", eb.fn.countAll().as("games")])
      .groupBy("blue_team")
      .execute(),
    db
      .selectFrom("match_games")
      .select((eb) => ["red_team as name", eb.fn.countAll().as("games")])
      .groupBy("red_team")
      .execute(),
    userDraftRows(db, userId),
  ]);
  const counts = new Map<string, TeamCount>();
  const add = (name: string, imported: number, fromDrafts: number) => {
    const key = teamKey(name);
    if (key === "") return;
    let row = counts.get(key);
    if (!row) {
      row = { name, key, imported: 0, drafts: 0, spellings: new Set() };
      counts.set(key, row);
    }
    row.imported += imported;
    row.drafts += fromDrafts;
    row.spellings.add(name);
  };
  for (const row of [...blue, ...red]) add(String(row.name), Number(row.games), 0);
  const seen = new Set<string>();
  for (const row of drafts) {
    for (const name of [row.blue_team, row.red_team]) {
      if (!name || seen.has(`${row.id}:${teamKey(name)}`)) continue;
      seen.add(`${row.id}:${teamKey(name)}`);
      add(name, 0, 1);
    }
  }
  return counts;
}

/** The user's finished drafts between league teams (not practices), one row per session. */
function userDraftRows(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("draft_sessions as s")
    .leftJoin("teams as blue", "blue.id", "s.blue_team_id")
    .leftJoin("teams as red", "red.id", "s.red_team_id")
    .leftJoin("practice_drafts as p", "p.session_id", "s.id")
    .select(["s.id", "s.winner", "s.format", "blue.name as blue_team", "red.name as red_team"])
    .where("s.user_id", "=", userId)
    .where("s.status", "=", "complete")
    .where("p.session_id", "is", null)
    .execute();
}

/**
 * Teams with history, most games first, optionally filtered by a search (case, accents and
 * punctuation do not matter).
 */
export async function listPracticeTeams(
  db: Kysely<Database>,
  userId: number,
  search: string,
  limit: number,
): Promise<PracticeTeam[]> {
  const counts = await teamCounts(db, userId);
  const needle = teamKey(search);
  return [...counts.values()]
    .filter((row) => needle === "" || row.key.includes(needle))
    .map((row) => ({
      name: row.name,
      games: row.imported + row.drafts,
      imported_games: row.imported,
      draft_games: row.drafts,
    }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The team as the list names it, or undefined when no game has it. */
export async function findPracticeTeam(
  db: Kysely<Database>,
  userId: number,
  name: string,
): Promise<{ name: string; games: number } | undefined> {
  const row = (await teamCounts(db, userId)).get(teamKey(name));
  return row ? { name: row.name, games: row.imported + row.drafts } : undefined;
}

/** Every game of the team: imported ones, then the user's finished drafts, as the engine reads them. */
export async function practiceTeamGames(
  db: Kysely<Database>,
  userId: number,
  name: string,
): Promise<StatisticsGame[]> {
  const key = teamKey(name);
  const row = (await teamCounts(db, userId)).get(key);
  if (!row) return [];
  const spellings = [...row.spellings];
  const games: StatisticsGame[] = [];
  if (row.imported > 0) {
    const rows = await db
      .selectFrom("match_games")
      .select(["id", "winner", "patch", "blue_team", "red_team"])
      .where((eb) => eb.or([eb("blue_team", "in", spellings), eb("red_team", "in", spellings)]))
      .execute();
    const ids = rows.map((r) => r.id);
    const [picks, bans] =
      ids.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .selectFrom("match_picks")
              .select(["game_id", "side", "position", "champion_id", "pick_order"])
              .where("game_id", "in", ids)
              .execute(),
            db
              .selectFrom("match_bans")
              .select(["game_id", "side", "champion_id", "ban_order"])
              .where("game_id", "in", ids)
              .execute(),
          ]);
    const byId = new Map<
      string,
      { picks: StatisticsGame["picks"][number][]; bans: StatisticsGame["bans"][number][] }
    >(ids.map((id) => [id, { picks: [], bans: [] }]));
    for (const pick of picks) {
      byId.get(pick.game_id)?.picks.push({
        side: pick.side,
        champion_id: pick.champion_id === null ? null : Number(pick.champion_id),
        position: pick.position,
        step: pick.pick_order === null ? null : stepOfOrder(pick.side, "PICK", Number(pick.pick_order)),
      });
    }
    for (const ban of bans) {
      byId.get(ban.game_id)?.bans.push({
        side: ban.side,
        champion_id: ban.champion_id === null ? null : Number(ban.champion_id),
        step: stepOfOrder(ban.side, "BAN", Number(ban.ban_order)),
      });
    }
    for (const game of rows) {
      const children = byId.get(game.id)!;
      games.push({
        winner: game.winner,
        patch: game.patch,
        teams: { BLUE: game.blue_team, RED: game.red_team },
        picks: children.picks,
        bans: children.bans,
      });
    }
  }
  if (row.drafts > 0) {
    const sessions = (await userDraftRows(db, userId)).filter(
      (s) => (s.blue_team && teamKey(s.blue_team) === key) || (s.red_team && teamKey(s.red_team) === key),
    );
    const ids = sessions.map((s) => s.id);
    const actions =
      ids.length === 0
        ? []
        : await db
            .selectFrom("draft_actions")
            .select(["session_id", "phase_number", "action_type", "team_side", "champion_id"])
            .where("session_id", "in", ids)
            .orderBy("session_id")
            .orderBy("phase_number")
            .execute();
    for (const session of sessions) {
      const own: DraftActionInput[] = actions
        .filter((a) => a.session_id === session.id)
        .map((a) => ({
          phase_number: Number(a.phase_number),
          action_type: a.action_type,
          team_side: a.team_side,
          champion_id: a.champion_id === null ? null : Number(a.champion_id),
        }));
      try {
        const state = fromActions(own, { format: buildFormat(storedFormat(session.format)) });
        games.push(
          draftToStatisticsGame(state, (session.winner as Side | null) ?? null, {
            BLUE: session.blue_team ?? null,
            RED: session.red_team ?? null,
          }),
        );
      } catch (error) {
        // A history the engine rejects tells nothing about the team; it is left out.
        if (!(error instanceof DraftHistoryError)) throw error;
      }
    }
  }
  return games;
}
