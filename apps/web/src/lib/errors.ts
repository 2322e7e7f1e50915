import { ERROR_CODES, type ErrorCode, VALIDATION_MESSAGES_EN, validationKeyOf } from "@draftroom/contracts";
import { isApiRequestError } from "./api.ts";
import i18n from "./i18n.ts";

/** Dynamic keys (error codes, validation keys) are checked at runtime, so the lookup is untyped. */
const translate = (key: string, options?: Record<string, unknown>): string =>
  (i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, options);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * A translated sentence for any thrown value: the API code (`errors:codes.<code>`), the transport
 * kind (`errors:kinds.<kind>`), else the fallback. For validation errors use `fieldErrors`.
 *
 * @example setBanner(errorMessage(error, t("drafts:loadFailed")));
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (isApiRequestError(error)) {
    if (isErrorCode(error.code) && error.code !== "validation_error")
      return translate(`errors:codes.${error.code}`);
    if (error.kind !== "HTTP_ERROR") return translate(`errors:kinds.${error.kind}`);
    if (error.code === "validation_error") return fallback ?? translate("errors:codes.validation_error");
    return fallback ?? translate("errors:kinds.HTTP_ERROR", { status: error.status ?? 0 });
  }
  return fallback ?? translate("errors:generic");
}

/** Translates a validation key (or an English server message that maps to one). */
export function validationText(message: string): string {
  const key = validationKeyOf(message) ?? message;
  return translate(`validation:${key}`, { defaultValue: message });
}

/**
 * The API's per-field errors (`fields`), translated, keyed by field name. A message that is not a
 * validation sentence (e.g. "username taken") is shown as the translation of the error code.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const known = validationKeyOf(message) ?? (message in VALIDATION_MESSAGES_EN ? message : undefined);
    if (known) out[field] = translate(`validation:${known}`);
    else if (isErrorCode(error.code) && error.code !== "validation_error") out[field] = errorMessage(error);
    else out[field] = message;
  }
  return out;
}

/**
 * Zod issues → `{field: translated message}` (first issue per field wins).
 *
 * @example const r = schema.safeParse(values); if (!r.success) setErrors(zodFieldErrors(r.error.issues));
 */
export function zodFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "_");
    out[field] ??= validationText(issue.message);
  }
  return out;
}
