import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { applyChampionImageSource } from "../modules/champions/image-source.ts";

/** Imported icons are named after the champion (`Ahri.png`); nothing else is served from there. */
const ICON_FILE = /^\/[A-Za-z0-9]+\.(?:png|jpe?g|webp)$/;

/**
 * Champion pictures for a self-hosted install: when `CHAMPION_IMAGE_BASE_URL` is a path, the
 * icons `import-champion-images` copied into `CHAMPION_IMAGE_DIR` are served there (files added
 * later are found without a restart), cached by browsers for a day. At start-up every champion's
 * `icon_url` is pointed at the configured source.
 */
export async function registerChampionImages(app: FastifyInstance, config: Config): Promise<void> {
  const { source, dir } = config.championImages;
  app.addHook("onReady", async () => {
    try {
      const changed = await applyChampionImageSource(app.db, source);
      if (changed > 0) app.log.info({ changed, source: source.kind }, "champion image URLs updated");
    } catch (error) {
      // A missing table (a database not migrated yet) must not stop the server; pictures fall back.
      app.log.warn({ err: error }, "could not update champion image URLs");
    }
  });
  if (source.kind !== "local") return;
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${source.path}/`,
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    allowedPath: (path) => ICON_FILE.test(path),
    cacheControl: false,
    setHeaders(res) {
      res.setHeader("cache-control", "public, max-age=86400");
    },
  });
}
