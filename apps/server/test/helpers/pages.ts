import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect } from "vitest";

/** A page's text whatever encoding it came in (and that it came in the one asked for). */
export function pageText(
  res: { headers: Record<string, unknown>; rawPayload: Buffer },
  asked: string,
): string {
  const encoding = res.headers["content-encoding"];
  expect(encoding ?? "identity").toBe(asked);
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString("utf8");
  return res.rawPayload.toString("utf8");
}
