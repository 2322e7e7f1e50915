/**
 * Where champion portraits come from, chosen by `CHAMPION_IMAGE_BASE_URL`:
 * - unset: Data Dragon's CDN, at the version of each champion's data;
 * - a path (`/champion-images`): this server, from the icons `import-champion-images` copied into
 *   `CHAMPION_IMAGE_DIR` (a self-hosted or offline install);
 * - an http(s) URL: a mirror holding `<ChampionKey>.png`;
 * - `none`: no pictures (the app draws each champion's monogram).
 * No I/O here besides the one SQL statement that writes the chosen URLs.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

export const DATA_DRAGON_CDN = "https://ddragon.leagueoflegends.com/cdn";

export type ChampionImageSource =
  | { kind: "cdn" }
  | { kind: "none" }
  /** Served by this server under `path` (no trailing slash). */
  | { kind: "local"; path: string }
  /** A mirror: `${base}/${key}.png` (no trailing slash). */
  | { kind: "url"; base: string };

export interface ChampionImageConfig {
  source: ChampionImageSource;
  /** Folder the imported icons are copied to and served from (relative to the working directory). */
  dir: string;
}

/** A site path outside /api whose segments are plain names (no "." or ".." segments). */
const SEGMENT = String.raw`(?!\.{1,2}(?:/|$))[A-Za-z0-9._~-]+`;
const LOCAL_PATH = new RegExp(`^/(?!api(?:/|$))${SEGMENT}(?:/${SEGMENT})*/?$`);

/**
 * Reads a `CHAMPION_IMAGE_BASE_URL` value; null when it is none of the accepted shapes.
 *
 * @example
 * parseChampionImageSource(undefined); // { kind: "cdn" }
 * parseChampionImageSource("/champion-images/"); // { kind: "local", path: "/champion-images" }
 * parseChampionImageSource("https://img.example.com/lol"); // { kind: "url", base: "https://img.example.com/lol" }
 * parseChampionImageSource("ftp://x"); // null
 */
export function parseChampionImageSource(value: string | undefined): ChampionImageSource | null {
  if (value === undefined || value.trim() === "") return { kind: "cdn" };
  const text = value.trim();
  if (text.toLowerCase() === "none") return { kind: "none" };
  if (text.startsWith("/"))
    return LOCAL_PATH.test(text) ? { kind: "local", path: text.replace(/\/$/, "") } : null;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { kind: "url", base: text.replace(/\/$/, "") };
  } catch {
    return null;
  }
}

/**
 * The icon URL of a champion under a source (what `icon_url` holds).
 *
 * @example
 * championIconUrl({ kind: "local", path: "/champion-images" }, "Ahri", "16.6.1"); // "/champion-images/Ahri.png"
 * championIconUrl({ kind: "cdn" }, "Ahri", "16.6.1");
 * // "https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/Ahri.png"
 */
export function championIconUrl(source: ChampionImageSource, key: string, version: string): string {
  switch (source.kind) {
    case "cdn":
      return `${DATA_DRAGON_CDN}/${version}/img/champion/${key}.png`;
    case "none":
      return "";
    case "local":
      return `${source.path}/${key}.png`;
    case "url":
      return `${source.base}/${key}.png`;
  }
}

/** The origin a Content-Security-Policy must allow for the pictures (null: 'self' or nothing). */
export function championImageOrigin(source: ChampionImageSource): string | null {
  if (source.kind === "cdn") return new URL(DATA_DRAGON_CDN).origin;
  if (source.kind === "url") return new URL(source.base).origin;
  return null;
}

/**
 * Points every champion's `icon_url` at the chosen source, in one statement on both dialects
 * (run at start-up and after the champion CLI commands; rows already right are left alone).
 * Returns how many rows changed.
 */
export async function applyChampionImageSource(
  db: Kysely<Database>,
  source: ChampionImageSource,
): Promise<number> {
  const url =
    source.kind === "cdn"
      ? sql<string>`(${`${DATA_DRAGON_CDN}/`} || version || '/img/champion/' || champion_key || '.png')`
      : source.kind === "none"
        ? sql<string>`''`
        : sql<string>`(${`${source.kind === "local" ? source.path : source.base}/`} || champion_key || '.png')`;
  const result = await db
    .updateTable("champions")
    .set({ icon_url: url })
    .where("icon_url", "<>", url)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
