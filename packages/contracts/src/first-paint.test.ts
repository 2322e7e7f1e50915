import { describe, expect, it } from "vitest";
import { decodeFirstPaintCookie, encodeFirstPaintCookie } from "./first-paint.ts";

const TOKEN = "edb7f1bc0041fe19e89995195000b91f8d9b1e8f5d2d97bbd00fe789d5b06f17";
const WORKSPACE = "d9833f4f-53ad-41c1-8d9f-9accb6ff9885";

describe("the first-paint cookie", () => {
  it("carries the session, the workspace, the language and the zone, in a cookie's characters", () => {
    const value = encodeFirstPaintCookie({
      token: TOKEN,
      workspace: WORKSPACE,
      language: "es",
      timeZone: "America/Argentina/Buenos_Aires",
    });
    expect(value).toMatch(/^[A-Za-z0-9%=&._-]+$/);
    expect(decodeFirstPaintCookie(value)).toEqual({
      token: TOKEN,
      workspace: WORKSPACE,
      language: "es",
      timeZone: "America/Argentina/Buenos_Aires",
    });
  });

  it("leaves out what the browser does not have: the personal space, no zone", () => {
    const value = encodeFirstPaintCookie({ token: TOKEN, workspace: null, language: "en", timeZone: null });
    expect(value).toBe(`t=${TOKEN}&l=en`);
    expect(decodeFirstPaintCookie(value)).toEqual({
      token: TOKEN,
      workspace: null,
      language: "en",
      timeZone: null,
    });
  });

  it("reads nothing from a value this build did not write", () => {
    for (const value of [
      "",
      "garbage",
      `l=en`,
      `t=${TOKEN}`,
      `t=${TOKEN}&l=fr`,
      `t=short&l=en`,
      `t=${TOKEN}%3Cscript%3E&l=en`,
      `t=${TOKEN}&l=en&w=%E0%A4%A`,
    ]) {
      expect(decodeFirstPaintCookie(value), value).toBeNull();
    }
  });

  it("drops a zone the server's Intl does not know, keeping the rest", () => {
    expect(decodeFirstPaintCookie(`t=${TOKEN}&l=en&z=Mars%2FOlympus`)).toEqual({
      token: TOKEN,
      workspace: null,
      language: "en",
      timeZone: null,
    });
  });
});
