import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toErrorBody } from "./error-handler.ts";
import { requestValidatorCompiler } from "./request-validator.ts";

type Part = "body" | "querystring";

function validate(schema: z.ZodType, data: unknown, httpPart: Part = "body") {
  const route = { schema, httpPart, method: "POST", url: "/api/things/" } as FastifyRouteSchemaDef<z.ZodType>;
  return requestValidatorCompiler(route)(data) as { value?: unknown; error?: unknown[] };
}

/** What the API answers for a rejected body: the error handler's shape. */
function answer(result: { error?: unknown[] }) {
  return toErrorBody(Object.assign(new Error("invalid"), { validation: result.error }));
}

const session = z.object({ title: z.string(), settings: z.object({ ban_timer: z.number() }).optional() });

describe("requestValidatorCompiler", () => {
  it("names every unknown top-level field of a body, beside the other problems", () => {
    const result = validate(session, { title: 3, workspace_id: "x", league: 2 });
    expect(answer(result)).toEqual({
      status: 400,
      body: {
        detail: "Invalid input.",
        code: "validation_error",
        fields: {
          title: expect.any(String),
          workspace_id: "This request has no such field",
          league: "This request has no such field",
        },
      },
    });
  });

  it("passes a body with known fields through, parsed", () => {
    expect(validate(session, { title: "Scrim", settings: { ban_timer: 30 } })).toEqual({
      value: { title: "Scrim", settings: { ban_timer: 30 } },
    });
  });

  it("leaves nested objects, loose schemas, non-object schemas and query strings lenient", () => {
    expect(validate(session, { title: "Scrim", settings: { ban_timer: 30, sound: true } })).toEqual({
      value: { title: "Scrim", settings: { ban_timer: 30 } },
    });
    expect(validate(z.looseObject({ shortCode: z.string() }), { shortCode: "A", gameId: 1 })).toEqual({
      value: { shortCode: "A", gameId: 1 },
    });
    expect(validate(z.unknown(), { anything: 1 })).toEqual({ value: { anything: 1 } });
    expect(
      validate(z.object({ page: z.coerce.number() }), { page: "2", utm_source: "x" }, "querystring"),
    ).toEqual({ value: { page: 2 } });
  });

  it("refuses a query parameter named as a declared one with or without _id, and nothing else", () => {
    const listInSpace = z.object({ page: z.coerce.number().default(1), workspace: z.uuid().optional() });
    expect(answer(validate(listInSpace, { workspace_id: "x" }, "querystring"))).toEqual({
      status: 400,
      body: {
        detail: "Invalid input.",
        code: "validation_error",
        fields: { workspace_id: "This request has no such field" },
      },
    });
    const plans = z.object({ workspace_id: z.uuid().optional() });
    expect(answer(validate(plans, { workspace: "x" }, "querystring")).body.fields).toEqual({
      workspace: "This request has no such field",
    });
    expect(validate(listInSpace, { page: "2", utm_source: "mail", _: "123" }, "querystring")).toEqual({
      value: { page: 2 },
    });
  });
});
