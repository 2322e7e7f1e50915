import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";

/** Every route of this part of the API is in the OpenAPI document with its request and answer schemas. */
const ROUTES: Array<[string, string, Array<"body" | "params" | "query">, string]> = [
  ["post", "/api/auth/register/", ["body"], "201"],
  ["post", "/api/auth/login/", ["body"], "200"],
  ["post", "/api/auth/logout/", [], "204"],
  ["get", "/api/auth/profile/", [], "200"],
  ["patch", "/api/auth/profile/", ["body"], "200"],
  ["post", "/api/auth/password/", ["body"], "204"],
  ["patch", "/api/users/preferences/", ["body"], "200"],
  ["patch", "/api/users/theme/", ["body"], "200"],
  ["patch", "/api/users/language/", ["body"], "200"],
  ["post", "/api/client-errors/", ["body"], "204"],
  ["get", "/api/subscriptions/tiers/", [], "200"],
  ["get", "/api/subscriptions/", ["query"], "200"],
  ["post", "/api/subscriptions/", ["body"], "201"],
  ["put", "/api/subscriptions/{id}/", ["params", "body"], "200"],
  ["delete", "/api/subscriptions/{id}/", ["params"], "200"],
  ["get", "/api/rosters/reviews/", ["query"], "200"],
  ["post", "/api/rosters/reviews/", ["body"], "201"],
  ["get", "/api/rosters/reviews/{id}/", ["params"], "200"],
  ["put", "/api/rosters/reviews/{id}/", ["params", "body"], "200"],
  ["delete", "/api/rosters/reviews/{id}/", ["params"], "204"],
  ["get", "/api/drafts/analytics/", ["query"], "200"],
];

describeEachDialect(
  "OpenAPI document: accounts, users, subscriptions, reviews, analytics, client errors",
  (ctx) => {
    it("lists each route with its parameters, body and responses, errors included", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        paths: Record<
          string,
          Record<
            string,
            {
              parameters?: Array<{ in: string; name: string }>;
              requestBody?: { content: Record<string, { schema: unknown }> };
              responses: Record<string, unknown>;
            }
          >
        >;
      };
      for (const [method, path, parts, success] of ROUTES) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation!.responses), `${method} ${path}`).toContain(success);
        if (parts.includes("body"))
          expect(operation!.requestBody?.content["application/json"]?.schema).toBeDefined();
        if (parts.includes("params"))
          expect(operation!.parameters?.some((p) => p.in === "path" && p.name === "id")).toBe(true);
        if (parts.includes("query")) expect(operation!.parameters?.some((p) => p.in === "query")).toBe(true);
        if (path !== "/api/subscriptions/tiers/") {
          expect(
            Object.keys(operation!.responses).some((status) => status.startsWith("4")),
            `${method} ${path}`,
          ).toBe(true);
        }
      }
    });

    it("names every operation, says which need the Token scheme, and has a server", async () => {
      const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
        servers: unknown[];
        paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
      };
      expect(doc.servers.length).toBeGreaterThan(0);
      const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
      const ids = operations.map((operation) => operation.operationId);
      expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true);
      const token = [{ token: [] }];
      expect(doc.paths["/api/auth/profile/"]!.get!.security).toEqual(token);
      expect(doc.paths["/api/subscriptions/"]!.get!.security).toEqual(token);
      expect(doc.paths["/api/auth/login/"]!.post!.security).toEqual([]);
      expect(doc.paths["/api/subscriptions/tiers/"]!.get!.security).toEqual([{}, ...token]);
      expect(doc.paths["/api/auth/login/"]!.post!.operationId).toBe("postAuthLogin");
    });
  },
  { seed: false },
);
