import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";

describeEachDialect("drafts routes in the OpenAPI document", (ctx) => {
  it("documents every drafts route with its schemas", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const expected: Array<[string, string[]]> = [
      ["/api/drafts/leagues/", ["get", "post"]],
      ["/api/drafts/leagues/{id}/teams/", ["get", "post"]],
      ["/api/drafts/teams/", ["get"]],
      ["/api/drafts/teams/{id}/priorities/", ["get", "put"]],
      ["/api/drafts/sessions/", ["get", "post"]],
      ["/api/drafts/sessions/{id}/", ["get", "put", "patch", "delete"]],
      ["/api/drafts/sessions/{id}/actions/", ["get", "post"]],
      ["/api/drafts/sessions/{id}/actions/{action_id}/", ["put", "delete"]],
      ["/api/drafts/sessions/{id}/public/", ["get"]],
      ["/api/drafts/sessions/{id}/champions-status/", ["get"]],
      ["/api/drafts/sessions/{id}/recommendations/", ["get"]],
      ["/api/drafts/statistics/", ["get"]],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(1);
      }
    }
  });
});
