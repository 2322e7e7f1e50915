import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { PassThrough, type Transform } from "node:stream";
import {
  brotliCompressSync,
  createBrotliCompress,
  createGzip,
  gzipSync,
  constants as zlibConstants,
} from "node:zlib";
import {
  ENTRY_AFTER_PAINT_ATTRIBUTE,
  FIRST_PAINT_ROOT_ATTRIBUTE,
  LANDING_SHELL_MARKERS,
  LANDING_SHELL_PATHS,
} from "@draftroom/contracts";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FirstPaint } from "./first-paint.ts";

/** The built index.html, or undefined when the web app is not built. */
export function readIndexHtml(webDist: string): string | undefined {
  const indexPath = join(webDist, "index.html");
  return existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
}

/** CSP hashes ('sha256-…') of the inline scripts of a page, so they may run under script-src 'self'. */
export function inlineScriptHashes(html: string | undefined): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/**
 * index.html without the landing page's prerendered shell (its templates and their picker, between
 * the build's markers): the page of every path where the picker would show nothing. About 100 KB
 * of markup that a deep link's browser would otherwise parse into inert templates (decision 072).
 * A page without the markers is returned as it is.
 */
export function withoutLandingShell(html: string): string {
  const start = html.indexOf(LANDING_SHELL_MARKERS.start);
  const end = html.indexOf(LANDING_SHELL_MARKERS.end, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + html.slice(end + LANDING_SHELL_MARKERS.end.length);
}

/** How the app's fallback answers: the page (at once, or once its first paint is drawn), or false. */
export type WebAnswer = FastifyReply | Promise<FastifyReply> | false;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The app page's head for a page the server draws a screen into: without the entry's script tag,
 * which the head's script adds once the drawn screen is on screen (apps/web app/head-ahead.js,
 * marked by ENTRY_AFTER_PAINT_ATTRIBUTE on <html>). Undefined when the head has no single entry tag,
 * no <html> tag to mark, or a script of a build that does not add the entry (its table names no such
 * attribute): the page then loads its code as always.
 */
export function headWithEntryAfterPaint(head: string): string | undefined {
  const tags = head.match(/<script type="module"[^>]*><\/script>\s*/g) ?? [];
  if (tags.length !== 1 || !head.includes("<html") || !head.includes(ENTRY_AFTER_PAINT_ATTRIBUTE))
    return undefined;
  return head.replace(tags[0]!, "").replace("<html", `<html ${ENTRY_AFTER_PAINT_ATTRIBUTE}`);
}

/**
 * #root holding the server's first paint, until the app's first render replaces it (main.tsx). It
 * looks like the screen but does nothing yet: #root is inert (no focus, no clicks, skipped by
 * assistive technology) and a disabled fieldset that takes no box of its own disables its fields
 * and buttons, so nothing typed into it before the app takes over is lost unnoticed.
 */
function paintedRoot(markup: string): string {
  return `<div id="root" inert ${FIRST_PAINT_ROOT_ATTRIBUTE}><fieldset disabled style="display:contents">${markup}</fieldset></div>`;
}

/** A page body written in parts, compressed as it goes when the browser accepts it. */
function compressing(encoding: "br" | "gzip" | null): Transform & { flush(done: () => void): void } {
  if (encoding === "br") return createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return createGzip({ level: 6 });
  // flush() is a compressor's; a plain body passes its parts on as they come.
  return Object.assign(new PassThrough(), { flush: (done: () => void) => done() });
}

/** A page as sent: its text, and its Brotli and gzip forms made once at start. */
interface PreparedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function preparePage(html: string): PreparedPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * The request paths of the built files ("/assets/index-AbC123.js"), dot files left out (as
 * @fastify/static's own listing leaves them out).
 */
function builtFiles(webDist: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(webDist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const parts = relative(webDist, join(entry.parentPath, entry.name)).split(sep);
    if (!parts.some((part) => part.startsWith("."))) files.add(`/${parts.join("/")}`);
  }
  return files;
}

/**
 * Serves the built web app: files under `assets/` carry a content hash in their name and are
 * cached for a year; everything else (index.html, icons) is revalidated. Returns the SPA
 * fallback (index.html for any non-API GET, without the landing's shell off the landing's paths),
 * or undefined when the web app is not built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  indexHtml: string | undefined,
  /** A page of its own for some paths (the public views' share tags); undefined: the page as it is. */
  pageFor?: (request: FastifyRequest, indexHtml: string) => string | undefined,
  /** The server's first paint of a signed-in main screen (plugins/first-paint.ts). */
  firstPaint?: FirstPaint,
): Promise<((request: FastifyRequest, reply: FastifyReply) => WebAnswer) | undefined> {
  if (indexHtml === undefined) {
    app.log.warn({ webDist }, "web app not built: only the API is served");
    return undefined;
  }

  // index.html is answered by the not-found fallback (outside @fastify/compress's hooks): its
  // compressed forms are made once here and chosen by Accept-Encoding. The landing's paths get it
  // whole; every other path gets it without the landing's prerendered shell.
  const landingPage = preparePage(indexHtml);
  const appHtml = withoutLandingShell(indexHtml);
  const appPage = appHtml === indexHtml ? landingPage : preparePage(appHtml);
  // The app's page around its empty #root: the head goes before a first paint, the rest after it.
  const rootAt = appHtml.indexOf(EMPTY_ROOT);
  const appHead = appHtml.slice(0, rootAt);
  const appTail = appHtml.slice(rootAt + EMPTY_ROOT.length);
  const drawnHead = headWithEntryAfterPaint(appHead) ?? appHead;
  if (firstPaint && rootAt < 0) app.log.warn({ webDist }, "index.html has no empty #root: no first paint");
  const drawn = rootAt < 0 ? undefined : firstPaint;

  // One route for every built file (known at start), and no filesystem lookup for other paths:
  // a route per file (about 470 with the .br/.gz copies) cost 15-20 MB and 0.4 s at start.
  const files = builtFiles(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    // The build writes .br/.gz next to each asset: served as is when the browser accepts them.
    preCompressed: true,
    prefix: "/",
    wildcard: true,
    // Any other path goes to the not-found handler (the app's HTML, or a 404 for a file name).
    allowedPath: (pathname) => files.has(pathname),
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = /[\\/]assets[\\/]/.test(filePath);
      res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  return (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    // A missing file (a path ending in ".js", ".png", …) is a 404, never the app's HTML.
    const lastSegment = pathname.split("/").pop() ?? "";
    if (/\.[a-z0-9]+$/i.test(lastSegment)) return false;
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    reply.status(200).header("cache-control", "no-cache").header("vary", "accept-encoding");
    reply.type("text/html; charset=utf-8");
    const page = LANDING_SHELL_PATHS.includes(pathname) ? landingPage : appPage;
    // A page that differs per request is compressed per request, at a cheap level.
    const sendOwn = (own: string) => {
      if (encoding === null) return reply.send(own);
      const body =
        encoding === "br"
          ? brotliCompressSync(own, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(own, { level: 6 });
      return reply.header("content-encoding", encoding).send(body);
    };
    const own = pageFor?.(request, page.html);
    if (own !== undefined) return sendOwn(own);
    const sendPage = () => {
      if (encoding === null) return reply.send(page.html);
      return reply.header("content-encoding", encoding).send(encoding === "br" ? page.br : page.gzip);
    };
    const context =
      drawn && page === appPage && request.method === "GET" ? drawn.contextFor(request, pathname) : null;
    if (drawn && context) {
      // The member's own data: kept by no cache, and another cookie is another page.
      reply.header("cache-control", "private, no-store").header("vary", "accept-encoding, cookie");
      if (encoding !== null) reply.header("content-encoding", encoding);
      // The head goes at once, so that the stylesheet loads while the screen is drawn (the app's
      // code waits for the drawn screen: `headWithEntryAfterPaint`); #root and the rest follow
      // it. The drawing starts once the head is on its way: its render holds the event loop in
      // turns of tens of milliseconds, which the head would otherwise wait behind.
      const body = compressing(encoding);
      body.write(drawnHead);
      body.flush(() =>
        setImmediate(() => {
          void drawn.draw(request, context).then((markup) => {
            body.end(`${markup === undefined ? EMPTY_ROOT : paintedRoot(markup)}${appTail}`);
          });
        }),
      );
      return reply.send(body);
    }
    return sendPage();
  };
}
