import type { BoardChampion } from "@/components/draft-board/types.ts";

/** Data Dragon release the demo icons come from (the same one the seed pool uses). */
export const DDRAGON_VERSION = "16.6.1";

/** Square icon URL on the Data Dragon CDN for a champion key such as "Ahri" or "KSante". */
export function ddragonIconUrl(championKey: string): string {
  return `https://ddragon.leagueoflegends.com/cdn/${DDRAGON_VERSION}/img/champion/${championKey}.png`;
}

/** [Data Dragon id, display name, numeric key] of the 48 champions in the landing demo pool. */
const POOL: ReadonlyArray<readonly [string, string, number]> = [
  ["Aatrox", "Aatrox", 266],
  ["KSante", "K'Sante", 897],
  ["Rumble", "Rumble", 68],
  ["Renekton", "Renekton", 58],
  ["Jax", "Jax", 24],
  ["Gnar", "Gnar", 150],
  ["Ornn", "Ornn", 516],
  ["Gragas", "Gragas", 79],
  ["Jayce", "Jayce", 126],
  ["Camille", "Camille", 164],
  ["Sejuani", "Sejuani", 113],
  ["Vi", "Vi", 254],
  ["LeeSin", "Lee Sin", 64],
  ["Maokai", "Maokai", 57],
  ["XinZhao", "Xin Zhao", 5],
  ["MonkeyKing", "Wukong", 62],
  ["Nidalee", "Nidalee", 76],
  ["Poppy", "Poppy", 78],
  ["Skarner", "Skarner", 72],
  ["Viego", "Viego", 234],
  ["Azir", "Azir", 268],
  ["Orianna", "Orianna", 61],
  ["Ahri", "Ahri", 103],
  ["Taliyah", "Taliyah", 163],
  ["Syndra", "Syndra", 134],
  ["Sylas", "Sylas", 517],
  ["Corki", "Corki", 42],
  ["Leblanc", "LeBlanc", 7],
  ["Yone", "Yone", 777],
  ["Viktor", "Viktor", 112],
  ["Hwei", "Hwei", 910],
  ["Aurora", "Aurora", 893],
  ["Kaisa", "Kai'Sa", 145],
  ["Varus", "Varus", 110],
  ["Ezreal", "Ezreal", 81],
  ["Xayah", "Xayah", 498],
  ["Jinx", "Jinx", 222],
  ["Kalista", "Kalista", 429],
  ["Zeri", "Zeri", 221],
  ["Ashe", "Ashe", 22],
  ["Aphelios", "Aphelios", 523],
  ["Rell", "Rell", 526],
  ["Rakan", "Rakan", 497],
  ["Nautilus", "Nautilus", 111],
  ["Alistar", "Alistar", 12],
  ["Renata", "Renata Glasc", 888],
  ["Braum", "Braum", 201],
  ["Leona", "Leona", 89],
];

export interface DemoChampion extends BoardChampion {
  champion_key: string;
}

/** The static pool of the landing demo: a typical professional meta, top to support. */
export const DEMO_CHAMPIONS: readonly DemoChampion[] = POOL.map(([championKey, name, id]) => ({
  id,
  name,
  champion_key: championKey,
  icon_url: ddragonIconUrl(championKey),
}));

const byName = new Map(DEMO_CHAMPIONS.map((champion) => [champion.name, champion]));

/** Looks a demo champion up by display name; the script only names pool members. */
export function demoChampion(name: string): DemoChampion {
  const champion = byName.get(name);
  if (!champion) throw new Error(`${name} is not in the demo pool`);
  return champion;
}
