/**
 * The official tournament order (the product's default format) as the e2e specs play it: side
 * and action of each of the 20 steps. packages/draft's `DRAFT_SEQUENCE` is the source; this copy
 * lets a spec state the order it expects without importing the engine into the browser tests.
 */
export const SEQUENCE: ReadonlyArray<readonly ["BLUE" | "RED", "BAN" | "PICK"]> = [
  ...(["BLUE", "RED", "BLUE", "RED", "BLUE", "RED"] as const).map((side) => [side, "BAN"] as const),
  ...(["BLUE", "RED", "RED", "BLUE", "BLUE", "RED"] as const).map((side) => [side, "PICK"] as const),
  ...(["RED", "BLUE", "RED", "BLUE"] as const).map((side) => [side, "BAN"] as const),
  ...(["RED", "BLUE", "BLUE", "RED"] as const).map((side) => [side, "PICK"] as const),
];

/** Twenty champions of the seeded pool, one per step. */
export const TWENTY = [
  "Aatrox",
  "Ahri",
  "Akali",
  "Akshan",
  "Alistar",
  "Ambessa",
  "Amumu",
  "Anivia",
  "Annie",
  "Aphelios",
  "Ashe",
  "Aurelion Sol",
  "Aurora",
  "Azir",
  "Bard",
  "Bel'Veth",
  "Blitzcrank",
  "Brand",
  "Braum",
  "Briar",
];
