import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CardTeam, DraftCard } from "./card-model.ts";
import { inProcessDraw } from "./draw.ts";
import { monogram, PortraitStore } from "./portraits.ts";
import { CardRenderer } from "./renderer.ts";

const dir = mkdtempSync(join(tmpdir(), "draftroom-portraits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const team = (side: "BLUE" | "RED", name: string, key: string): CardTeam => ({
  side,
  name,
  players: side === "BLUE" ? ["Zeus", "Oner", "Faker", "Gumayusi", "Keria"] : [],
  picks: [0, 1, 2, 3, 4].map((i) =>
    i === 0 ? { state: "filled", champion: { name: "Ahri", key } } : { state: "empty", champion: null },
  ),
  bans: [0, 1, 2, 3, 4].map(() => ({ state: "skipped", champion: null })),
});
const card = (key: string): DraftCard => ({
  kind: "draft",
  title: "Scrim",
  league: "LCK",
  date: "2026-11-24T20:00:00Z",
  phase: 2,
  complete: false,
  winner: null,
  series: null,
  blue: team("BLUE", "T1", key),
  red: team("RED", "Gen.G", "Nope"),
});
const query = { size: "social", theme: "dark", lang: "en" } as const;

describe("portraits", () => {
  it("reads <key>.png from the local folder, and nothing for a missing icon or a path-like key", () => {
    writeFileSync(join(dir, "Ahri.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const store = new PortraitStore(dir);
    expect(store.portrait("Ahri")).toBe("data:image/png;base64,iVBORw==");
    expect(store.portrait("Zed")).toBeNull();
    expect(store.portrait("../Ahri")).toBeNull();
    expect(new PortraitStore(undefined).portrait("Ahri")).toBeNull();
  });

  it("draws monograms like the web app", () => {
    expect([monogram("Lee Sin"), monogram("Kai'Sa"), monogram("Ahri"), monogram("")]).toEqual([
      "LS",
      "KS",
      "Ah",
      "?",
    ]);
  });
});

describe("card renderer", () => {
  it("embeds a local portrait, keeps rendered cards by content, and stays within its bounds", async () => {
    const plain = new CardRenderer({ draw: inProcessDraw(new PortraitStore(undefined)), maxEntries: 2 });
    const monogramCard = await plain.render(card("Ahri"), query);
    expect(monogramCard.png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(monogramCard.png.readUInt32BE(16)).toBe(1200);
    expect(await plain.render(card("Ahri"), query)).toBe(monogramCard);

    // A real PNG as the portrait: the card that embeds it differs from the monogram card.
    const icons = mkdtempSync(join(dir, "icons-"));
    writeFileSync(join(icons, "Ahri.png"), monogramCard.png);
    const withPortraits = new CardRenderer({ draw: inProcessDraw(new PortraitStore(icons)) });
    const portraitCard = await withPortraits.render(card("Ahri"), query);
    expect(portraitCard.png.readUInt32BE(20)).toBe(630);
    expect(portraitCard.png.equals(monogramCard.png)).toBe(false);
    expect(portraitCard.etag).toBe(monogramCard.etag);

    await plain.render(card("Ahri"), { ...query, theme: "light" });
    await plain.render(card("Ahri"), { ...query, lang: "es" });
    expect(plain.size).toBe(2);
    expect(plain.cached(plain.keyOf(card("Ahri"), query))).toBeUndefined();
    // Five real renders on a shared two-core machine: a generous budget, not a speed check.
  }, 120_000);
});
