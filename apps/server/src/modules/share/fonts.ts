import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { SatoriOptions } from "satori";

/**
 * The card's typeface: Inter (SIL Open Font License 1.1) from the @fontsource/inter package, in
 * the WOFF files satori reads (it cannot read WOFF2). Latin and Latin Extended cover English,
 * Spanish and most team names; one array object is kept so satori parses the fonts once.
 */

export const CARD_FONT = "Inter";

const require = createRequire(import.meta.url);
const WEIGHTS = [400, 700, 800] as const;
const SUBSETS = ["latin", "latin-ext"] as const;

let fonts: SatoriOptions["fonts"] | undefined;

export function cardFonts(): SatoriOptions["fonts"] {
  fonts ??= SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => ({
      name: CARD_FONT,
      weight,
      style: "normal" as const,
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
  return fonts;
}
