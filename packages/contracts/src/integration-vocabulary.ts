/**
 * The integrations' vocabulary (decision 051), apart from their schemas (schemas/integrations.ts):
 * the web app's integrations page reads these lists without building zod's schemas.
 */

/** Riot platforms a workspace plays on, with the regional host Account-V1 and Match-V5 answer on. */
export const RIOT_PLATFORMS = {
  na1: "americas",
  br1: "americas",
  la1: "americas",
  la2: "americas",
  euw1: "europe",
  eun1: "europe",
  tr1: "europe",
  ru: "europe",
  me1: "europe",
  kr: "asia",
  jp1: "asia",
  oc1: "sea",
  sg2: "sea",
  tw2: "sea",
  vn2: "sea",
} as const;
export type RiotPlatform = keyof typeof RIOT_PLATFORMS;
export type RiotRouting = (typeof RIOT_PLATFORMS)[RiotPlatform];
export const RIOT_PLATFORM_IDS = Object.keys(RIOT_PLATFORMS) as [RiotPlatform, ...RiotPlatform[]];

/** What went wrong with an outside service, in words the integrations page translates. */
export const INTEGRATION_PROBLEMS = [
  /** The operator has not set the key (RIOT_API_KEY, RIOT_TOURNAMENT_API_KEY). */
  "not_configured",
  /** The service refused our key or webhook (401/403): a new one is needed. */
  "rejected",
  /** The service does not know it (404): a deleted webhook, an unknown Riot ID or match. */
  "not_found",
  /** The service asked us to slow down (429) for longer than we wait. */
  "rate_limited",
  /** The service failed (5xx) or could not be reached, after the retries. */
  "unavailable",
  /** The service did not answer in time, after the retries. */
  "timeout",
  /** The service answered something we could not read. */
  "malformed",
  /** Too many calls waiting for this service in this process: try again shortly. */
  "busy",
] as const;
export type IntegrationProblem = (typeof INTEGRATION_PROBLEMS)[number];

/** Events a workspace may post to its Discord channel. */
export const DISCORD_EVENTS = [
  "room_opened",
  "draft_finished",
  "plan_changed",
  "scrim_confirmed",
  "scrim_starting",
  "scrim_result",
] as const;
export type DiscordEvent = (typeof DISCORD_EVENTS)[number];
