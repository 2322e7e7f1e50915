import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import {
  DISCORD_EVENTS,
  INTEGRATION_PROBLEMS,
  RIOT_PLATFORM_IDS,
  type RiotPlatform,
} from "../integration-vocabulary.ts";
import { requiredText, timestampSchema } from "./common.ts";
import { scrimResultBodySchema } from "./scrims.ts";

/**
 * A workspace's links to outside services (`/api/workspaces/{id}/integrations/…`, decision 051):
 * Discord webhooks, Riot's APIs (Account-V1, Match-V5, Tournament-V5) and the members' calendar
 * feeds. Secrets (webhook URLs, feed tokens) go in and never come back out: answers carry a hint.
 */

export const riotPlatformSchema = z.enum(RIOT_PLATFORM_IDS, { error: "invalidValue" });

export const integrationProblemSchema = z.enum(INTEGRATION_PROBLEMS);

export const discordEventSchema = z.enum(DISCORD_EVENTS);

export const integrationErrorSchema = z.object({
  problem: integrationProblemSchema,
  /** The plain sentence the server wrote (English); the web translates `problem`. */
  detail: z.string(),
  at: timestampSchema,
});
export type IntegrationError = z.infer<typeof integrationErrorSchema>;

/** One service's state for the workspace. */
const serviceStateSchema = z.object({
  /** The operator configured the service (its key is set); false: the feature is explained, hidden. */
  available: z.boolean(),
  connected: z.boolean(),
  connected_at: timestampSchema.nullable(),
  last_success_at: timestampSchema.nullable(),
  last_error: integrationErrorSchema.nullable(),
});

export const discordStateSchema = serviceStateSchema.extend({
  /** The webhook's last four token characters, e.g. `…x9Qa`; never the URL. */
  hint: z.string().nullable(),
  events: z.array(discordEventSchema),
  /** The language the channel's posts are written in (the app's languages). */
  language: z.enum(LANGUAGES),
});
export type DiscordState = z.infer<typeof discordStateSchema>;

export const riotStateSchema = serviceStateSchema.extend({
  region: riotPlatformSchema.nullable(),
});
export type RiotState = z.infer<typeof riotStateSchema>;

export const DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;
export const discordDeliverySchema = z.object({
  id: z.string(),
  event: discordEventSchema.or(z.literal("test")),
  title: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: integrationErrorSchema.nullable(),
  created_at: timestampSchema,
  sent_at: timestampSchema.nullable(),
});
export type DiscordDelivery = z.infer<typeof discordDeliverySchema>;

export const integrationsOverviewSchema = z.object({
  discord: discordStateSchema,
  riot: riotStateSchema,
  /** Tournament codes need the operator's Tournament-V5 key. */
  tournament: z.object({ available: z.boolean() }),
  /** The caller's own calendar feed (each member has one). */
  calendar: z.object({ active: z.boolean(), created_at: timestampSchema.nullable() }),
  /** Discord posts, newest first (the last 20). */
  deliveries: z.array(discordDeliverySchema),
  /** Whether the caller may connect and disconnect services (owners). */
  may_manage: z.boolean(),
});
export type IntegrationsOverview = z.infer<typeof integrationsOverviewSchema>;

export const DISCORD_WEBHOOK_URL_MAX = 300;
export const discordConnectBodySchema = z.object({
  webhook_url: requiredText("webhookUrlRequired", DISCORD_WEBHOOK_URL_MAX),
  events: z
    .array(discordEventSchema)
    .max(DISCORD_EVENTS.length)
    .default([...DISCORD_EVENTS]),
  /** The posts' language; without it, the connecting owner's account language. */
  language: z.enum(LANGUAGES, { error: "invalidValue" }).optional(),
});
export type DiscordConnectBody = z.infer<typeof discordConnectBodySchema>;

/** `PATCH …/discord/`: the events, the posts' language, or both. */
export const discordSettingsBodySchema = z
  .object({
    events: z.array(discordEventSchema).max(DISCORD_EVENTS.length),
    language: z.enum(LANGUAGES, { error: "invalidValue" }),
  })
  .partial();
export type DiscordSettingsBody = z.infer<typeof discordSettingsBodySchema>;

export const riotSettingsBodySchema = z.object({ region: riotPlatformSchema });

/** A Riot ID: `gameName#tagLine` (game name 3-16 characters, tag 3-5). */
export const riotIdBodySchema = z.object({
  game_name: requiredText("riotGameNameRequired", 16),
  tag_line: z
    .string({ error: "riotTagLineRequired" })
    .trim()
    .min(2, { error: "riotTagLineRequired" })
    .max(5, { error: "tooLong" })
    .regex(/^[\p{L}\p{N}]+$/u, { error: "invalidValue" }),
});
export type RiotIdBody = z.infer<typeof riotIdBodySchema>;

/** A roster player with the Riot account checked for them (null: none yet). */
export const playerRiotAccountSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  position: z.string(),
  riot: z
    .object({ game_name: z.string(), tag_line: z.string(), puuid: z.string(), checked_at: timestampSchema })
    .nullable(),
});
export type PlayerRiotAccount = z.infer<typeof playerRiotAccountSchema>;
export const playerRiotAccountListSchema = z.object({ results: z.array(playerRiotAccountSchema) });

export const integrationPlayerParamsSchema = z.object({ id: z.uuid(), playerId: z.uuid() });

/** A Match-V5 game brought into the product: what a ledger game takes from it. */
export const riotGamePlayerSchema = z.object({
  puuid: z.string(),
  riot_id: z.string(),
  side: z.enum(["BLUE", "RED"]),
  position: z.string(),
  champion_id: z.number().int(),
  champion_name: z.string(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  /** Total gold at the 15-minute frame of the timeline; null: the game ended before. */
  gold_at_15: z.number().int().nullable(),
});
export const riotGameObjectivesSchema = z.object({
  towers: z.number().int(),
  dragons: z.number().int(),
  barons: z.number().int(),
  heralds: z.number().int(),
  first_blood: z.boolean(),
  first_tower: z.boolean(),
});
export const riotGameSchema = z.object({
  match_id: z.string(),
  winner: z.enum(["BLUE", "RED"]).nullable(),
  duration_seconds: z.number().int(),
  /** `major.minor` of `info.gameVersion`, e.g. "14.23". */
  patch: z.string(),
  started_at: timestampSchema.nullable(),
  tournament_code: z.string().nullable(),
  objectives: z.object({ BLUE: riotGameObjectivesSchema, RED: riotGameObjectivesSchema }),
  players: z.array(riotGamePlayerSchema),
  source: z.literal("riot_match_v5"),
});
export type RiotGame = z.infer<typeof riotGameSchema>;

/** Comparing a Match-V5 game with a drafted game: the same ten champions or not. */
export const riotGameComparisonSchema = z.object({
  summary: riotGameSchema,
  /** True when both sides' five champions equal the draft's (sides may be swapped in the client). */
  champions_match: z.boolean(),
  /** Champion ids drafted but not played, and played but not drafted. */
  only_in_draft: z.array(z.number().int()),
  only_in_match: z.array(z.number().int()),
  /**
   * Our side in the played game, told by the roster's checked Riot IDs (else the drafted game's
   * side); null when neither tells (decision 057).
   */
  our_side: z.enum(["BLUE", "RED"]).nullable().default(null),
  /** The game as a ledger result (our five players, winner us/them), to fill the result form. */
  ledger_result: scrimResultBodySchema.nullable().default(null),
});
export type RiotGameComparison = z.infer<typeof riotGameComparisonSchema>;

export const MATCH_ID_PATTERN = /^[A-Z0-9]{2,5}_\d{1,15}$/;
export const matchLookupBodySchema = z.object({
  match_id: z
    .string({ error: "matchIdRequired" })
    .trim()
    .toUpperCase()
    .regex(MATCH_ID_PATTERN, { error: "matchIdFormat" }),
  /** A drafted session to compare the champions with. */
  session_id: z.uuid().optional(),
  /** A ledger game: its draft is compared, and the answer carries the game as a ledger result. */
  scrim_id: z.uuid().optional(),
  game_id: z.uuid().optional(),
});

/** The roster's recent Riot games that fit a scrim's time, each compared with the game's draft. */
export const riotRecentGamesSchema = z.object({ results: z.array(riotGameComparisonSchema) });
export type RiotRecentGames = z.infer<typeof riotRecentGamesSchema>;
export const riotRecentGamesParamsSchema = z.object({ id: z.uuid(), scrimId: z.uuid(), gameId: z.uuid() });

/** A member's calendar feed: the URL is in this answer only (rotating makes a new one). */
export const calendarFeedSchema = z.object({ url: z.string(), created_at: timestampSchema });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** Tournament-V5's provider regions, by the platform a workspace plays on (others have none). */
export const TOURNAMENT_REGIONS: Partial<Record<RiotPlatform, string>> = {
  na1: "NA",
  br1: "BR",
  la1: "LAN",
  la2: "LAS",
  euw1: "EUW",
  eun1: "EUNE",
  tr1: "TR",
  ru: "RU",
  kr: "KR",
  jp1: "JP",
  oc1: "OCE",
};

export const TOURNAMENT_GAMES_MAX = 7;
export const tournamentCodesBodySchema = z.object({
  /** The ledger's scrim the codes are for. */
  scrim_id: z.uuid(),
  games: z.number().int().min(1).max(TOURNAMENT_GAMES_MAX),
  /** The room the games are drafted in, carried in each code's metadata. */
  room_id: z.uuid().optional(),
});
export const tournamentCodeSchema = z.object({
  code: z.string(),
  scrim_id: z.string(),
  game_number: z.number().int(),
  room_id: z.string().nullable(),
  /** The Match-V5 game filed for it, once Riot called back. */
  match_id: z.string().nullable(),
  filed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type TournamentCode = z.infer<typeof tournamentCodeSchema>;
export const tournamentCodeListSchema = z.object({ results: z.array(tournamentCodeSchema) });
export const tournamentScrimParamsSchema = z.object({ id: z.uuid(), scrimId: z.uuid() });

/** What Riot POSTs to the provider's URL when a game made from a code ends (fields we read). */
export const tournamentCallbackSchema = z.looseObject({
  shortCode: z.string().min(1).max(100),
  gameId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]),
  metaData: z.string().max(65_536).optional(),
  startTime: z.number().optional(),
  region: z.string().max(10).optional(),
});
