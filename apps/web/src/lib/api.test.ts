import { STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  api,
  apiRequest,
  listResults,
  parseApiError,
  setUnauthorizedHandler,
} from "./api.ts";

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
