import { describe, expect, it } from "vitest";
import { monogramHue, monogramInitials, monogramOf } from "./monogram.ts";

describe("a champion's monogram", () => {
  it("takes two letters of one word, the first of two words, ignoring punctuation", () => {
    expect(monogramInitials("Ahri")).toBe("Ah");
    expect(monogramInitials("Lee Sin")).toBe("LS");
    expect(monogramInitials("Kai'Sa")).toBe("KS");
    expect(monogramInitials("Nunu & Willump")).toBe("NW");
    expect(monogramInitials("'")).toBe("?");
  });

  it("gives each name a stable hue on the wheel, whatever its case", () => {
    const hue = monogramHue("Ahri");
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(360);
    expect(monogramHue("AHRI")).toBe(hue);
    expect(monogramHue("Annie")).not.toBe(hue);
  });

  it("is made once per name, with the initials and the gradient of the name's hue", () => {
    const first = monogramOf("Miss Fortune");
    expect(first.initials).toBe("MF");
    const hue = monogramHue("Miss Fortune");
    expect(first.background).toBe(
      `linear-gradient(135deg, hsl(${hue} 62% 42%), hsl(${(hue + 40) % 360} 70% 24%))`,
    );
    expect(monogramOf("Miss Fortune")).toBe(first);
    expect(monogramOf("Miss Fortunes")).not.toBe(first);
  });
});
