import { teamKey } from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { shortNameOf } from "./short-name.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Imported games of one team name in one league, as the match import counts them. */
export interface ImportedTeamGames {
  league: string;
  team: string;
  games: number;
}

/** What the match import found: games per league, and per team name and league. */
export interface ImportedGames {
  leagues: readonly { league: string; games: number }[];
  teams: readonly ImportedTeamGames[];
}

/**
 * Makes every league and team of the imported games a shared (seeded-like) row with its game
 * count, so any team with games can be picked, scouted and drafted against (decision record
 * 053). A league is matched by name or short name, a team by `teamKey` among the shared teams of
 * any league (so a seeded "T1" is not doubled by the data's "T1"); what is new is added to the
 * league of the data, and counts of rows no longer in the data drop to 0. Nothing is deleted: a
 * session may name a team whose games were replaced.
 *
 * @example
 * await registerImportedTeams(trx, {
 *   leagues: [{ league: "LFL2", games: 4 }],
 *   teams: [{ league: "LFL2", team: "Team BDS Academy", games: 4 }],
 * });
 */
export async function registerImportedTeams(db: Db, imported: ImportedGames): Promise<void> {
  const [leagues, teams] = await Promise.all([
    db
      .selectFrom("leagues")
      .select(["id", "name", "short_name", "imported_games"])
      .where("owner_user_id", "is", null)
      .where("workspace_id", "is", null)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("teams")
      .select(["id", "name", "league_id", "imported_games"])
      .where("owner_user_id", "is", null)
      .where("workspace_id", "is", null)
      .orderBy("id")
      .execute(),
  ]);
  const leagueByName = new Map<string, number>();
  for (const league of leagues) {
    for (const name of [league.short_name, league.name]) {
      if (!leagueByName.has(name.toLowerCase())) leagueByName.set(name.toLowerCase(), Number(league.id));
    }
  }
  const teamByKey = new Map<string, number>();
  for (const team of teams) {
    const key = teamKey(team.name);
    if (key !== "" && !teamByKey.has(key)) teamByKey.set(key, Number(team.id));
  }

  // Per team key: its games, the name the data spells most, and the league it plays most in.
  const byKey = new Map<
    string,
    { games: number; name: string; nameGames: number; league: string; leagueGames: number }
  >();
  const leagueGames = new Map<string, number>();
  for (const entry of imported.leagues) {
    const league = entry.league.trim();
    if (league !== "") leagueGames.set(league, (leagueGames.get(league) ?? 0) + entry.games);
  }
  for (const entry of imported.teams) {
    const league = entry.league.trim();
    const key = teamKey(entry.team);
    if (key === "" || league === "") continue;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        games: entry.games,
        name: entry.team.trim(),
        nameGames: entry.games,
        league,
        leagueGames: entry.games,
      });
      continue;
    }
    seen.games += entry.games;
    if (entry.games > seen.nameGames)
      Object.assign(seen, { name: entry.team.trim(), nameGames: entry.games });
    if (entry.games > seen.leagueGames) Object.assign(seen, { league, leagueGames: entry.games });
  }

  const now = nowIso();
  const leagueCounts = new Map<number, number>();
  for (const [name, games] of leagueGames) {
    const id = leagueByName.get(name.toLowerCase());
    if (id === undefined) {
      const row = await db
        .insertInto("leagues")
        .values({
          name,
          short_name: name.length <= 12 ? name : shortNameOf(name),
          region: "",
          is_custom: false,
          owner_user_id: null,
          workspace_id: null,
          imported_games: games,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      leagueByName.set(name.toLowerCase(), Number(row.id));
      continue;
    }
    leagueCounts.set(id, (leagueCounts.get(id) ?? 0) + games);
  }

  const teamCounts = new Map<number, number>();
  for (const [key, seen] of byKey) {
    const id = teamByKey.get(key);
    if (id === undefined) {
      const row = await db
        .insertInto("teams")
        .values({
          league_id: leagueByName.get(seen.league.toLowerCase())!,
          name: seen.name,
          short_name: shortNameOf(seen.name) || seen.name.slice(0, 4).toUpperCase(),
          is_custom: false,
          owner_user_id: null,
          workspace_id: null,
          imported_games: seen.games,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      teamByKey.set(key, Number(row.id));
      continue;
    }
    teamCounts.set(id, seen.games);
  }

  // Only the counts that changed are written (a re-import of the same file writes none).
  const changed = <T extends { id: unknown; imported_games: unknown }>(
    rows: readonly T[],
    counts: Map<number, number>,
  ) =>
    rows.flatMap((row) => {
      const games = counts.get(Number(row.id)) ?? 0;
      return Number(row.imported_games) === games ? [] : [{ id: Number(row.id), games }];
    });
  for (const { id, games } of changed(leagues, leagueCounts)) {
    await db.updateTable("leagues").set({ imported_games: games }).where("id", "=", id).execute();
  }
  for (const { id, games } of changed(teams, teamCounts)) {
    await db.updateTable("teams").set({ imported_games: games }).where("id", "=", id).execute();
  }
}
