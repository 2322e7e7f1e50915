// Bundles the server (main.js) and the CLI (cli.js) into apps/server/dist with esbuild.
// Native or file-reading packages stay external and load from node_modules at run time.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = dirname(fileURLToPath(import.meta.url));
const outdir = join(root, "dist");
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: {
    main: join(root, "src/main.ts"),
    cli: join(root, "src/cli.ts"),
    // The statistics builder thread, started by modules/matches/statistics.ts from beside main.js.
    "statistics-worker": join(root, "src/modules/matches/statistics-worker.ts"),
    // The image render threads, started by modules/share/render-pool.ts from beside main.js.
    "render-worker": join(root, "src/modules/share/render-worker.ts"),
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  external: [
    "better-sqlite3",
    "pg",
    "pg-native",
    // Serves its own static files from paths relative to its package.
    "@fastify/swagger-ui",
    // Draft images: a native rasteriser, and a layout engine that loads its WebAssembly files.
    "@resvg/resvg-js",
    "satori",
  ],
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`server bundle: apps/server/dist/{main,cli}.js in ${Date.now() - started} ms`);
