/**
 * How sure a win estimate is, in one plain word a coach reads at a glance, from the width of its
 * likely range and the games behind it. The range itself stays for those who ask (a title or the
 * details), never as the headline: "46% (17%–78%)" said nothing to the staff who tried it.
 */
export type WinConfidence = "fair" | "rough" | "guess";

/** Below this many games, any estimate is a guess, however narrow its range. */
const FEW_GAMES = 10;

/**
 * @example
 * winConfidence({ low: 0.17, high: 0.78, games: 40 }); // "guess" (a range of 61 points)
 * winConfidence({ low: 0.48, high: 0.6, games: 300 }); // "fair"
 */
export function winConfidence({
  low,
  high,
  games,
}: {
  low: number;
  high: number;
  games: number;
}): WinConfidence {
  const width = high - low;
  if (games < FEW_GAMES || width > 0.4) return "guess";
  if (width > 0.2) return "rough";
  return "fair";
}
