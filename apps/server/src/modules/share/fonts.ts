import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import type { SatoriOptions } from "satori";

/**
 * The card's typeface: Inter (SIL Open Font License 1.1) from the @fontsource/inter package, in
 * the WOFF files satori reads (it cannot read WOFF2). Latin and Latin Extended cover English,
 * Spanish and most team names; one array object is kept so satori parses the fonts once.
 *
 * The WOFF files are unpacked to plain OpenType here, once per thread, with Node's zlib: handed a
 * WOFF, satori inflates every table in JavaScript twice (its font parser and its shaper each
 * want their own copy), which left a render thread about 25 MB larger after its first card
 * (decision 062). The glyphs are the same bytes either way.
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
      data: woffToOpenType(
        readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      ),
    })),
  );
  return fonts;
}

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

/**
 * A WOFF 1.0 font as the OpenType (SFNT) file it wraps: the same tables, each inflated when it
 * was compressed, 4-byte aligned, behind an SFNT table directory. Anything else is returned as is.
 *
 * @example
 * woffToOpenType(readFileSync("inter-latin-400-normal.woff")).readUInt32BE(0); // 0x00010000
 */
export function woffToOpenType(woff: Buffer): Buffer {
  const input = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER_BYTES || input.getUint32(0) !== WOFF_SIGNATURE) return woff;
  const tables = input.getUint16(12);
  const out = Buffer.alloc(input.getUint32(16));
  const output = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const selector = Math.floor(Math.log2(tables));
  const searchRange = 2 ** selector * SFNT_ENTRY_BYTES;
  output.setUint32(0, input.getUint32(4)); // flavor: the SFNT version
  output.setUint16(4, tables);
  output.setUint16(6, searchRange);
  output.setUint16(8, selector);
  output.setUint16(10, tables * SFNT_ENTRY_BYTES - searchRange);
  let at = SFNT_HEADER_BYTES + tables * SFNT_ENTRY_BYTES;
  for (let n = 0; n < tables; n += 1) {
    const entry = WOFF_HEADER_BYTES + n * WOFF_ENTRY_BYTES;
    const offset = input.getUint32(entry + 4);
    const packed = input.getUint32(entry + 8);
    const length = input.getUint32(entry + 12);
    const record = SFNT_HEADER_BYTES + n * SFNT_ENTRY_BYTES;
    output.setUint32(record, input.getUint32(entry)); // tag
    output.setUint32(record + 4, input.getUint32(entry + 16)); // checksum
    output.setUint32(record + 8, at);
    output.setUint32(record + 12, length);
    const data = woff.subarray(offset, offset + packed);
    out.set(packed < length ? inflateSync(data) : data, at);
    at += (length + 3) & ~3;
  }
  return out;
}
