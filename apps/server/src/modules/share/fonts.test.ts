import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import satori from "satori";
import { describe, expect, it } from "vitest";
import { CARD_FONT, cardFonts, woffToOpenType } from "./fonts.ts";

const require = createRequire(import.meta.url);
const woffFile = (subset: string, weight: number) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));

describe("card fonts (decision 062)", () => {
  it("unpacks a WOFF to the OpenType file it wraps: every table inflated, in place, 4-byte aligned", () => {
    const woff = woffFile("latin-ext", 700);
    const font = woffToOpenType(woff);
    const tables = woff.readUInt16BE(12);
    expect(font.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(font.readUInt16BE(4)).toBe(tables);
    expect(font.length).toBe(woff.readUInt32BE(16));
    let compressed = 0;
    for (let n = 0; n < tables; n += 1) {
      const entry = 44 + n * 20;
      const record = 12 + n * 16;
      const [offset, packed, length] = [4, 8, 12].map((at) => woff.readUInt32BE(entry + at)) as [
        number,
        number,
        number,
      ];
      expect(font.readUInt32BE(record)).toBe(woff.readUInt32BE(entry));
      const at = font.readUInt32BE(record + 8);
      expect(at % 4).toBe(0);
      expect(font.readUInt32BE(record + 12)).toBe(length);
      const data = woff.subarray(offset, offset + packed);
      if (packed < length) compressed += 1;
      expect(font.subarray(at, at + length).equals(packed < length ? inflateSync(data) : data)).toBe(true);
    }
    expect(compressed).toBeGreaterThan(0);
    // Something that is not a WOFF is left alone.
    expect(woffToOpenType(font)).toBe(font);
  });

  it("lays out the same glyphs from the unpacked fonts as satori does from the WOFF files", async () => {
    const fromWoff = (["latin", "latin-ext"] as const).flatMap((subset) =>
      ([400, 700, 800] as const).map((weight) => ({
        name: CARD_FONT,
        weight,
        style: "normal" as const,
        data: woffFile(subset, weight),
      })),
    );
    const element = {
      type: "div",
      key: null,
      props: {
        style: { display: "flex", flexDirection: "column", fontFamily: CARD_FONT, fontSize: 32 },
        children: [
          { type: "div", key: null, props: { style: { fontWeight: 400 }, children: "Ganó el lado azul" } },
          { type: "div", key: null, props: { style: { fontWeight: 800 }, children: "Kai'Sa · Ñandú Ölçek" } },
        ],
      },
    };
    const options = { width: 600, height: 200 };
    const svg = await satori(element, { ...options, fonts: cardFonts() });
    expect(svg).toContain("<path");
    expect(svg).toBe(await satori(element, { ...options, fonts: fromWoff }));
  });
});
