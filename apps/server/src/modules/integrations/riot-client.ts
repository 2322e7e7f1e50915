import { RIOT_PLATFORMS, type RiotPlatform, type RiotRouting } from "@draftroom/contracts";
import { z } from "zod";
import { type ServiceResult, ServiceTransport, type TransportOptions } from "./transport.ts";

/**
 * Riot's APIs (decision 051): Account-V1 (a Riot ID's PUUID), Match-V5 (a game and its timeline,
 * a player's recent tournament games) and Tournament-V5 (providers, tournaments, codes). One client
 * per key, so one queue: Riot counts its rate limits per key, and a 429 pauses every call of it.
 * The key travels in `X-Riot-Token`, never in a URL, so it cannot reach a log line.
 *
 * Answers are checked against the documented shapes with only the fields the product reads; the
 * rest of Riot's (large, changing) objects pass through unread.
 */

export const riotAccountSchema = z.object({
  puuid: z.string().min(1),
  gameName: z.string().optional(),
  tagLine: z.string().optional(),
});
export type RiotAccount = z.infer<typeof riotAccountSchema>;

const objective = z.object({ first: z.boolean(), kills: z.number() });
export const riotMatchSchema = z.object({
  metadata: z.object({ matchId: z.string(), participants: z.array(z.string()) }),
  info: z.object({
    gameCreation: z.number().optional(),
    gameStartTimestamp: z.number().optional(),
    gameEndTimestamp: z.number().optional(),
    gameDuration: z.number(),
    gameVersion: z.string(),
    tournamentCode: z.string().optional().nullable(),
    participants: z
      .array(
        z.object({
          participantId: z.number().optional(),
          puuid: z.string(),
          riotIdGameName: z.string().optional(),
          riotIdTagline: z.string().optional(),
          championId: z.number(),
          championName: z.string(),
          teamId: z.union([z.literal(100), z.literal(200)]),
          teamPosition: z.string().optional(),
          kills: z.number(),
          deaths: z.number(),
          assists: z.number(),
          goldEarned: z.number().optional(),
          win: z.boolean(),
        }),
      )
      .length(10),
    teams: z.array(
      z.object({
        teamId: z.union([z.literal(100), z.literal(200)]),
        win: z.boolean(),
        objectives: z.object({
          baron: objective,
          champion: objective,
          dragon: objective,
          riftHerald: objective.optional(),
          tower: objective,
        }),
      }),
    ),
  }),
});
export type RiotMatch = z.infer<typeof riotMatchSchema>;

export const riotTimelineSchema = z.object({
  info: z.object({
    frames: z.array(
      z.object({
        timestamp: z.number(),
        participantFrames: z.record(z.string(), z.object({ totalGold: z.number() })),
      }),
    ),
    participants: z.array(z.object({ participantId: z.number(), puuid: z.string() })).optional(),
  }),
});
export type RiotTimeline = z.infer<typeof riotTimelineSchema>;

export interface RiotClientOptions {
  /** `https://{routing}.api.riotgames.com`; tests point it at a loopback fixture. */
  readonly baseUrl: string;
  readonly key: string;
  readonly transport: Omit<TransportOptions, "service">;
}

const parseWith =
  <T>(schema: z.ZodType<T>) =>
  (json: unknown): T | undefined => {
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  };

export class RiotClient {
  readonly #baseUrl: string;
  readonly #key: string;
  readonly #transport: ServiceTransport;

  constructor(options: RiotClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/$/, "");
    this.#key = options.key;
    this.#transport = new ServiceTransport({ ...options.transport, service: "Riot" });
  }

  #url(routing: RiotRouting | RiotPlatform, path: string): string {
    return `${this.#baseUrl.replace("{routing}", routing)}${path}`;
  }

  #get<T>(url: string, parse: (json: unknown) => T | undefined): Promise<ServiceResult<T>> {
    return this.#transport.call({ method: "GET", url, headers: { "X-Riot-Token": this.#key } }, parse);
  }

  /** Account-V1 by Riot ID, on the platform's regional host. */
  accountByRiotId(
    platform: RiotPlatform,
    gameName: string,
    tagLine: string,
  ): Promise<ServiceResult<RiotAccount>> {
    const path = `/riot/account/v1/accounts/by-riot-id/${encodeURIComponent(gameName)}/${encodeURIComponent(tagLine)}`;
    return this.#get(this.#url(RIOT_PLATFORMS[platform], path), parseWith(riotAccountSchema));
  }

  /** Match-V5: one game. */
  match(platform: RiotPlatform, matchId: string): Promise<ServiceResult<RiotMatch>> {
    const path = `/lol/match/v5/matches/${encodeURIComponent(matchId)}`;
    return this.#get(this.#url(RIOT_PLATFORMS[platform], path), parseWith(riotMatchSchema));
  }

  /** Match-V5: a game's per-minute frames (gold at 15). */
  timeline(platform: RiotPlatform, matchId: string): Promise<ServiceResult<RiotTimeline>> {
    const path = `/lol/match/v5/matches/${encodeURIComponent(matchId)}/timeline`;
    return this.#get(this.#url(RIOT_PLATFORMS[platform], path), parseWith(riotTimelineSchema));
  }

  /** Match-V5: a player's recent games of one type (tournament: games made from a code). */
  matchIds(
    platform: RiotPlatform,
    puuid: string,
    query: {
      type?: "tournament" | "normal" | "ranked";
      startTime?: number;
      endTime?: number;
      count?: number;
    },
  ): Promise<ServiceResult<string[]>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.set(name, String(value));
    const path = `/lol/match/v5/matches/by-puuid/${encodeURIComponent(puuid)}/ids?${search}`;
    return this.#get(this.#url(RIOT_PLATFORMS[platform], path), parseWith(z.array(z.string())));
  }

  /** Tournament-V5: registers a provider (region + callback URL); answers its id. */
  registerProvider(region: string, callbackUrl: string): Promise<ServiceResult<number>> {
    return this.#transport.call(
      {
        method: "POST",
        url: this.#url("americas", "/lol/tournament/v5/providers"),
        headers: { "X-Riot-Token": this.#key },
        body: { region, url: callbackUrl },
      },
      parseWith(z.number().int()),
    );
  }

  /** Tournament-V5: a tournament under a provider; answers its id. */
  createTournament(providerId: number, name: string): Promise<ServiceResult<number>> {
    return this.#transport.call(
      {
        method: "POST",
        url: this.#url("americas", "/lol/tournament/v5/tournaments"),
        headers: { "X-Riot-Token": this.#key },
        body: { providerId, name },
      },
      parseWith(z.number().int()),
    );
  }

  /** Tournament-V5: `count` codes for a tournament, each carrying `metadata` back in the callback. */
  createCodes(
    tournamentId: number,
    count: number,
    settings: { metadata: string; teamSize?: number; pickType?: string; mapType?: string },
  ): Promise<ServiceResult<string[]>> {
    const search = new URLSearchParams({ tournamentId: String(tournamentId), count: String(count) });
    return this.#transport.call(
      {
        method: "POST",
        url: this.#url("americas", `/lol/tournament/v5/codes?${search}`),
        headers: { "X-Riot-Token": this.#key },
        body: {
          teamSize: settings.teamSize ?? 5,
          pickType: settings.pickType ?? "TOURNAMENT_DRAFT",
          mapType: settings.mapType ?? "SUMMONERS_RIFT",
          spectatorType: "LOBBYONLY",
          enoughPlayers: true,
          metadata: settings.metadata,
        },
      },
      parseWith(z.array(z.string()).min(1)),
    );
  }
}
