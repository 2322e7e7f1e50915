import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Champion portraits on this server's disk (CHAMPION_IMAGE_DIR, `<Key>.png`): which are missing,
 * fetching them once from a source, and telling the image renderers that new ones arrived.
 */

const KEY = /^[A-Za-z0-9_]+$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Largest portrait accepted (Data Dragon's square icons are about 15-30 KB). */
const MAX_BYTES = 2 * 1024 * 1024;

const listeners = new Set<() => void>();

/** Calls `listener` whenever portraits were added on disk (the PNG card renderers re-read them). */
export function onPortraitsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function portraitPath(dir: string, key: string): string {
  return join(resolve(dir), `${key}.png`);
}

/** The keys among `keys` without a portrait on disk. */
export function missingPortraits(dir: string, keys: readonly string[]): string[] {
  return keys.filter(
    (key) =>
      KEY.test(key) &&
      !existsSync(portraitPath(dir, key)) &&
      !existsSync(join(resolve(dir), "champion", `${key}.png`)),
  );
}

export interface PortraitFetchResult {
  fetched: string[];
  failed: string[];
}

/**
 * Downloads the portraits of `keys` from `urlOf(key)` into `dir` (4 at a time), each checked to be
 * a PNG of sane size and written through a temporary file, so a failed or partial download never
 * leaves a broken picture behind. Failures are listed, never thrown.
 */
export async function fetchPortraits(
  dir: string,
  keys: readonly string[],
  urlOf: (key: string) => string,
  options: { timeoutMs: number; onProgress?: (done: number) => void },
): Promise<PortraitFetchResult> {
  mkdirSync(resolve(dir), { recursive: true });
  const result: PortraitFetchResult = { fetched: [], failed: [] };
  const queue = keys.filter((key) => KEY.test(key));
  let done = 0;
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        const response = await fetch(urlOf(key), { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length > MAX_BYTES || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
          throw new Error("not a PNG");
        }
        const path = portraitPath(dir, key);
        const temporary = `${path}.${process.pid}.part`;
        writeFileSync(temporary, bytes);
        renameSync(temporary, path);
        result.fetched.push(key);
      } catch {
        result.failed.push(key);
      }
      done += 1;
      options.onProgress?.(done);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (result.fetched.length > 0) for (const listener of listeners) listener();
  return result;
}
