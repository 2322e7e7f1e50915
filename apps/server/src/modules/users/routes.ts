import {
  languageUpdateBodySchema,
  preferencesUpdateBodySchema,
  themeUpdateBodySchema,
  userSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { updatePreferences } from "../accounts/service.ts";

/**
 * Preferences of the signed-in user: theme (light, dark, auto), language (en, es) and custom hues.
 * Each route answers the whole user, as `GET /api/auth/profile/` does.
 */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = { 200: userSchema, ...errorResponses(400, 401) };

  app.patch(
    "/users/preferences/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["users"],
        summary: "Change any of theme, language and custom hues",
        body: preferencesUpdateBodySchema,
        response: responses,
      },
    },
    async (request) => updatePreferences(app.db, requireUser(request).id, request.body),
  );

  app.patch(
    "/users/theme/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["users"],
        summary: "Change the theme",
        body: themeUpdateBodySchema,
        response: responses,
      },
    },
    async (request) => updatePreferences(app.db, requireUser(request).id, { theme: request.body.theme }),
  );

  app.patch(
    "/users/language/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["users"],
        summary: "Change the interface language",
        body: languageUpdateBodySchema,
        response: responses,
      },
    },
    async (request) =>
      updatePreferences(app.db, requireUser(request).id, { language: request.body.language }),
  );
};

export default usersRoutes;
