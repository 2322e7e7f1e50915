import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { toErrorBody } from "./error-handler.ts";

describe("toErrorBody", () => {
  it("renders an AppError as is", () => {
    expect(
      toErrorBody(new AppError(409, "wrong_turn", "Not your turn.", { phase_number: "Expected 3" })),
    ).toEqual({
      status: 409,
      body: { detail: "Not your turn.", code: "wrong_turn", fields: { phase_number: "Expected 3" } },
    });
  });

  it("maps Fastify's body errors to malformed_json and payload_too_large", () => {
    expect(toErrorBody({ code: "FST_ERR_CTP_INVALID_JSON_BODY", statusCode: 400 }).body.code).toBe(
      "malformed_json",
    );
    expect(toErrorBody({ code: "FST_ERR_CTP_BODY_TOO_LARGE", statusCode: 413 }).status).toBe(413);
  });

  it("never exposes an unexpected error's message", () => {
    const result = toErrorBody(new Error("connection string postgres://secret"));
    expect(result).toEqual({
      status: 500,
      body: { detail: "An unexpected error occurred.", code: "internal_error" },
    });
  });
});
