/**
 * Champion search as players type it: accents, case, spaces and punctuation ignored ("kaisa" finds
 * Kai'Sa, "drmundo" Dr. Mundo) and the short names of the scene (MF, TF, J4, ASol, GP, LB, ...).
 * Every champion search (grids, priority lists, series locks) goes through `matchesChampion`.
 */

/** Lower case, accents and anything but letters and digits removed. */
export function championSearchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Short names players use, keyed by the short name's search key, each the search key of the
 * champion's full name. Short names that are already the start of the name (Cait, Kog, Nunu, Wu,
 * Mundo, Xin, Voli, ...) match without an entry.
 */
export const CHAMPION_ALIASES: Readonly<Record<string, string>> = {
  mf: "missfortune",
  tf: "twistedfate",
  j4: "jarvaniv",
  jarvan: "jarvaniv",
  asol: "aurelionsol",
  gp: "gangplank",
  lb: "leblanc",
  tk: "tahmkench",
  kz: "khazix",
  k6: "khazix",
  ww: "warwick",
  mundo: "drmundo",
  yi: "masteryi",
  wu: "wukong",
  monkey: "wukong",
  xin: "xinzhao",
  cass: "cassiopeia",
  cait: "caitlyn",
  kog: "kogmaw",
  nunu: "nunuwillump",
  rek: "reksai",
  bv: "belveth",
  ks: "ksante",
  ez: "ezreal",
  heimer: "heimerdinger",
  fiddle: "fiddlesticks",
  morde: "mordekaiser",
  naut: "nautilus",
  noc: "nocturne",
  ori: "orianna",
  trist: "tristana",
  trynd: "tryndamere",
  vlad: "vladimir",
  voli: "volibear",
  yas: "yasuo",
  renata: "renataglasc",
  sej: "sejuani",
  blitz: "blitzcrank",
  kass: "kassadin",
  kat: "katarina",
  malph: "malphite",
  mao: "maokai",
  panth: "pantheon",
  ali: "alistar",
  zil: "zilean",
  xer: "xerath",
  aurelion: "aurelionsol",
  nid: "nidalee",
  sol: "aurelionsol",
  cho: "chogath",
};

/**
 * True when the query finds the champion: a part of its name as typed, or a short name of it
 * ("mf" finds Miss Fortune, "j4" Jarvan IV). An empty query finds every champion.
 *
 * @example
 * matchesChampion("mf", "Miss Fortune"); // true
 * matchesChampion("Kai'sa", "Kai'Sa");   // true
 * matchesChampion("tf", "Teemo");        // false
 */
export function matchesChampion(query: string, name: string): boolean {
  const q = championSearchKey(query);
  if (!q) return true;
  const key = championSearchKey(name);
  if (key.includes(q)) return true;
  const target = CHAMPION_ALIASES[q];
  return target !== undefined && target === key;
}
