import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { decodeFirstPaintCookie, FIRST_PAINT_COOKIE, type FirstPaintContext } from "@draftroom/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface FirstPaintRenderer {
  drawsFirstPaint(pathname: string): boolean;
  warmUp(): Promise<void>;
  renderFirstPaint(
    request: FirstPaintContext & {
      url: string;
      send: (url: string, init: RequestInit) => Promise<Response>;
    },
  ): Promise<string | undefined>;
}

/** The first paint of a signed-in page load of a main screen (decision 076). */
export interface FirstPaint {
  /**
   * What to draw the page with, or null when it is not tried: the server build is not loaded yet,
   * the path is not a main screen's, or the request has no first-paint cookie this build can read.
   */
  contextFor(request: FastifyRequest, pathname: string): FirstPaintContext | null;
  /**
   * The markup of the app's root, or undefined (the page as it is) when the token is not a
   * session's, the screen failed to draw, or the budget ran out. Never rejects.
   */
  draw(request: FastifyRequest, context: FirstPaintContext): Promise<string | undefined>;
}

/** The first-paint cookie's context, if the request carries one this build can read. */
export function firstPaintContextOf(request: FastifyRequest): FirstPaintContext | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== FIRST_PAINT_COOKIE) continue;
    return decodeFirstPaintCookie(part.slice(separator + 1).trim());
  }
  return null;
}

/**
 * The first paint from the web app's server build (dist-server/entry-server.js beside the web
 * app's dist/), or undefined when it was not built or `budgetMs` is 0: pages are then drawn by the
 * browser only. A page load waits at most `budgetMs` for its first paint, then goes without it.
 *
 * The build is loaded, with every main screen's code, beside the server's start rather than
 * before it (about a second here): the server answers at once, and pages go without their first
 * paint until it is ready.
 */
export function loadFirstPaint(
  app: FastifyInstance,
  webDist: string,
  budgetMs: number,
): FirstPaint | undefined {
  if (budgetMs === 0) return undefined;
  const entry = join(webDist, "..", "dist-server", "entry-server.js");
  if (!existsSync(entry)) {
    app.log.info({ entry }, "no server build of the web app: pages are drawn by the browser only");
    return undefined;
  }
  let renderer: FirstPaintRenderer | null = null;
  import(pathToFileURL(entry).href)
    .then(async (loaded: FirstPaintRenderer) => {
      await loaded.warmUp();
      renderer = loaded;
    })
    .catch((error: unknown) => {
      app.log.warn(
        { err: error, entry },
        "the server build of the web app did not load: pages are drawn by the browser only",
      );
    });
  const contextFor = (request: FastifyRequest, pathname: string) =>
    renderer?.drawsFirstPaint(pathname) ? firstPaintContextOf(request) : null;
  const draw = async (request: FastifyRequest, context: FirstPaintContext): Promise<string | undefined> => {
    const ready = renderer;
    if (!ready) return undefined;
    // The screen's API requests go through this server in process, counted against the member's
    // address like the browser's own.
    const send = async (url: string, init: RequestInit): Promise<Response> => {
      const answer = await app.inject({
        method: (init.method ?? "GET") as "GET",
        url,
        headers: { ...(init.headers as Record<string, string>), "accept-encoding": "identity" },
        remoteAddress: request.ip,
        ...(typeof init.body === "string" ? { payload: init.body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers,
      });
    };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), budgetMs);
    });
    try {
      return await Promise.race([
        ready.renderFirstPaint({ url: request.url, ...context, send }).catch((error: unknown) => {
          request.log.warn({ err: error }, "first paint failed: the browser draws the page");
          return undefined;
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { contextFor, draw };
}
