/**
 * Folds a string for searching: lower case, accents removed, so "Kaï'sa" and "kai'sa" match and
 * "Almería" matches "almeria".
 *
 * @example
 * foldText("LÉBLANC"); // "leblanc"
 */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** True when every whitespace-separated word of the query appears in one of the haystacks. */
export function matchesQuery(query: string, haystacks: ReadonlyArray<string | null | undefined>): boolean {
  const words = foldText(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const folded = haystacks.filter((text): text is string => Boolean(text)).map(foldText);
  return words.every((word) => folded.some((text) => text.includes(word)));
}
