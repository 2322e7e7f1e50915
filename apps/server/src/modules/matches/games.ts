import type { Position, Side, StatisticsGame } from "@draftroom/draft";
import { stepOfOrder } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** One imported game as the statistics read it, with what later signals need (teams, patch, date, players). */
export interface MatchStatisticsGame extends StatisticsGame {
  readonly id: string;
  readonly league: string;
  readonly patch: string;
  /** As the file gives it (e.g. "2025-01-11 11:11:24"). */
  readonly date: string;
  readonly blue_team: string;
  readonly red_team: string;
  readonly winner: Side;
  readonly picks: readonly {
    readonly side: Side;
    readonly champion_id: number | null;
    readonly position: Position;
    readonly player: string;
    /** The draft step of the pick, from the file's pick order (null when the file has none). */
    readonly step: number | null;
  }[];
  readonly bans: readonly {
    readonly side: Side;
    readonly champion_id: number | null;
    readonly step: number | null;
  }[];
  readonly teams: Record<Side, string>;
}

/**
 * Games read per page while loading on the thread that answers requests. SQLite answers
 * synchronously on the one connection the app shares, so a page must stay short (a couple of
 * milliseconds): a request's queries wait at most for the page query in front of them.
 */
export const PAGE = 100;

/** Lets queued request queries run between the loader's own (timers run after pending I/O). */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Reads games in pages of PAGE, keyed by id: every game, or those imported at or after `since`.
 * Yields to the event loop between pages.
 */
export async function* loadGames(
  db: Kysely<Database>,
  since: string | null,
  page = PAGE,
): AsyncGenerator<MatchStatisticsGame[]> {
  let after = "";
  for (;;) {
    let query = db
      .selectFrom("match_games")
      .select(["id", "winner", "league", "patch", "played_at", "blue_team", "red_team"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(page);
    if (since !== null) query = query.where("imported_at", ">=", since);
    const games = await query.execute();
    if (games.length === 0) return;
    after = games[games.length - 1]!.id;
    const ids = games.map((game) => game.id);
    const [picks, bans] = await Promise.all([
      db
        .selectFrom("match_picks")
        .select(["game_id", "side", "position", "champion_id", "player", "pick_order"])
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
      { picks: MatchStatisticsGame["picks"][number][]; bans: MatchStatisticsGame["bans"][number][] }
    >();
    for (const id of ids) byId.set(id, { picks: [], bans: [] });
    for (const pick of picks) {
      byId.get(pick.game_id)?.picks.push({
        side: pick.side,
        champion_id: pick.champion_id === null ? null : Number(pick.champion_id),
        position: pick.position,
        player: pick.player,
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
    yield games.map((game) => {
      const children = byId.get(game.id)!;
      return {
        id: game.id,
        winner: game.winner,
        league: game.league,
        patch: game.patch,
        date: game.played_at,
        blue_team: game.blue_team,
        red_team: game.red_team,
        teams: { BLUE: game.blue_team, RED: game.red_team },
        picks: children.picks,
        bans: children.bans,
      };
    });
    if (games.length < page) return;
    await breathe();
  }
}
