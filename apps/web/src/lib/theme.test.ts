import { DEFAULT_HUES } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { applyTheme, effectiveTheme, nextThemeMode, parseHues, type ThemeState } from "./theme.ts";

describe("theme", () => {
  it("the toggle cycles light → dark → auto → light", () => {
    expect(nextThemeMode("light")).toBe("dark");
    expect(nextThemeMode("dark")).toBe("auto");
    expect(nextThemeMode("auto")).toBe("light");
  });

  it("auto follows the system preference", () => {
    const base: ThemeState = { mode: "auto", hues: DEFAULT_HUES, systemDark: true };
    expect(effectiveTheme(base)).toBe("dark");
    expect(effectiveTheme({ ...base, systemDark: false })).toBe("light");
    expect(effectiveTheme({ ...base, mode: "light" })).toBe("light");
  });

  it("parses stored hues, falling back per hue to the defaults", () => {
    expect(parseHues({ primary: 10, secondary: "400", accent: null, neutral: 359.6 })).toEqual({
      primary: 10,
      secondary: DEFAULT_HUES.secondary,
      accent: DEFAULT_HUES.accent,
      neutral: 360,
    });
    expect(parseHues("garbage")).toEqual(DEFAULT_HUES);
  });

  it("writes the dark class and the four hue variables onto <html>", () => {
    applyTheme({
      mode: "dark",
      hues: { primary: 1, secondary: 2, accent: 3, neutral: 4 },
      systemDark: false,
    });
    const root = document.documentElement;
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.style.getPropertyValue("--hue-primary")).toBe("1");
    expect(root.style.getPropertyValue("--hue-neutral")).toBe("4");
    applyTheme({ mode: "light", hues: DEFAULT_HUES, systemDark: true });
    expect(root.classList.contains("dark")).toBe(false);
  });
});
