import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Champion portraits for the images, read from the local icon folder (CHAMPION_IMAGE_DIR) and
 * never from the network: a render must not wait on, or leak requests to, an outside host. A
 * missing folder or icon gives null and the card draws the monogram.
 */
export class PortraitStore {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly dir: string | undefined) {}

  /** A data URI of the champion's square icon, or null. */
  portrait(championKey: string): string | null {
    if (!this.dir || !/^[A-Za-z0-9_]+$/.test(championKey)) return null;
    const known = this.cache.get(championKey);
    if (known !== undefined) return known;
    const found = this.read(championKey);
    // The pool has under 200 champions: the map stays small without an eviction policy.
    this.cache.set(championKey, found);
    return found;
  }

  /** Whether the champion has an icon on disk. */
  has(championKey: string): boolean {
    return this.portrait(championKey) !== null;
  }

  /** Forgets which icons were missing, so the next card looks for them on disk again. */
  forgetMissing(): void {
    for (const [key, value] of this.cache) if (value === null) this.cache.delete(key);
  }

  private read(key: string): string | null {
    const dir = this.dir as string;
    for (const path of [join(dir, `${key}.png`), join(dir, "champion", `${key}.png`)]) {
      try {
        return `data:image/png;base64,${readFileSync(path).toString("base64")}`;
      } catch {
        // Not in this place: try the next, then fall back to the monogram.
      }
    }
    return null;
  }
}

/**
 * Up to two letters for a champion without a portrait ("Lee Sin" → "LS", "Ahri" → "Ah").
 *
 * @example
 * monogram("Kai'Sa"); // "KS"
 */
export function monogram(name: string): string {
  const words = name
    .split(/[\s'.&-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) {
    const letters = Array.from(words[0] as string);
    return `${(letters[0] ?? "").toUpperCase()}${(letters[1] ?? "").toLowerCase()}`;
  }
  return words
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? "").toUpperCase())
    .join("");
}

/** A stable hue 0-359 for a name (FNV-1a), the same one the web app's monogram tiles use. */
export function monogramHue(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}
