import type {
  CalendarFeed,
  DiscordDelivery,
  DiscordEvent,
  DiscordSettingsBody,
  IntegrationsOverview,
  Language,
  PlayerRiotAccount,
  RiotPlatform,
} from "@draftroom/contracts";
import { isUuid } from "@draftroom/contracts";
import { integrationKeys } from "@/components/integrations/api.ts";
import { api, requestById } from "@/lib/api.ts";

export { integrationKeys };

const base = (workspaceId: string) => `/workspaces/${workspaceId}/integrations`;

/** The integrations API (decision 051): one fetcher per resource, one cache key each. */
export const integrationsApi = {
  overview: (workspaceId: string) =>
    requestById(workspaceId, isUuid, () => api.get<IntegrationsOverview>(`${base(workspaceId)}/`)),
  connectDiscord: (workspaceId: string, webhookUrl: string, events: DiscordEvent[], language: Language) =>
    api.put<IntegrationsOverview>(`${base(workspaceId)}/discord/`, {
      webhook_url: webhookUrl,
      events,
      language,
    }),
  setDiscordSettings: (workspaceId: string, body: DiscordSettingsBody) =>
    api.patch<IntegrationsOverview>(`${base(workspaceId)}/discord/`, body),
  disconnectDiscord: (workspaceId: string) => api.delete(`${base(workspaceId)}/discord/`),
  testDiscord: (workspaceId: string) => api.post<DiscordDelivery>(`${base(workspaceId)}/discord/test/`),
  setRiotRegion: (workspaceId: string, region: RiotPlatform) =>
    api.put<IntegrationsOverview>(`${base(workspaceId)}/riot/`, { region }),
  disconnectRiot: (workspaceId: string) => api.delete(`${base(workspaceId)}/riot/`),
  riotPlayers: (workspaceId: string) =>
    api
      .get<{ results: PlayerRiotAccount[] }>(`${base(workspaceId)}/riot/players/`)
      .then((answer) => answer.results),
  setRiotId: (workspaceId: string, playerId: string, gameName: string, tagLine: string) =>
    api.put<PlayerRiotAccount>(`${base(workspaceId)}/riot/players/${playerId}/`, {
      game_name: gameName,
      tag_line: tagLine,
    }),
  removeRiotId: (workspaceId: string, playerId: string) =>
    api.delete(`${base(workspaceId)}/riot/players/${playerId}/`),
  rotateCalendar: (workspaceId: string) => api.post<CalendarFeed>(`${base(workspaceId)}/calendar/`),
  removeCalendar: (workspaceId: string) => api.delete(`${base(workspaceId)}/calendar/`),
};

/** Splits "Name#TAG" into its two parts; undefined when there is no tag. */
export function splitRiotId(text: string): { gameName: string; tagLine: string } | undefined {
  const at = text.lastIndexOf("#");
  if (at <= 0 || at === text.length - 1) return undefined;
  return { gameName: text.slice(0, at).trim(), tagLine: text.slice(at + 1).trim() };
}
