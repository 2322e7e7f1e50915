import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";

/**
 * Inlines `public/theme-init.js` into index.html at build time: it must run before the first paint
 * (no theme flash) and a blocking request for it delays that paint. The server hashes inline scripts
 * into its CSP (plugins/web.ts), so it still runs under script-src 'self'.
 */
function inlineThemeInit(): Plugin {
  return {
    name: "draftroom-inline-theme-init",
    apply: "build",
    transformIndexHtml(html) {
      const script = readFileSync(fileURLToPath(new URL("./public/theme-init.js", import.meta.url)), "utf8");
      return html.replace(
        '<script src="/theme-init.js"></script>',
        () => `<script>${script.trim()}</script>`,
      );
    },
  };
}

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

/**
 * Puts the landing page's first screen (header + hero, rendered by the real components in
 * src/app/landing-shell/render-shell.tsx) into index.html as inert templates, one per language
 * and theme, plus the inline script that shows the matching one on `/` for signed-out visitors. The
 * largest paint then needs only the HTML and the stylesheet, not the JavaScript. Signed-in
 * visitors get the empty #root as before, and other paths a page without the shell (the server
 * cuts it out at its markers: about 100 KB of markup no other screen shows, decision 072).
 */
function prerenderLandingShell(): Plugin {
  const shellDir = fileURLToPath(new URL("./src/app/landing-shell/", import.meta.url));
  return {
    name: "draftroom-prerender-landing-shell",
    apply: "build",
    async transformIndexHtml(html) {
      const { module } = await runnerImport<typeof import("./src/app/landing-shell/render-shell.tsx")>(
        join(shellDir, "render-shell.tsx"),
        {
          configFile: false,
          root: fileURLToPath(new URL(".", import.meta.url)),
          resolve: { alias },
          plugins: [react()],
          logLevel: "warn",
        },
      );
      const shells = module.LANDING_SHELLS;
      const templates = shells
        .map(({ key, html: markup }) => `<template id="landing-shell-${key}">${markup}</template>`)
        .join("\n    ");
      const pickerSource = readFileSync(join(shellDir, "pick-shell.js"), "utf8");
      // Without its list the picker would throw on every page: fail the build instead.
      if (!pickerSource.includes("__LANDING_SHELL_PATHS__"))
        throw new Error("prerenderLandingShell: pick-shell.js lost its __LANDING_SHELL_PATHS__ placeholder");
      const picker = pickerSource
        .replace("__LANDING_SHELL_PATHS__", () => JSON.stringify(module.LANDING_SHELL_PATHS))
        .trim();
      // Between markers: the server sends the page without them for every other path (decision 072).
      const { start, end } = module.LANDING_SHELL_MARKERS;
      return html.replace(
        '<div id="root"></div>',
        () => `<div id="root"></div>\n    ${start}${templates}\n    <script>${picker}</script>${end}`,
      );
    },
  };
}

/** The chunks every lazy screen loads beside its own (see `codeSplitting` below and app/lazy-page.ts). */
const SHARED_SCREEN_CHUNKS = ["app", "screen-data"];

/**
 * Inlines src/app/head-ahead.js into the head, before the entry, with the table of
 * src/app/head-ahead.ts and the built files' names: a page load of a screen asks for the code
 * screens share beside the entry rather than after it has run (about 100 ms of script on this
 * machine), and a main screen's also for its own code, texts and first API requests (decision
 * 067). After the other plugins, so that the entry's tag is in place; the server hashes it into its
 * CSP like the others.
 */
function headAhead(): Plugin {
  let apiBase = "/api";
  const src = fileURLToPath(new URL("./src/", import.meta.url));
  return {
    name: "draftroom-head-ahead",
    apply: "build",
    configResolved(config) {
      apiBase = (config.env.VITE_API_BASE as string | undefined) ?? "/api";
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === "chunk");
        // The head's script preloads scripts only: with cssCodeSplit off, the one stylesheet is a
        // link of the page's own. A chunk with a stylesheet of its own would go without it.
        const styled = chunks.filter((chunk) => (chunk.viteMetadata?.importedCss.size ?? 0) > 0);
        if (styled.length > 0) {
          throw new Error(
            `headAhead: chunks with stylesheets of their own (${styled.map((chunk) => chunk.fileName).join(", ")}): keep build.cssCodeSplit off`,
          );
        }
        const fileOf = (chunk: (typeof chunks)[number]) => `/${chunk.fileName}`;
        const sharedChunks = chunks.filter((chunk) => SHARED_SCREEN_CHUNKS.includes(chunk.name));
        if (sharedChunks.length < SHARED_SCREEN_CHUNKS.length) {
          throw new Error(
            `headAhead: expected the chunks ${SHARED_SCREEN_CHUNKS.join(", ")}, found ${sharedChunks.map((chunk) => chunk.name).join(", ")}`,
          );
        }
        const shared = sharedChunks.map(fileOf).sort();
        // Loaded by every page anyway: the entry, and the shared chunks above.
        const known = new Set([...shared, ...chunks.filter((chunk) => chunk.isEntry).map(fileOf)]);
        const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const chunkOf = (id: string) =>
          byModule.get(id) ?? chunks.find((chunk) => chunk.moduleIds.includes(id));
        const filesOf = (chunk: (typeof chunks)[number], seen = new Set<string>()): string[] => {
          if (seen.has(chunk.fileName)) return [];
          seen.add(chunk.fileName);
          const imported = chunk.imports.flatMap((file) => {
            const dependency = byFile.get(file);
            return dependency ? filesOf(dependency, seen) : [];
          });
          return [fileOf(chunk), ...imported].filter((file) => !known.has(file));
        };
        const { module } = await runnerImport<typeof import("./src/app/head-ahead.ts")>(
          join(src, "app/head-ahead.ts"),
          {
            configFile: false,
            root: fileURLToPath(new URL(".", import.meta.url)),
            resolve: { alias },
            logLevel: "warn",
          },
        );
        const entryChunk = chunks.find((chunk) => chunk.isEntry);
        if (!entryChunk) throw new Error("headAhead: the build has no entry chunk");
        const config = module.headAheadConfig(
          apiBase,
          { entry: fileOf(entryChunk), shared },
          {
            ofModule(path) {
              // A screen is a chunk of its own; its `*.ahead.ts` is in a shared one (SCREEN_SUPPORT).
              const chunk = chunkOf(join(src, path));
              if (!chunk) throw new Error(`headAhead: ${path} is in no chunk of the build`);
              return filesOf(chunk);
            },
            ofNamespace(language, namespace) {
              // Its language's texts (locales/texts.<language>.ts), or the entry (English's startup
              // namespaces, left out).
              const chunk = chunkOf(join(src, "locales", language, `${namespace}.json`));
              return chunk ? filesOf(chunk) : [];
            },
          },
        );
        const script = readFileSync(join(src, "app/head-ahead.js"), "utf8")
          .replace("__HEAD_AHEAD__", () => JSON.stringify(config))
          .trim();
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error("headAhead: the entry's script tag is missing");
        return `${html.slice(0, entry)}<script>${script}</script>\n    ${html.slice(entry)}`;
      },
    },
  };
}

/** Writes `.br` and `.gz` next to every compressible built file (the server sends them as is). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "draftroom-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|webmanifest|txt|xml)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Modules the app loads through import(): screens, what they ask for ahead on a page load, locale
 * files, charts, deferred menus. Those of SCREEN_SUPPORT share a chunk of their own (screen-data).
 */
const LOADED_ON_DEMAND =
  /(Page\.tsx|[\\/]locales[\\/]([^\\/]+[\\/][^\\/]+\.json|texts\.[^\\/]+\.ts)|Charts?\.tsx|QueryProvider\.tsx|query-client\.ts|subscription\.ts|[^\\/]+\.(lazy|ahead)\.ts|WorkspaceSwitcher\.tsx)$/;
/** What every screen loads through import() beside its own code: tiny, and always needed together. */
const SCREEN_SUPPORT = /(QueryProvider\.tsx|query-client\.ts|[^\\/]+\.ahead\.ts)$/;
/** recharts and the libraries only it uses. */
const CHART_LIBRARIES =
  /[\\/]node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|@standard-schema)[\\/]/;

/** zod and the contract's schemas (packages/contracts/src/schemas), with the web's entry to them. */
const ZOD_AND_SCHEMAS =
  /[\\/](node_modules[\\/]zod|packages[\\/]contracts[\\/]src[\\/]schemas)[\\/]|[\\/]schemas\.lazy\.ts$/;

function sharedByScreens(id: string): boolean {
  return !LOADED_ON_DEMAND.test(id) && !CHART_LIBRARIES.test(id) && !ZOD_AND_SCHEMAS.test(id);
}

const apiTarget = process.env.VITE_API_PROXY ?? "http://127.0.0.1:3001";

/**
 * The server's build of the app (`vite build --ssr`, into dist-server/): src/entry-server.tsx, with
 * which the server draws a signed-in main screen's first paint (decision 076). Node loads it from
 * this repository, so the packages stay external; no page, stylesheet or compressed copies.
 */
const serverBuild = defineConfig({
  plugins: [react()],
  resolve: { alias },
  publicDir: false,
  build: { outDir: "dist-server", emptyOutDir: true, sourcemap: false },
});

const browserBuild = defineConfig({
  plugins: [react(), tailwindcss(), inlineThemeInit(), prerenderLandingShell(), headAhead(), precompress()],
  resolve: { alias },
  server: { port: 5173, proxy: { "/api": apiTarget } },
  build: {
    outDir: "dist",
    sourcemap: false,
    // One stylesheet, in the page's head: the few rules of lazily loaded modules (2 KB) were two
    // more files, one of them asked for by every screen (decision 074).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one chunk. Left alone, modules that lazy
            // screens share with the entry (React, i18next, the startup locale files, the API
            // client...) become a dozen small chunks the landing page loads anyway: more requests,
            // and each compressed on its own (about 4 KB more gzip in all).
            { name: "startup", tags: ["$initial"], priority: 3 },
            // What two or more lazy screens share (UI parts, icons, API clients, hooks, Radix, TanStack
            // Query) is one chunk, not the ~80 tiny ones automatic splitting makes: a cold screen
            // then asks for a handful of files instead of queueing ~95 on HTTP/1.1's six
            // connections. Kept out: the screens themselves and everything else loaded through
            // import() (each keeps its own chunk, so its preload list never names it and a failed
            // fetch meets the reload-once rule), the locale files, the charts with their
            // libraries (only the screens that draw one load them), and zod with the schemas.
            { name: "app", test: sharedByScreens, minShareCount: 2, priority: 2 },
            // One chunk for the few hundred bytes each screen needs beside its own code (its
            // `*.ahead.ts`, the header's, TanStack Query's provider and client). Chunks of their own,
            // they were four requests per page load queued on HTTP/1.1's six connections behind the
            // screen's code and ahead of its API requests (decision 074). (Rolldown makes a chunk per
            // group, even of the same name: this cannot join the one above.)
            { name: "screen-data", test: SCREEN_SUPPORT, priority: 2 },
            // zod and the contract's schemas: loaded only through lib/schemas.ts (a form's submit, an
            // imported file, a room's messages). Building the schemas cost a cold page 70-200 ms of
            // its main thread when they came with the code every screen shares. Last, so that what
            // the schemas import and the screens share (constants, packages/draft) stays with the
            // screens' code rather than following the schemas here.
            { name: "zod", test: ZOD_AND_SCHEMAS, priority: 1 },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
