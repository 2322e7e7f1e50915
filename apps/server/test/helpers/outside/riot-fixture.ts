import { type FixtureServer, type RecordedRequest, startFixtureServer } from "./fixture-server.ts";

/**
 * Riot's APIs on loopback (decision 051), from the documented shapes: Account-V1 by Riot ID,
 * Match-V5 (a game, its timeline, a player's game ids) and Tournament-V5 (provider, tournament,
 * codes). Every route checks `X-Riot-Token` like Riot: none is 401, a wrong one 403.
 * The server's `RIOT_API_BASE_URL` is `env.RIOT_API_BASE_URL` (`<fixture>/{routing}`).
 */

export interface FixtureGame {
  readonly matchId: string;
  /** Five champion ids per side, in position order top, jungle, mid, bot, support. */
  readonly blue: readonly number[];
  readonly red: readonly number[];
  readonly winner: "BLUE" | "RED";
  /** PUUIDs of the ten players, blue first (default: generated). */
  readonly puuids?: readonly string[];
  readonly durationSeconds?: number;
  readonly tournamentCode?: string;
  readonly startedAt?: number;
}

export interface RiotFixture extends FixtureServer {
  readonly key: string;
  readonly env: Record<string, string>;
  /** Riot IDs Account-V1 knows: "name#tag" (any case) -> PUUID. */
  readonly accounts: Map<string, string>;
  readonly matches: Map<string, unknown>;
  readonly timelines: Map<string, unknown>;
  /** Codes made, with the metadata each carries. */
  readonly codes: Map<string, { tournamentId: number; metadata: string }>;
  /** Adds a game (match + timeline) from its champions. */
  addGame(game: FixtureGame): void;
}

const POSITIONS = ["TOP", "JUNGLE", "MIDDLE", "BOTTOM", "UTILITY"];

export function matchDocument(game: FixtureGame): { match: unknown; timeline: unknown } {
  const puuids = game.puuids ?? Array.from({ length: 10 }, (_, i) => `puuid-${game.matchId}-${i}`);
  const participants = [...game.blue, ...game.red].map((championId, i) => ({
    participantId: i + 1,
    puuid: puuids[i],
    riotIdGameName: `Player${i + 1}`,
    riotIdTagline: "EUW",
    championId,
    championName: `Champion${championId}`,
    teamId: i < 5 ? 100 : 200,
    teamPosition: POSITIONS[i % 5],
    kills: i + 1,
    deaths: 10 - i,
    assists: 2 * i,
    goldEarned: 10_000 + i * 100,
    win: i < 5 === (game.winner === "BLUE"),
    // Fields the product does not read pass through.
    summoner1Id: 4,
    item0: 3078,
  }));
  const objective = (first: boolean, kills: number) => ({ first, kills });
  const team = (teamId: 100 | 200) => {
    const won = (teamId === 100) === (game.winner === "BLUE");
    return {
      teamId,
      win: won,
      bans: [],
      objectives: {
        baron: objective(won, won ? 1 : 0),
        champion: objective(won, won ? 20 : 8),
        dragon: objective(won, won ? 4 : 1),
        inhibitor: objective(won, won ? 2 : 0),
        riftHerald: objective(!won, 1),
        tower: objective(won, won ? 9 : 3),
      },
    };
  };
  const start = game.startedAt ?? Date.UTC(2026, 10, 28, 18, 0, 0);
  const duration = game.durationSeconds ?? 1_920;
  const match = {
    metadata: { dataVersion: "2", matchId: game.matchId, participants: puuids },
    info: {
      gameCreation: start - 60_000,
      gameStartTimestamp: start,
      gameEndTimestamp: start + duration * 1000,
      gameDuration: duration,
      gameId: Number(game.matchId.split("_")[1]),
      gameMode: "CLASSIC",
      gameType: game.tournamentCode ? "CUSTOM_GAME" : "MATCHED_GAME",
      gameVersion: "14.23.636.3829",
      mapId: 11,
      platformId: game.matchId.split("_")[0],
      queueId: 0,
      tournamentCode: game.tournamentCode ?? "",
      participants,
      teams: [team(100), team(200)],
    },
  };
  const frames = Array.from({ length: Math.floor(duration / 60) + 1 }, (_, minute) => ({
    timestamp: minute * 60_000 + (minute === 0 ? 0 : 37),
    events: [],
    participantFrames: Object.fromEntries(
      participants.map((participant) => [
        String(participant.participantId),
        {
          participantId: participant.participantId,
          totalGold: 500 + minute * 400 + participant.participantId * 10,
          xp: minute * 500,
        },
      ]),
    ),
  }));
  const timeline = {
    metadata: { dataVersion: "2", matchId: game.matchId, participants: puuids },
    info: {
      frameInterval: 60_000,
      frames,
      participants: participants.map((participant) => ({
        participantId: participant.participantId,
        puuid: participant.puuid,
      })),
    },
  };
  return { match, timeline };
}

export async function startRiotFixture(key = "RGAPI-fixture-key"): Promise<RiotFixture> {
  const accounts = new Map<string, string>();
  const matches = new Map<string, unknown>();
  const timelines = new Map<string, unknown>();
  const codes = new Map<string, { tournamentId: number; metadata: string }>();
  let providers = 0;
  let tournaments = 0;
  const keyed =
    (handler: (request: RecordedRequest, match: RegExpExecArray) => { status: number; body?: unknown }) =>
    (request: RecordedRequest, match: RegExpExecArray) => {
      const given = request.headers["x-riot-token"];
      if (!given) return { status: 401, body: { status: { status_code: 401, message: "Unauthorized" } } };
      if (given !== key) return { status: 403, body: { status: { status_code: 403, message: "Forbidden" } } };
      return handler(request, match);
    };
  const missing = { status: 404, body: { status: { status_code: 404, message: "Data not found" } } };
  const server = await startFixtureServer([
    [
      "GET",
      /^\/(americas|europe|asia|sea)\/riot\/account\/v1\/accounts\/by-riot-id\/([^/]+)\/([^/?]+)$/,
      keyed((_request, m) => {
        const gameName = decodeURIComponent(m[2]!);
        const tagLine = decodeURIComponent(m[3]!);
        const puuid = accounts.get(`${gameName}#${tagLine}`.toLowerCase());
        return puuid ? { status: 200, body: { puuid, gameName, tagLine } } : missing;
      }),
    ],
    [
      "GET",
      /^\/(americas|europe|asia|sea)\/lol\/match\/v5\/matches\/by-puuid\/([^/]+)\/ids(\?.*)?$/,
      keyed((_request, m) => {
        const puuid = decodeURIComponent(m[2]!);
        const ids = [...matches.entries()]
          .filter(([, match]) =>
            (match as { metadata?: { participants?: string[] } }).metadata?.participants?.includes(puuid),
          )
          .map(([id]) => id);
        return { status: 200, body: ids };
      }),
    ],
    [
      "GET",
      /^\/(americas|europe|asia|sea)\/lol\/match\/v5\/matches\/([^/]+)\/timeline$/,
      keyed((_request, m) => {
        const timeline = timelines.get(decodeURIComponent(m[2]!));
        return timeline ? { status: 200, body: timeline } : missing;
      }),
    ],
    [
      "GET",
      /^\/(americas|europe|asia|sea)\/lol\/match\/v5\/matches\/([^/]+)$/,
      keyed((_request, m) => {
        const match = matches.get(decodeURIComponent(m[2]!));
        return match ? { status: 200, body: match } : missing;
      }),
    ],
    [
      "POST",
      /^\/americas\/lol\/tournament\/v5\/providers$/,
      keyed((request) => {
        const body = request.body as { region?: string; url?: string } | null;
        if (!body?.region || !body.url)
          return { status: 400, body: { status: { status_code: 400, message: "Bad request" } } };
        providers += 1;
        return { status: 200, body: 1000 + providers };
      }),
    ],
    [
      "POST",
      /^\/americas\/lol\/tournament\/v5\/tournaments$/,
      keyed((request) => {
        const body = request.body as { providerId?: number } | null;
        if (typeof body?.providerId !== "number")
          return { status: 400, body: { status: { status_code: 400, message: "Bad request" } } };
        tournaments += 1;
        return { status: 200, body: 5000 + tournaments };
      }),
    ],
    [
      "POST",
      /^\/americas\/lol\/tournament\/v5\/codes\?(.*)$/,
      keyed((request, m) => {
        const query = new URLSearchParams(m[1]);
        const tournamentId = Number(query.get("tournamentId"));
        const count = Number(query.get("count") ?? "1");
        const body = request.body as { metadata?: string } | null;
        if (!tournamentId || count < 1)
          return { status: 400, body: { status: { status_code: 400, message: "Bad request" } } };
        const made = Array.from({ length: count }, () => {
          const code = `EUW04${Math.random().toString(36).slice(2, 10).toUpperCase()}-TOURNAMENT`;
          codes.set(code, { tournamentId, metadata: body?.metadata ?? "" });
          return code;
        });
        return { status: 200, body: made };
      }),
    ],
  ]);
  return {
    ...server,
    key,
    env: { RIOT_API_KEY: key, RIOT_API_BASE_URL: `${server.url}/{routing}` },
    accounts,
    matches,
    timelines,
    codes,
    addGame(game) {
      const { match, timeline } = matchDocument(game);
      matches.set(game.matchId, match);
      timelines.set(game.matchId, timeline);
    },
  };
}
