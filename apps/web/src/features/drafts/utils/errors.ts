import { ERROR_CODES, type ErrorCode, validationKeyOf } from "@draftroom/contracts";
import i18n from "i18next";
import { isApiRequestError } from "@/lib/api.ts";

/** Looks up a key built at run time (error codes, validation keys) in the shared namespaces. */
export function translateKey(key: string, options?: Record<string, unknown>): string {
  return (i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, options);
}

/** The API's error code of a failed call, if any. */
export function errorCode(error: unknown): ErrorCode | null {
  return isApiRequestError(error) ? error.code : null;
}

/** A translated explanation of a failed call: the code's text, else the transport kind's. */
export function describeError(error: unknown): string | null {
  if (!isApiRequestError(error)) return null;
  if (error.code && (ERROR_CODES as readonly string[]).includes(error.code)) {
    return translateKey(`errors:codes.${error.code}`);
  }
  if (error.kind !== "HTTP_ERROR") return translateKey(`errors:kinds.${error.kind}`);
  return null;
}

/** A validation key (the message of a contracts schema issue) in the user's language. */
export function validationText(key: string): string {
  return translateKey(`validation:${key}`);
}

/** Server field errors (English) translated through the shared validation keys. */
export function translateFieldErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const key = validationKeyOf(message);
    out[field] = key ? validationText(key) : message;
  }
  return out;
}
