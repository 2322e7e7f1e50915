import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv.ts";

async function read(chunks: string[], keep?: (header: string[]) => number) {
  const records: string[][] = [];
  const widths: number[] = [];
  for await (const batch of csvRecords(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), keep)) {
    records.push(...batch.records);
    widths.push(...batch.widths);
  }
  return { records, widths };
}

describe("csvRecords", () => {
  it("reads plain lines across chunk boundaries, LF and CRLF, with or without a last newline", async () => {
    expect((await read(["a,b\n1,", "2\r\n3,4"])).records).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
    expect((await read(["a,b\n1,2\n"])).records).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads quoted cells with commas, escaped quotes and line breaks, split across chunks", async () => {
    const { records } = await read(['name,note\nAhri,"a, ""b""', '\nc"\nZed,plain\n']);
    expect(records).toEqual([
      ["name", "note"],
      ["Ahri", 'a, "b"\nc'],
      ["Zed", "plain"],
    ]);
  });

  it("drops a byte order mark, even alone in the first chunk", async () => {
    expect((await read(["\uFEFF", "x,y\n1,2\n"])).records[0]).toEqual(["x", "y"]);
  });

  it("with keep, splits only the first cells of later lines and still counts every cell", async () => {
    const { records, widths } = await read(["a,b,c,d\n1,2,3,4\n5,6\n"], () => 2);
    expect(records).toEqual([
      ["a", "b", "c", "d"],
      ["1", "2"],
      ["5", "6"],
    ]);
    expect(widths).toEqual([4, 4, 2]);
  });

  it("keeps an empty line as a one-cell record", async () => {
    expect((await read(["a\n\nb\n"])).records).toEqual([["a"], [""], ["b"]]);
  });
});
