import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * The base of the loopback stand-ins for outside services (decision 051): tests never reach the
 * internet. Each fixture answers from the documented shapes by default; a test scripts the next
 * answers of a route to exercise the failures every client must survive.
 */

/** A scripted answer: the documented success, or one failure a real service gives. */
export type FixtureAnswer =
  | { readonly kind: "success" }
  | { readonly kind: "status"; readonly status: 400 | 401 | 403 | 404 | 500 | 502 | 503 }
  /** 429 with `Retry-After` (header, seconds) and, for Discord, `retry_after` in the body. */
  | { readonly kind: "rate_limited"; readonly retryAfterSeconds: number; readonly in: "header" | "body" }
  /** Holds the answer longer than the client waits. */
  | { readonly kind: "timeout"; readonly ms: number }
  /** 200 with a body that is not the documented JSON. */
  | { readonly kind: "malformed" };

export const answers = {
  success: { kind: "success" },
  unauthorized: { kind: "status", status: 401 },
  forbidden: { kind: "status", status: 403 },
  notFound: { kind: "status", status: 404 },
  serverError: { kind: "status", status: 503 },
  rateLimited: (retryAfterSeconds: number, where: "header" | "body" = "header"): FixtureAnswer => ({
    kind: "rate_limited",
    retryAfterSeconds,
    in: where,
  }),
  timeout: (ms = 2_000): FixtureAnswer => ({ kind: "timeout", ms }),
  malformed: { kind: "malformed" },
} as const satisfies Record<string, FixtureAnswer | ((...args: never[]) => FixtureAnswer)>;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  /** The body's bytes (a multipart post's files are binary). */
  readonly raw: Buffer;
  readonly at: number;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export type Handler = (request: RecordedRequest, match: RegExpExecArray) => Reply | Promise<Reply>;

export interface FixtureServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The next `count` requests whose path matches `pattern` get `answer` (then the default again). */
  script(pattern: RegExp, ...answers: FixtureAnswer[]): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<{ raw: Buffer; body: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString("utf8");
  if (text === "") return { raw, body: null };
  try {
    return { raw, body: JSON.parse(text) };
  } catch {
    return { raw, body: text };
  }
}

function send(response: ServerResponse, reply: Reply, headers: Record<string, string> = {}) {
  if (reply.body === undefined) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  response.writeHead(reply.status, { "content-type": "application/json", ...headers }).end(text);
}

/** Starts a fixture on a free loopback port with its routes (first match wins). */
export async function startFixtureServer(
  routes: readonly (readonly [string, RegExp, Handler])[],
): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const scripted: { pattern: RegExp; answer: FixtureAnswer }[] = [];
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const { raw, body } = await readBody(request);
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path,
      headers: request.headers,
      body,
      raw,
      at: Date.now(),
    };
    requests.push(recorded);
    const index = scripted.findIndex((entry) => entry.pattern.test(path));
    const answer = index >= 0 ? scripted.splice(index, 1)[0]!.answer : answers.success;
    switch (answer.kind) {
      case "status":
        return send(response, {
          status: answer.status,
          body: { status: { status_code: answer.status, message: "scripted" } },
        });
      case "rate_limited":
        return answer.in === "header"
          ? send(
              response,
              { status: 429, body: { status: { status_code: 429, message: "Rate limit exceeded" } } },
              { "retry-after": String(answer.retryAfterSeconds) },
            )
          : send(response, {
              status: 429,
              body: {
                message: "You are being rate limited.",
                retry_after: answer.retryAfterSeconds,
                global: false,
              },
            });
      case "timeout": {
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (!response.writableEnded) send(response, { status: 504, body: { late: true } });
        }, answer.ms);
        pending.add(timer);
        return;
      }
      case "malformed":
        response.writeHead(200, { "content-type": "application/json" }).end('{"truncated": ');
        return;
      case "success": {
        for (const [method, pattern, handler] of routes) {
          if (method !== recorded.method) continue;
          const match = pattern.exec(path);
          if (!match) continue;
          try {
            return send(response, await handler(recorded, match));
          } catch (error) {
            // A broken fixture answers 500 (and the test sees it) instead of crashing the run.
            return send(response, { status: 500, body: { fixture_error: String(error) } });
          }
        }
        return send(response, {
          status: 404,
          body: { status: { status_code: 404, message: "Data not found" } },
        });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fixture: no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    script(pattern, ...list) {
      for (const answer of list) scripted.push({ pattern, answer });
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
