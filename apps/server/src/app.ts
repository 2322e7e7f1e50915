import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/index.ts";
import type { Database } from "./db/schema.ts";
import { bindEventBus, EventBus } from "./events.ts";
import authentication from "./modules/accounts/auth-plugin.ts";
import { usePasswordHashCost } from "./modules/accounts/password.ts";
import accountsRoutes from "./modules/accounts/routes.ts";
import { registerActivityItems } from "./modules/activity/lookups.ts";
import activityRoutes from "./modules/activity/routes.ts";
import { subscribeActivity } from "./modules/activity/subscriptions.ts";
import analyticsRoutes from "./modules/analytics/routes.ts";
import championRoutes from "./modules/champions/routes.ts";
import clientErrorsRoutes from "./modules/client-errors/routes.ts";
import commentRoutes from "./modules/comments/routes.ts";
import dataUpdateRoutes from "./modules/data-updates/routes.ts";
import draftPlanRoutes from "./modules/draft-plans/routes.ts";
import { planRef, returnWorkspacePlans } from "./modules/draft-plans/service.ts";
import { ActionsCache } from "./modules/drafts/actions-cache.ts";
import { registerOwnershipCache } from "./modules/drafts/ownership-cache.ts";
import { registerDraftRooms } from "./modules/drafts/room-link.ts";
import draftRoutes from "./modules/drafts/routes.ts";
import { registerDraftScrims } from "./modules/drafts/scrim-link.ts";
import { registerDraftSeries } from "./modules/drafts/series-link.ts";
import { sessionRef, sessionTeams } from "./modules/drafts/service.ts";
import healthRoutes from "./modules/health/routes.ts";
import { registerCalendarSource } from "./modules/integrations/calendar.ts";
import { registerScrimLedger } from "./modules/integrations/ledger-link.ts";
import integrationRoutes from "./modules/integrations/routes.ts";
import { startIntegrations } from "./modules/integrations/runtime.ts";
import { subscribeIntegrations } from "./modules/integrations/subscriptions.ts";
import leagueRoutes from "./modules/leagues/routes.ts";
import { registerTeamWorkspaces } from "./modules/leagues/service.ts";
import matchRoutes from "./modules/matches/routes.ts";
import metricsRoutes from "./modules/metrics/routes.ts";
import { createServerMetrics, type ServerMetrics } from "./modules/metrics/server-metrics.ts";
import practiceRoutes from "./modules/practice/routes.ts";
import roomRecommendationRoutes from "./modules/recommendations/room-routes.ts";
import recommendationRoutes from "./modules/recommendations/routes.ts";
import { registerTeamLedger } from "./modules/recommendations/team-ledger-link.ts";
import reviewsRoutes from "./modules/reviews/routes.ts";
import { deleteWorkspaceReviews, reviewRef } from "./modules/reviews/service.ts";
import { RoomHub } from "./modules/rooms/hub.ts";
import { watchMembershipEnds } from "./modules/rooms/member-sockets.ts";
import quickRoomRoutes from "./modules/rooms/quick/routes.ts";
import roomRoutes from "./modules/rooms/routes.ts";
import { registerRoomRuntime, registerRoomSeriesInfo } from "./modules/rooms/runtime.ts";
import { seriesInfoOfRoom } from "./modules/rooms/series/info.ts";
import { publicDraftDelayed, publicSeries } from "./modules/rooms/series/public.ts";
import seriesRoomRoutes from "./modules/rooms/series/routes.ts";
import { announceSeriesChange, announceSessionResult } from "./modules/rooms/series/service.ts";
import { ORGANISER, runRoomCommand } from "./modules/rooms/service.ts";
import scoutingRoutes from "./modules/scouting/routes.ts";
import scrimAnalyticsRoutes from "./modules/scrims/analytics-routes.ts";
import { feedLedgerCache, workspaceTeamLedger } from "./modules/scrims/feeds.ts";
import scrimFeedRoutes from "./modules/scrims/feeds-routes.ts";
import { attachFinishedDraft } from "./modules/scrims/game-drafts.ts";
import { fileImportedResult, ledgerScrim, scrimCalendarEntries } from "./modules/scrims/integration-links.ts";
import { resultFromDraft } from "./modules/scrims/result-from-draft.ts";
import scrimRoutes from "./modules/scrims/routes.ts";
import { scrimRef } from "./modules/scrims/service.ts";
import { registerSeriesRooms } from "./modules/series/room-link.ts";
import seriesRoutes from "./modules/series/routes.ts";
import { seriesLocksForSession, seriesRef, syncWinnerFromSession } from "./modules/series/service.ts";
import { publicShareTarget, withOpenGraph } from "./modules/share/open-graph.ts";
import shareRoutes from "./modules/share/routes.ts";
import subscriptionsRoutes from "./modules/subscriptions/routes.ts";
import { startCommunity } from "./modules/subscriptions/service.ts";
import usersRoutes from "./modules/users/routes.ts";
import workspaceExportRoutes from "./modules/workspace-export/routes.ts";
import { registerAccessCache } from "./modules/workspaces/access-cache.ts";
import { onWorkspaceDeleting } from "./modules/workspaces/deletion.ts";
import { poolRef } from "./modules/workspaces/roster.ts";
import workspaceRoutes from "./modules/workspaces/routes.ts";
import { activeWorkspaceIds, requireWorkspaceRole, workspaceRef } from "./modules/workspaces/service.ts";
import { registerWorkspaceSessions } from "./modules/workspaces/session-link.ts";
import { registerChampionImages } from "./plugins/champion-images.ts";
import { registerDocs } from "./plugins/docs.ts";
import { installErrorHandling, sendError, toErrorBody } from "./plugins/error-handler.ts";
import { loadFirstPaint } from "./plugins/first-paint.ts";
import { requestValidatorCompiler } from "./plugins/request-validator.ts";
import { registerSecurity } from "./plugins/security.ts";
import { inlineScriptHashes, readIndexHtml, registerWebApp } from "./plugins/web.ts";
import "./auth-context.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** Kysely instance; repositories take it (or a transaction) as their first argument. */
    db: Kysely<Database>;
    database: DatabaseHandle;
    /** This process's live rooms: sockets, timers, sweeper, fan-out (modules/rooms/hub.ts). */
    rooms: RoomHub;
    /** What changed, for the modules that follow it (events.ts, decision record 039). */
    events: EventBus;
    /** Prometheus metrics (METRICS=1, decision 052); undefined when off. */
    metrics: ServerMetrics | undefined;
  }
}

/**
 * Feature modules. Each is a Fastify plugin mounted under /api that declares its own paths
 * (e.g. "/drafts/sessions/"). Owners add ONE import above and ONE line here.
 * The accounts module's authentication plugin (wrapped with fastify-plugin, see auth-context.ts)
 * goes FIRST so its onRequest hook sets `request.user` for every module after it.
 */
// biome-ignore format: one line per module keeps concurrent edits apart
const API_MODULES: FastifyPluginAsync[] = [
  authentication,
  healthRoutes,
  metricsRoutes,
  championRoutes,
  accountsRoutes,
  usersRoutes,
  subscriptionsRoutes,
  reviewsRoutes,
  analyticsRoutes,
  clientErrorsRoutes,
  leagueRoutes,
  draftRoutes,
  recommendationRoutes,
  roomRecommendationRoutes,
  seriesRoutes,
  matchRoutes,
  roomRoutes,
  shareRoutes,
  dataUpdateRoutes,
  quickRoomRoutes,
  seriesRoomRoutes,
  scoutingRoutes,
  practiceRoutes,
  workspaceRoutes,
  draftPlanRoutes,
  activityRoutes,
  commentRoutes,
  workspaceExportRoutes,
  scrimRoutes,
  scrimAnalyticsRoutes,
  integrationRoutes,
  scrimFeedRoutes,
];

/** A request path for the log: a calendar feed's or tournament callback's token is replaced by "…". */
function hideSecretPaths(url: string | undefined): string | undefined {
  return url?.replace(/(\/api\/(calendar|riot\/callback)\/)[^/?#]+/, "$1…");
}

/** Fastify's trustProxy from TRUST_PROXY; a hop count trusts that many proxies from the socket's end. */
function trustedProxies(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them to prove a secret is never logged). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the Fastify app without listening: tests inject requests, main.ts listens. The caller
 * owns the database handle and destroys it after `app.close()`.
 */
export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  usePasswordHashCost(config.passwordHashFast);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: ["req.headers.authorization", "req.headers.cookie"],
      serializers: {
        // A calendar feed's token is its credential (decision 051): the logged path leaves it out.
        req: (request) => ({
          method: request.method,
          url: hideSecretPaths(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      hooks: {
        logMethod(args, method, level) {
          // A browser that navigates away mid-download aborts a compressed stream: not a server error.
          const first = args[0] as unknown;
          if (level >= 50 && first instanceof Error && first.message === "premature close") return;
          method.apply(this, args);
        },
      },
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Router-level rejections (an over-long path parameter, a malformed URL) bypass the error
    // handler; answer them in the same {detail, code} shape.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorBody(error);
      sendError(reply, status, body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorateRequest("user", null);
  const cacheSize = config.actionsCacheSessions;
  const actionsCache = new ActionsCache(cacheSize, cacheSize > 0 ? database.changes() : undefined);
  app.decorate("actionsCache", actionsCache);
  // Rooms on PostgreSQL hear other processes through the change feed; SQLite serves one process.
  const roomFeed = database.dialect === "postgres" ? database.changes() : undefined;
  const rooms = new RoomHub(database.db, actionsCache, roomFeed, {
    sweepMs: config.rooms.sweepMs,
    availability: database.availability,
  });
  app.decorate("rooms", rooms);
  // Measured only when an operator asked for it: nothing is counted otherwise.
  const metrics = config.metrics
    ? createServerMetrics({
        rooms: () => rooms.stats(),
        pool: database.poolStats,
        notifyLag: roomFeed?.notifyLag ? (timeoutMs) => roomFeed.notifyLag!(timeoutMs) : undefined,
      })
    : undefined;
  app.decorate("metrics", metrics);
  if (metrics) {
    rooms.observe(metrics.observer);
    app.addHook("onClose", async () => metrics.stop());
  }
  // Back from an outage: the running clocks get its time back, then run again (decision 049).
  const stopRecovery = database.availability.onRecovered((outage) => {
    app.log.warn({ outage_ms: outage.toMs - outage.fromMs }, "the database is reachable again");
    void rooms.recover(outage);
  });
  app.addHook("onClose", async () => stopRecovery());
  registerRoomRuntime(database.db, rooms);
  registerRoomSeriesInfo(seriesInfoOfRoom);
  // Drafts sit below series and cannot import them (decision record 025): series plug in here.
  registerDraftSeries({ locksFor: seriesLocksForSession, winnerRecorded: syncWinnerFromSession });
  // The scrim ledger sits above drafts too: a winner chosen on a scrim game's draft is its result.
  registerDraftScrims({ winnerChosen: resultFromDraft });
  // No module imports one above it (decision record 039): the upper side plugs in here.
  registerDraftRooms({
    ownerCommand: (db, target, command, options) => runRoomCommand(db, target, ORGANISER, command, options),
    publicDelayed: publicDraftDelayed,
  });
  registerSeriesRooms({ publicView: publicSeries });
  registerWorkspaceSessions(sessionTeams);
  // A workspace's teams are seen by its members; workspaces read leagues, so they plug in here.
  registerTeamWorkspaces({
    activeIds: activeWorkspaceIds,
    requireCreate: async (db, userId, workspaceId) => {
      await requireWorkspaceRole(db, userId, workspaceId, "edit_drafts");
    },
  });
  registerActivityItems(
    { session: sessionRef, series: seriesRef, plan: planRef, review: reviewRef, scrim: scrimRef },
    { workspace: workspaceRef, pool: poolRef },
  );
  // Modules say what changed on the app's bus; the ones that follow it subscribe here.
  const events = new EventBus();
  app.decorate("events", events);
  bindEventBus(database.db, events);
  // A workspace's own scrims rank its own team's suggestions (decision 058): recommendations sit
  // below scrims, so the ledger plugs in here, cached on this app's bus.
  feedLedgerCache(database.db, events);
  registerTeamLedger(workspaceTeamLedger);
  // Outside services: their clients and the Discord queue (decision 051).
  const integrations = startIntegrations(database.db, config, app.log);
  if (!config.integrations.secretKey) {
    app.log.warn("INTEGRATIONS_SECRET_KEY is not set: Discord webhooks are stored unsealed in the database");
  }
  // The integrations read and file into the scrim ledger through these (decision 057).
  registerScrimLedger({ scrim: ledgerScrim, file: fileImportedResult });
  const stopCalendar = registerCalendarSource(scrimCalendarEntries);
  const unsubscribe = [
    stopCalendar,
    subscribeActivity(events),
    subscribeIntegrations(events, integrations),
    events.on("account.registered", async ({ db, userId }) => {
      await startCommunity(db, userId);
    }),
    events.on("session.result_recorded", ({ db, sessionId }) => announceSessionResult(db, sessionId)),
    events.on("series.games_changed", ({ db, seriesId }) => announceSeriesChange(db, seriesId)),
    // A scrim game's draft finished: the ledger links it (decision 050). A room's last step says
    // `finished`, an owner's REST step `locked`; the ledger never fails the draft's own step.
    events.on("session.changed", async ({ verb, id }) => {
      if (verb !== "finished" && verb !== "locked") return;
      try {
        await attachFinishedDraft(database.db, id);
      } catch (error) {
        app.log.error({ err: error, session_id: id }, "the scrim ledger could not attach a finished draft");
      }
    }),
  ];
  app.addHook("onClose", async () => {
    for (const stop of unsubscribe) stop();
  });
  // Ready once this process hears other processes (PostgreSQL's listener), then the rooms' clocks.
  app.addHook("onReady", async () => {
    await database.changes().started();
    await rooms.start();
    await metrics?.probeNotify();
  });
  app.addHook("preClose", () => rooms.stop());
  app.addHook("onReady", async () => integrations.start());
  app.addHook("preClose", () => integrations.stop());
  // Workspace access decisions are cached per process, dropped on every change (decision 044).
  const stopAccessCache = registerAccessCache(database.db, database.changes());
  const stopOwnershipCache = registerOwnershipCache(database.db, database.changes());
  app.addHook("onClose", async () => {
    stopAccessCache();
    stopOwnershipCache();
  });
  // Ended workspace memberships close that member's room sockets on every process.
  const stopMemberSockets = watchMembershipEnds(database.db, roomFeed);
  app.addHook("onClose", async () => stopMemberSockets());
  // A deleted workspace's reviews and plans are handled by their modules, in its transaction.
  const stopDeletingReviews = onWorkspaceDeleting(deleteWorkspaceReviews);
  const stopReturningPlans = onWorkspaceDeleting(returnWorkspacePlans);
  app.addHook("onClose", async () => {
    stopDeletingReviews();
    stopReturningPlans();
  });

  const webApp = { fallback: undefined as Awaited<ReturnType<typeof registerWebApp>> };
  installErrorHandling(app, { fallback: (request, reply) => webApp.fallback?.(request, reply) ?? false });

  const indexHtml = readIndexHtml(config.webDist);
  await registerSecurity(app, config, inlineScriptHashes(indexHtml));
  await app.register(compress, { global: true, threshold: 1024 });
  await registerDocs(app);

  await app.register(
    async (api) => {
      for (const module of API_MODULES) await api.register(module);
    },
    { prefix: "/api" },
  );

  await registerChampionImages(app, config);
  webApp.fallback = await registerWebApp(
    app,
    config.webDist,
    indexHtml,
    (request, html) => {
      const target = publicShareTarget(request.url);
      return target ? withOpenGraph(html, target, `${request.protocol}://${request.host}`) : undefined;
    },
    indexHtml === undefined
      ? undefined
      : await loadFirstPaint(app, config.webDist, config.firstPaintBudgetMs),
  );
  return app;
}
