import type { ErrorCode } from "@draftroom/contracts";

/**
 * The one error type routes and services throw. The app's error handler renders it as
 * `{ detail, code, fields? }` with `status`.
 *
 * @example
 * throw new AppError(404, "not_found", "Draft session not found.");
 * throw new AppError(400, "validation_error", "Invalid input.", { name: "Name is required" });
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, detail: string, fields?: Record<string, string>) {
    super(detail);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
