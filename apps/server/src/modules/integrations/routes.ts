import {
  apiErrorSchema,
  calendarFeedSchema,
  discordConnectBodySchema,
  discordDeliverySchema,
  discordSettingsBodySchema,
  integrationPlayerParamsSchema,
  integrationsOverviewSchema,
  matchLookupBodySchema,
  playerRiotAccountListSchema,
  playerRiotAccountSchema,
  riotGameComparisonSchema,
  riotIdBodySchema,
  riotRecentGamesParamsSchema,
  riotRecentGamesSchema,
  riotSettingsBodySchema,
  tournamentCallbackSchema,
  tournamentCodeListSchema,
  tournamentCodesBodySchema,
  tournamentScrimParamsSchema,
  workspaceParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import {
  calendarFeedBody,
  calendarTokenPattern,
  removeCalendarFeed,
  rotateCalendarFeed,
} from "./calendar.ts";
import {
  connectDiscord,
  disconnect,
  integrationsOverview,
  lookupMatch,
  recentScrimGames,
  removePlayerRiotId,
  riotAccounts,
  sendDiscordTest,
  setDiscordSettings,
  setPlayerRiotId,
  setRiotRegion,
} from "./service.ts";
import { createScrimCodes, receiveTournamentCallback, scrimCodes } from "./tournament.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema };
const outsideErrors = { ...writeErrors, 502: apiErrorSchema };
const tags = ["integrations"];
const base = "/workspaces/:id/integrations";

/**
 * A workspace's integrations (decision 051). Handlers parse and answer; the service checks the
 * caller's role and never answers a secret. The calendar feed itself (`/calendar/{token}.ics`)
 * needs no account: its unguessable token is the credential, and rotating it refuses the old one.
 */
const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const userId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

  app.get(
    `${base}/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          "What the workspace has connected, the last success and error of each, and its Discord posts",
        params: workspaceParamsSchema,
        response: { 200: integrationsOverviewSchema, ...errors },
      },
    },
    async (request) => integrationsOverview(db, userId(request), request.params.id),
  );

  app.put(
    `${base}/discord/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Connect (or replace) the workspace's Discord webhook (owners); the URL is never answered",
        params: workspaceParamsSchema,
        body: discordConnectBodySchema,
        response: { 200: integrationsOverviewSchema, ...writeErrors },
      },
    },
    async (request) => connectDiscord(db, userId(request), request.params.id, request.body),
  );

  app.patch(
    `${base}/discord/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Choose which events post to Discord and the posts' language (owners)",
        params: workspaceParamsSchema,
        body: discordSettingsBodySchema,
        response: { 200: integrationsOverviewSchema, ...writeErrors },
      },
    },
    async (request) => setDiscordSettings(db, userId(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/discord/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Disconnect Discord: the webhook is forgotten and unsent posts dropped (owners)",
        params: workspaceParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await disconnect(db, userId(request), request.params.id, "discord");
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/discord/test/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Send a test message now; answers the post, sent or with why it was not",
        params: workspaceParamsSchema,
        response: { 200: discordDeliverySchema, ...writeErrors },
      },
    },
    async (request) => sendDiscordTest(db, userId(request), request.params.id),
  );

  app.put(
    `${base}/riot/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Set the workspace's Riot region (owners; needs the operator's RIOT_API_KEY)",
        params: workspaceParamsSchema,
        body: riotSettingsBodySchema,
        response: { 200: integrationsOverviewSchema, ...writeErrors },
      },
    },
    async (request) => setRiotRegion(db, userId(request), request.params.id, request.body.region),
  );

  app.delete(
    `${base}/riot/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Disconnect Riot (owners); the roster's Riot IDs stay",
        params: workspaceParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await disconnect(db, userId(request), request.params.id, "riot");
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/riot/players/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The roster's checked Riot IDs with their PUUIDs",
        params: workspaceParamsSchema,
        response: { 200: playerRiotAccountListSchema, ...errors },
      },
    },
    async (request) => ({ results: await riotAccounts(db, userId(request), request.params.id) }),
  );

  app.put(
    `${base}/riot/players/:playerId/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Check a roster player's Riot ID with Account-V1 and store it with its PUUID",
        params: integrationPlayerParamsSchema,
        body: riotIdBodySchema,
        response: { 200: playerRiotAccountSchema, ...outsideErrors },
      },
    },
    async (request) =>
      setPlayerRiotId(db, userId(request), request.params.id, request.params.playerId, request.body),
  );

  app.delete(
    `${base}/riot/players/:playerId/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Remove a roster player's Riot ID",
        params: integrationPlayerParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await removePlayerRiotId(db, userId(request), request.params.id, request.params.playerId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/riot/matches/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A Match-V5 game summarised for a ledger game; with session_id, compared with its draft",
        params: workspaceParamsSchema,
        body: matchLookupBodySchema,
        response: { 200: riotGameComparisonSchema, ...outsideErrors },
      },
    },
    async (request) => lookupMatch(db, userId(request), request.params.id, request.body),
  );

  app.get(
    `${base}/riot/scrims/:scrimId/games/:gameId/recent/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          "The roster's Riot games around a scrim's start, each compared with the ledger game's draft and given as a ledger result",
        params: riotRecentGamesParamsSchema,
        response: { 200: riotRecentGamesSchema, ...outsideErrors },
      },
    },
    async (request) => ({
      results: await recentScrimGames(
        db,
        userId(request),
        request.params.id,
        request.params.scrimId,
        request.params.gameId,
      ),
    }),
  );

  app.post(
    `${base}/tournament/codes/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A tournament code for each game of a scrim (needs the operator's Tournament-V5 key)",
        params: workspaceParamsSchema,
        body: tournamentCodesBodySchema,
        response: { 200: tournamentCodeListSchema, ...outsideErrors },
      },
    },
    async (request) => ({
      results: await createScrimCodes(db, userId(request), request.params.id, request.body),
    }),
  );

  app.get(
    `${base}/tournament/scrims/:scrimId/codes/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A scrim's tournament codes and the games filed from them",
        params: tournamentScrimParamsSchema,
        response: { 200: tournamentCodeListSchema, ...errors },
      },
    },
    async (request) => ({
      results: await scrimCodes(db, userId(request), request.params.id, request.params.scrimId),
    }),
  );

  app.post(
    "/riot/callback/:token",
    {
      schema: {
        tags,
        summary:
          "Riot's Tournament-V5 callback: the unguessable token is the provider's; the result is read from Match-V5",
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
        body: tournamentCallbackSchema,
        response: {
          200: z.object({ outcome: z.enum(["filed", "already_filed"]) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
      config: { allowInvalidToken: true },
    },
    async (request) => ({ outcome: await receiveTournamentCallback(db, request.params.token, request.body) }),
  );

  app.post(
    `${base}/calendar/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A new secret calendar URL for the caller (the previous one stops at once)",
        params: workspaceParamsSchema,
        response: { 201: calendarFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return reply.status(201).send(await rotateCalendarFeed(db, userId(request), request.params.id, origin));
    },
  );

  app.delete(
    `${base}/calendar/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Stop the caller's calendar URL",
        params: workspaceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCalendarFeed(db, userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/calendar/:file",
    {
      schema: {
        tags,
        summary: "A member's calendar feed (iCalendar, RFC 5545); the token in the path is its credential",
        params: z.object({ file: z.string().regex(calendarTokenPattern) }),
        response: { 200: z.string(), 404: apiErrorSchema },
      },
      config: { allowInvalidToken: true },
    },
    async (request, reply) => {
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const body = await calendarFeedBody(db, request.params.file.replace(/\.ics$/, ""), origin);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
};

export default integrationRoutes;
