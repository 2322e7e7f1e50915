import { describe, expect, it } from "vitest";
import { redirectTarget } from "./RouteGuards.tsx";

describe("redirectTarget", () => {
  it("returns to the requested location, else the dashboard", () => {
    expect(redirectTarget({ from: { pathname: "/app/subscriptions", search: "?a=1", hash: "#x" } })).toBe(
      "/app/subscriptions?a=1#x",
    );
    expect(redirectTarget(null)).toBe("/app/dashboard");
    expect(redirectTarget({ from: { pathname: "/login" } })).toBe("/app/dashboard");
    expect(redirectTarget({ from: { pathname: "//evil.example" } })).toBe("/app/dashboard");
  });

  it("never returns to a sign-in or registration page, or to the landing page", () => {
    for (const pathname of ["/register", "/auth/register", "/app/auth/login", "/", "/app"])
      expect(redirectTarget({ from: { pathname } }), pathname).toBe("/app/dashboard");
  });
});
