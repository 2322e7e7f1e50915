import { DEFAULT_HUES, userSchema } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser } from "../helpers/users.ts";

describeEachDialect("users: theme, language and preferences", (ctx) => {
  it("PATCH /api/users/theme/ stores the theme and the profile returns it", async () => {
    const user = await registerUser(ctx.app);
    for (const theme of ["dark", "auto", "light"] as const) {
      const res = await ctx.app.inject({
        method: "PATCH",
        url: "/api/users/theme/",
        headers: user.headers,
        payload: { theme },
      });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json()).preferences.theme).toBe(theme);
      const profile = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/profile/",
        headers: user.headers,
      });
      expect(profile.json().preferences.theme).toBe(theme);
    }
  });

  it("PATCH /api/users/language/ stores en or es", async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/language/",
      headers: user.headers,
      payload: { language: "es" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toMatchObject({ language: "es", theme: "light" });
    const profile = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: user.headers });
    expect(profile.json().preferences.language).toBe("es");
  });

  it("PATCH /api/users/preferences/ changes any subset, custom hues included", async () => {
    const user = await registerUser(ctx.app);
    const hues = { primary: 10, secondary: 20, accent: 360, neutral: 0 };
    const res = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/preferences/",
      headers: user.headers,
      payload: { custom_hues: hues, theme: "dark" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toEqual({ theme: "dark", language: "en", custom_hues: hues });
    const empty = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/preferences/",
      headers: user.headers,
      payload: {},
    });
    expect(empty.json().preferences).toEqual({ theme: "dark", language: "en", custom_hues: hues });
    const other = await registerUser(ctx.app);
    const otherProfile = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/profile/",
      headers: other.headers,
    });
    expect(otherProfile.json().preferences.custom_hues).toEqual(DEFAULT_HUES);
  });

  it("rejects unknown themes, languages and out-of-range hues with 400 and fields", async () => {
    const user = await registerUser(ctx.app);
    const cases: Array<[string, unknown, string]> = [
      ["/api/users/theme/", { theme: "purple" }, "theme"],
      ["/api/users/theme/", {}, "theme"],
      ["/api/users/language/", { language: "fr" }, "language"],
      [
        "/api/users/preferences/",
        { custom_hues: { primary: 400, secondary: 1, accent: 1, neutral: 1 } },
        "custom_hues.primary",
      ],
      ["/api/users/preferences/", { custom_hues: { primary: 1 } }, "custom_hues.secondary"],
      ["/api/users/preferences/", { theme: 3 }, "theme"],
    ];
    for (const [url, payload, field] of cases) {
      const res = await ctx.app.inject({
        method: "PATCH",
        url,
        headers: user.headers,
        payload: payload as object,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe("validation_error");
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const profile = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: user.headers });
    expect(profile.json().preferences).toEqual({ theme: "light", language: "en", custom_hues: DEFAULT_HUES });
  });

  it("requires a token on every preferences route", async () => {
    for (const url of ["/api/users/theme/", "/api/users/language/", "/api/users/preferences/"]) {
      const res = await ctx.app.inject({ method: "PATCH", url, payload: { theme: "dark" } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("not_authenticated");
    }
  });
});
