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
