import { Transform } from "node:stream";
import { apiErrorSchema, matchImportResultSchema, matchSummarySchema } from "@draftroom/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AuthUser, authenticate, requireUser } from "../../auth-context.ts";
import { createDatabase } from "../../db/index.ts";
import { AppError } from "../../errors.ts";
import { importMatchStream, loadPool } from "./import.ts";
import { syncImportedTeams } from "./imported-teams.ts";
import { MatchFileError } from "./oracles-elixir.ts";
import {
  closeMatchStatistics,
  matchSummary,
  setMatchStatisticsSource,
  toImportResponse,
  warmMatchStatistics,
} from "./service.ts";

/** Thrown inside the body stream when the upload passes the configured limit. */
class TooLarge extends Error {}

/**
 * Match data: what the recommendations rest on (`GET /matches/summary/`, any signed-in user)
 * and the web import of an Oracle's Elixir CSV (`POST /matches/imports/`, body `text/csv`,
 * only for the usernames in DATA_ADMINS: imported games are shared by everyone, see
 * docs/decisions/008-match-data-import.md). The body is streamed into the import, never held
 * whole; the import runs on its own database connection so the app's queries go on meanwhile.
 */
const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.config.matchUploadLimitBytes;
  const canImport = (user: AuthUser) => app.config.dataAdmins.includes(user.username.toLowerCase());

  // The CSV reaches the handler as the raw request stream (this plugin's scope only).
  app.addContentTypeParser("text/csv", (_request: FastifyRequest, payload, done) => done(null, payload));

  // Answers from the statistics cache from the start, not on the first request.
  app.addHook("onReady", async () => {
    // The statistics thread reads the games on its own connection, never through the app's.
    setMatchStatisticsSource(app.db, {
      databaseUrl: app.config.databaseUrl,
      sqlitePath: app.config.sqlitePath,
    });
    warmMatchStatistics(app.db);
    // Games imported before leagues knew their teams (decision 053) get their teams listed.
    await syncImportedTeams(app.db).catch((error) =>
      app.log.warn({ err: error }, "could not list the teams of the imported games"),
    );
  });
  app.addHook("onClose", async () => closeMatchStatistics(app.db));

  app.get(
    "/matches/summary/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["matches"],
        summary: "Games, players, leagues, patches and dates of the imported match data",
        response: { 200: matchSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { ...(await matchSummary(app.db)), can_import: canImport(user), upload_limit_bytes: limit };
    },
  );

  app.post(
    "/matches/imports/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["matches"],
        summary: "Import an Oracle's Elixir match-data CSV (body text/csv); all or nothing",
        description:
          "Streams the file into one transaction. A file with a malformed row writes nothing and answers `status: rejected` with the problems (line numbers); games already imported are replaced. Only DATA_ADMINS may import.",
        response: {
          200: matchImportResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!canImport(user)) {
        throw new AppError(403, "forbidden", "Only a data administrator may import match data.");
      }
      const declared = Number(request.headers["content-length"] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > limit) {
        throw new AppError(413, "payload_too_large", `The file is larger than the limit of ${limit} bytes.`);
      }
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== "function") {
        throw new AppError(415, "unsupported_media_type", "Send the file as text/csv.");
      }
      let received = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            if (received > limit) done(new TooLarge());
            else done(null, chunk);
          },
        }),
      );
      body.on("error", (error) => counted.destroy(error));

      const importer = createDatabase(app.config);
      try {
        const pool = await loadPool(importer.db);
        const result = await importMatchStream(importer.db, counted, pool);
        if (result.status === "imported") warmMatchStatistics(app.db);
        request.log.info(
          {
            user: user.username,
            status: result.status,
            games: result.imported,
            problems: result.problems.length,
          },
          "match import",
        );
        return toImportResponse(result);
      } catch (error) {
        if (error instanceof TooLarge) {
          throw new AppError(
            413,
            "payload_too_large",
            `The file is larger than the limit of ${limit} bytes.`,
          );
        }
        if (error instanceof MatchFileError) {
          throw new AppError(400, "validation_error", error.message, { file: error.message });
        }
        throw error;
      } finally {
        await importer.destroy();
      }
    },
  );
};

export default matchRoutes;
