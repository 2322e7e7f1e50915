/**
 * Conditional downloads: the validators of the last good download (ETag, Last-Modified) go out
 * as If-None-Match / If-Modified-Since, and a 304 means nothing to do. Every failure becomes an
 * UpdateError whose message is plain words for the data page.
 */

/** Values an error code's translation fills in (a host, a patch, a count). */
export type ErrorParams = Record<string, string | number>;

/**
 * A failed update: `message` is the English text (stored, logged, and the web app's fallback);
 * `code` and `params` let the web app say it in the reader's language (`data:updates.errors.<code>`).
 */
export class UpdateError extends Error {
  constructor(
    message: string,
    readonly code: string = "unexpected",
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = "UpdateError";
  }
}

export interface Validators {
  etag: string | null;
  last_modified: string | null;
}

export type Download =
  | { status: "unchanged" }
  | {
      status: "changed";
      response: Response;
      validators: Validators;
      /** Stops the body's download (the caller's timeout: a whole JSON file, or a stalled stream). */
      abort: (reason: Error) => void;
    };

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Plain words for a failed request ("could not reach ddragon.leagueoflegends.com (timed out)"). */
export function describeFailure(url: string, error: unknown): string {
  return failureError(url, error).message;
}

/** A failed request as an UpdateError with its code (timeout, cut off, unreachable). */
export function failureError(url: string, error: unknown): UpdateError {
  if (error instanceof UpdateError) return error;
  const host = hostOf(url);
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return new UpdateError(`${host} took too long to answer.`, "timeout", { host });
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  const message = error instanceof Error ? error.message : String(error);
  if (message === "terminated" || /other side closed|ECONNRESET|premature/i.test(`${message} ${cause}`))
    return new UpdateError(`The download from ${host} was cut off before it finished.`, "cut_off", { host });
  return new UpdateError(`Could not reach ${host}${cause ? ` (${cause})` : ""}.`, "unreachable", { host });
}

/**
 * GETs `url` with the validators of the last good download. A 304 is `unchanged`; any status but
 * 200 and 304 is an UpdateError.
 */
export async function conditionalGet(
  url: string,
  validators: Validators,
  timeoutMs: number,
): Promise<Download> {
  const headers: Record<string, string> = {};
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.last_modified) headers["if-modified-since"] = validators.last_modified;
  // The timeout covers the answer's headers; the body is the caller's (a season's file streams
  // for longer than any sane whole-request limit, so it is watched for stalls instead).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError()), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: controller.signal });
  } catch (error) {
    throw failureError(url, error);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: "unchanged" };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new UpdateError(
      `${hostOf(url)} answered HTTP ${response.status} instead of the file.`,
      "http_status",
      {
        host: hostOf(url),
        status: response.status,
      },
    );
  }
  return {
    status: "changed",
    response,
    validators: { etag: response.headers.get("etag"), last_modified: response.headers.get("last-modified") },
    abort: (reason) => controller.abort(reason),
  };
}

export function timeoutError(): Error {
  const error = new Error("timed out");
  error.name = "TimeoutError";
  return error;
}

/** Reads a whole JSON body within `timeoutMs` (a cut-off, late or invalid body is an UpdateError). */
export async function readJson(
  url: string,
  download: Extract<Download, { status: "changed" }>,
  timeoutMs: number,
): Promise<unknown> {
  let text: string;
  const timer = setTimeout(() => download.abort(timeoutError()), timeoutMs);
  try {
    text = await download.response.text();
  } catch (error) {
    throw failureError(url, error);
  } finally {
    clearTimeout(timer);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UpdateError(
      `The file from ${hostOf(url)} is not valid JSON (cut off or damaged).`,
      "invalid_json",
      {
        host: hostOf(url),
      },
    );
  }
}
