import { isUuid, STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  api,
  apiRequest,
  isNotFound,
  listResults,
  parseApiError,
  requestById,
  setUnauthorizedHandler,
} from "./api.ts";
import { EARLY_RESPONSE_MS, EARLY_RESPONSES_GLOBAL } from "./early-response.ts";

function respond(status: number, body: unknown, raw = false) {
  return new Response(raw ? (body as string) : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

describe("apiRequest", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it("sends JSON with the Token header to /api and returns the parsed body", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "abc123");
    fetchMock.mockResolvedValue(respond(201, { id: 7 }));
    await expect(api.post("/drafts/sessions/", { title: "x" })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/drafts/sessions/");
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe("Token abc123");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ title: "x" }));
  });

  it("omits Authorization without a token and drops empty query values", async () => {
    fetchMock.mockResolvedValue(respond(200, []));
    await api.get("/drafts/sessions/", { query: { page: 2, league: "", team: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/drafts/sessions/?page=2");
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it("parses the {detail, code, fields} error into an ApiRequestError", async () => {
    fetchMock.mockResolvedValue(
      respond(400, { detail: "Invalid", code: "validation_error", fields: { title: "Title is required" } }),
    );
    const error = await apiRequest("/x/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      kind: "HTTP_ERROR",
      status: 400,
      code: "validation_error",
      detail: "Invalid",
      fields: { title: "Title is required" },
    });
  });

  it("a 401 on a signed-in call clears the session and calls the handler", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "t");
    localStorage.setItem(STORAGE_KEYS.authUser, "{}");
    localStorage.setItem(STORAGE_KEYS.legacyUser, "{}");
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(respond(401, { detail: "Invalid token.", code: "invalid_token" }));
    await expect(api.get("/auth/profile/")).rejects.toMatchObject({ status: 401, code: "invalid_token" });
    expect(handler).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.legacyUser)).toBeNull();
  });

  it("a 401 without a token (wrong login) does not sign anyone out", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(respond(401, { detail: "Bad", code: "invalid_credentials" }));
    await expect(api.post("/auth/login/", {})).rejects.toMatchObject({ code: "invalid_credentials" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("reports FETCH_ERROR, TIMEOUT_ERROR and PARSING_ERROR", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api.get("/a/")).rejects.toMatchObject({ kind: "FETCH_ERROR" });

    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    await expect(api.get("/b/", { timeoutMs: 20 })).rejects.toMatchObject({ kind: "TIMEOUT_ERROR" });

    fetchMock.mockResolvedValueOnce(respond(200, "{not json", true));
    await expect(api.get("/c/")).rejects.toMatchObject({ kind: "PARSING_ERROR" });
  });

  it("listResults accepts arrays and {results}", () => {
    expect(listResults([1, 2])).toEqual([1, 2]);
    expect(listResults({ results: [3] })).toEqual([3]);
    expect(listResults(null)).toEqual([]);
  });
});

describe("requestById", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fails as an unknown id does, without asking, when the address's id cannot be one", async () => {
    const failure: unknown = await requestById("abc", isUuid, () => api.get("/series/abc/")).catch(
      (error: unknown) => error,
    );
    if (!(failure instanceof ApiRequestError)) throw new Error(`not an ApiRequestError: ${String(failure)}`);
    expect([failure.status, failure.code, isNotFound(failure)]).toEqual([404, "not_found", true]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the server for an id that can be one, and passes its answer on, a 404 included", async () => {
    const id = "3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b";
    fetchMock.mockResolvedValueOnce(respond(200, { id }));
    await expect(requestById(id, isUuid, () => api.get(`/series/${id}/`))).resolves.toEqual({ id });
    fetchMock.mockResolvedValueOnce(respond(404, { detail: "Not found.", code: "not_found" }));
    const failure = await requestById(id, isUuid, () => api.get(`/series/${id}/`)).catch((error) => error);
    expect(isNotFound(failure)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("tells a 404 from other failures", () => {
    const answer = (status: number) => new ApiRequestError({ kind: "HTTP_ERROR", status, message: "" });
    expect([404, 400, 403, 500].map((status) => isNotFound(answer(status)))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(isNotFound(new Error("Not found"))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});

describe("parseApiError", () => {
  it("accepts the server's error shape and rejects anything else", () => {
    expect(parseApiError({ detail: "Nope", code: "not_found" })).toEqual({
      detail: "Nope",
      code: "not_found",
    });
    expect(parseApiError({ detail: "Bad", code: "validation_error", fields: { email: "Required" } })).toEqual(
      {
        detail: "Bad",
        code: "validation_error",
        fields: { email: "Required" },
      },
    );
    expect(parseApiError({ detail: "x", code: "made_up_code" })).toBeNull();
    expect(parseApiError({ detail: 1, code: "not_found" })).toBeNull();
    expect(parseApiError({ detail: "x", code: "not_found", fields: { a: 1 } })).toBeNull();
    expect(parseApiError("<html>")).toBeNull();
    expect(parseApiError(null)).toBeNull();
  });
});

describe("apiRequest and the page head's early responses (decision 067)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const leave = (token: string, responses: Record<string, Promise<Response>>) => {
    (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL] = { token, responses };
  };
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.authToken, "abc123");
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => respond(200, { from: "fetch" }));
    vi.stubGlobal("fetch", fetchMock);
    // A second into the page, when a screen asks for its first data. The test environment's own
    // clock starts with the worker: on a busy machine this file ran more than EARLY_RESPONSE_MS
    // after it, and every early response counted as stale (a flaky run, 2026-12-01).
    vi.spyOn(performance, "now").mockReturnValue(1_000);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
    delete (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];
  });

  it("takes the early response of the same GET once; the next one is fetched", async () => {
    leave("abc123", { "/api/drafts/champions/": Promise.resolve(respond(200, { from: "head" })) });
    await expect(api.get("/drafts/champions/")).resolves.toEqual({ from: "head" });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get("/drafts/champions/")).resolves.toEqual({ from: "fetch" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("matches the whole address, query included, and never a write or a call with its own headers", async () => {
    leave("abc123", {
      "/api/drafts/sessions/?page=1": Promise.resolve(respond(200, { from: "head" })),
      "/api/drafts/teams/": Promise.resolve(respond(200, { from: "head" })),
    });
    await expect(api.get("/drafts/sessions/", { query: { page: 2 } })).resolves.toEqual({ from: "fetch" });
    await expect(api.post("/drafts/sessions/", { page: 1 })).resolves.toEqual({ from: "fetch" });
    await expect(api.get("/drafts/teams/", { headers: { "X-Other": "1" } })).resolves.toEqual({
      from: "fetch",
    });
    await expect(api.get("/drafts/sessions/", { query: { page: 1 } })).resolves.toEqual({ from: "head" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("leaves a response asked with another token, or taken too late, to a fresh request", async () => {
    leave("someone-else", { "/api/workspaces/": Promise.resolve(respond(200, { from: "head" })) });
    await expect(api.get("/workspaces/")).resolves.toEqual({ from: "fetch" });

    leave("abc123", { "/api/workspaces/": Promise.resolve(respond(200, { from: "head" })) });
    vi.spyOn(performance, "now").mockReturnValue(EARLY_RESPONSE_MS + 1);
    await expect(api.get("/workspaces/")).resolves.toEqual({ from: "fetch" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("treats an early answer as its own: a 401 signs out", async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    leave("abc123", {
      "/api/subscriptions/": Promise.resolve(respond(401, { detail: "Expired", code: "not_authenticated" })),
    });
    await expect(api.get("/subscriptions/")).rejects.toMatchObject({ kind: "HTTP_ERROR", status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("treats an early request that failed as its own: a FETCH_ERROR", async () => {
    const failed = Promise.reject(new TypeError("Failed to fetch"));
    failed.catch(() => undefined);
    leave("abc123", { "/api/workspaces/": failed });
    await expect(api.get("/workspaces/")).rejects.toMatchObject({ kind: "FETCH_ERROR" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stops waiting for an early response when the caller aborts or its time is up", async () => {
    leave("abc123", {
      "/api/a/": new Promise<Response>(() => undefined),
      "/api/b/": new Promise<Response>(() => undefined),
    });
    const controller = new AbortController();
    const aborted = api.get("/a/", { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    await expect(api.get("/b/", { timeoutMs: 10 })).rejects.toMatchObject({ kind: "TIMEOUT_ERROR" });
  });
});
