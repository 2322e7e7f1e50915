import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./lazy-page.ts";

describe("isChunkLoadError", () => {
  it("recognises failed dynamic imports in Chromium, Firefox, Safari and webpack wording", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 42 failed. (error: /assets/42.js)"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Loading chunk")).toBe(false);
  });
});
