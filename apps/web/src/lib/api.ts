import { type ApiError, ERROR_CODES, type ErrorCode, ROUTES, STORAGE_KEYS } from "@draftroom/contracts";
import { takeEarlyResponse } from "./early-response.ts";
import { storage } from "./storage.ts";

/** Base address of the API; `VITE_API_BASE` overrides it per environment. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? "/api";
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiErrorKind = "HTTP_ERROR" | "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";

/**
 * Every failed call rejects with this. `kind` tells transport failures apart from HTTP answers;
 * HTTP answers carry the server's `{detail, code, fields}` when the body had that shape.
 */
export class ApiRequestError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  readonly detail: string | null;
  readonly fields: Record<string, string>;
  readonly body: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number | null;
    error?: ApiError | null;
    body?: unknown;
  }) {
    super(init.message);
    this.name = "ApiRequestError";
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.error?.code ?? null;
    this.detail = init.error?.detail ?? null;
    this.fields = init.error?.fields ?? {};
    this.body = init.body;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Whether the answer says the thing asked for is not there (404: unknown, or not this member's). */
export function isNotFound(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 404;
}

/**
 * Asks for one thing by the id a page's address holds, or fails as an unknown id does (404) when
 * that id cannot be one (`isId`, from contracts). A link cut short or mistyped names a page that
 * does not exist; the API answers such an id with a 400 naming the field, which a page would show
 * as a failure to retry.
 */
export function requestById<T>(
  id: string,
  isId: (id: string) => boolean,
  request: () => Promise<T>,
): Promise<T> {
  if (isId(id)) return request();
  const error = { detail: "Not found.", code: "not_found" } as const;
  return Promise.reject(
    new ApiRequestError({ kind: "HTTP_ERROR", status: 404, error, message: error.detail }),
  );
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth store registers how a 401 signs the user out (state + navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function handleUnauthorized(): void {
  storage.remove(STORAGE_KEYS.authToken, STORAGE_KEYS.authUser, STORAGE_KEYS.legacyUser);
  if (unauthorizedHandler) unauthorizedHandler();
  else if (window.location.pathname !== ROUTES.login) window.location.assign(ROUTES.login);
}

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The server's error body `{detail, code, fields?}` (contracts `apiErrorSchema`), checked by hand so
 * zod stays off the startup path; anything else is not an API error body.
 */
export function parseApiError(body: unknown): ApiError | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { detail, code, fields } = body as Record<string, unknown>;
  if (typeof detail !== "string" || typeof code !== "string" || !ERROR_CODE_SET.has(code)) return null;
  if (fields === undefined) return { detail, code: code as ErrorCode };
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  if (!Object.values(fields).every((value) => typeof value === "string")) return null;
  return { detail, code: code as ErrorCode, fields: { ...(fields as Record<string, string>) } };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * When the server draws a screen's first paint (entry-server.tsx), the API calls of its queries go
 * to the server itself with the member's token from the page request: there is no storage and no
 * page address there. Null in the browser.
 */
export interface ServerSideApi {
  token: string;
  send: (url: string, init: RequestInit) => Promise<Response>;
}
let serverSide: ServerSideApi | null = null;

export function setServerSideApi(api: ServerSideApi | null): void {
  serverSide = api;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls the API. JSON in and out, `Authorization: Token <token>` when signed in.
 * A 401 on a signed-in call clears the session and sends the user to the login screen.
 *
 * @example
 *   const user = await apiRequest<User>("/auth/profile/");
 *   await apiRequest("/drafts/sessions/", { method: "POST", body: payload });
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = serverSide ? serverSide.token : storage.get(STORAGE_KEYS.authToken);
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Token ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });

  const url = buildUrl(path, options.query);
  // A plain GET the page's head already sent on this page load (decision 067) is taken, not sent again.
  const early =
    !serverSide && (options.method ?? "GET") === "GET" && options.headers === undefined
      ? takeEarlyResponse(url, token)
      : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : (serverSide?.send ?? fetch)(url, {
          method: options.method ?? "GET",
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: controller.signal,
        }));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError({
      kind: timedOut ? "TIMEOUT_ERROR" : "FETCH_ERROR",
      message: timedOut ? "The request timed out" : "Network request failed",
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }

  const text = await response.text().catch(() => "");
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) {
        throw new ApiRequestError({
          kind: "PARSING_ERROR",
          status: response.status,
          message: "The server answered with invalid JSON",
          body: text,
        });
      }
      data = text;
    }
  }

  if (response.status >= 200 && response.status <= 299) return data as T;

  const error = parseApiError(data);
  if (response.status === 401 && token && !serverSide) handleUnauthorized();
  throw new ApiRequestError({
    kind: "HTTP_ERROR",
    status: response.status,
    error,
    body: data,
    message: error?.detail ?? `Request failed with status ${response.status}`,
  });
}

/** The response, or the signal's abort (a timeout, a cancelled query) first, as fetch would. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};

/** Lists arrive as `{results, count}` or as a plain array. */
export function listResults<T>(data: T[] | { results: T[] } | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.results;
}
