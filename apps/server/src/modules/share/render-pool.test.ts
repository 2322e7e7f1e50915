import { afterAll, describe, expect, it } from "vitest";
import type { DraftCard } from "./card-model.ts";
import { RENDER_THREAD_LIMITS, RenderPool } from "./render-pool.ts";

const empty = () => Array.from({ length: 5 }, () => ({ state: "empty" as const, champion: null }));
const card: DraftCard = {
  kind: "draft",
  title: "Limits",
  league: null,
  date: "2026-11-29T12:00:00Z",
  phase: 1,
  complete: false,
  winner: null,
  series: null,
  blue: { side: "BLUE", name: "Blue", players: [], picks: empty(), bans: empty() },
  red: { side: "RED", name: "Red", players: [], picks: empty(), bans: empty() },
};

describe("render pool threads (decision 062)", () => {
  const pool = new RenderPool({ size: 1, maxWaiting: 1, portraitDir: undefined });
  afterAll(() => pool.close());

  it("draws on a thread started with a small young generation and a capped old generation", async () => {
    expect(pool.threadLimits).toEqual([]);
    const png = await pool.draw(card, { size: "stream", theme: "light", lang: "es" });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pool.threadLimits).toHaveLength(1);
    expect(pool.threadLimits[0]).toMatchObject(RENDER_THREAD_LIMITS);
  }, 60_000);
});
