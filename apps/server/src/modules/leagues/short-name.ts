/** "Team Liquid Honda" -> "TLH"; a single word keeps its first letters. */
export function shortNameOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials =
    words.length > 1
      ? words.map((word) => word[0]).join("")
      : (words[0] ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  return initials.slice(0, words.length > 1 ? 5 : 4).toUpperCase();
}
