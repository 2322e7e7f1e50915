/**
 * Monogram shown when a champion icon cannot load (offline machine, CDN outage, unknown key):
 * up to two letters and a hue derived from the name, so each champion keeps a stable look.
 *
 * @example
 * monogramInitials("Lee Sin"); // "LS"
 * monogramInitials("Kai'Sa"); // "KS"
 * monogramInitials("Ahri"); // "Ah"
 */
export function monogramInitials(name: string): string {
  const words = name
    .split(/[\s'.&-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) {
    const [word] = words as [string];
    const letters = Array.from(word);
    return (letters[0]!.toUpperCase() + (letters[1] ?? "").toLowerCase()).trim();
  }
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}

/** A stable hue 0-359 for a name (FNV-1a hash), spread over the colour wheel. */
export function monogramHue(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

export interface Monogram {
  initials: string;
  /** The tile's gradient, from the name's hue. */
  background: string;
}

/** Every monogram made in this page's life, by name: a board draws the same 172 on every render. */
const monograms = new Map<string, Monogram>();

/**
 * A name's monogram (initials and gradient), made once per name: the initials' Unicode-aware
 * splitting and the hash cost a cold page's first render of a champion grid several ms.
 *
 * @example
 * monogramOf("Lee Sin"); // { initials: "LS", background: "linear-gradient(135deg, hsl(…) …)" }
 */
export function monogramOf(name: string): Monogram {
  let monogram = monograms.get(name);
  if (!monogram) {
    const hue = monogramHue(name);
    monogram = {
      initials: monogramInitials(name),
      background: `linear-gradient(135deg, hsl(${hue} 62% 42%), hsl(${(hue + 40) % 360} 70% 24%))`,
    };
    monograms.set(name, monogram);
  }
  return monogram;
}
