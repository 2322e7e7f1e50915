import { apiErrorSchema, authResponseSchema, DEFAULT_HUES, userSchema } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/modules/accounts/tokens.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerBody, registerUser, uniqueName, withProductPasswordCost } from "../helpers/users.ts";

describeEachDialect("accounts: register, login, logout, profile, password", (ctx) => {
  describe("POST /api/auth/register/", () => {
    it("creates the user with default preferences and answers a token", async () => {
      const body = registerBody();
      const res = await ctx.app.inject({ method: "POST", url: "/api/auth/register/", payload: body });
      expect(res.statusCode).toBe(201);
      const json = authResponseSchema.parse(res.json());
      expect(json.token).toMatch(/^[0-9a-f]{64}$/);
      expect(json.user).toMatchObject({
        username: body.username,
        email: body.email,
        first_name: "Ada",
        last_name: "Lovelace",
        preferences: { theme: "light", language: "en", custom_hues: DEFAULT_HUES },
      });
      expect(Number.isNaN(Date.parse(json.user.date_joined))).toBe(false);
    });

    it("starts the account with the language and theme the visitor was using", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: { ...registerBody(), language: "es", theme: "dark" },
      });
      expect(res.statusCode).toBe(201);
      const { user, token } = authResponseSchema.parse(res.json());
      expect(user.preferences).toMatchObject({ language: "es", theme: "dark" });
      // Stored, not only answered: the profile reads them back.
      const profile = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/profile/",
        headers: { authorization: `Token ${token}` },
      });
      expect(userSchema.parse(profile.json()).preferences).toMatchObject({ language: "es", theme: "dark" });
    });

    it("rejects a language or theme the app does not have, naming the field", async () => {
      for (const [field, value] of [
        ["language", "fr"],
        ["theme", "sepia"],
      ] as const) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/register/",
          payload: { ...registerBody(), [field]: value },
        });
        expect(res.statusCode).toBe(400);
        const error = apiErrorSchema.parse(res.json());
        expect(error.code).toBe("validation_error");
        expect(error.fields?.[field]).toBeTruthy();
      }
    });

    it("stores only the SHA-256 of the token and a salted scrypt hash of the password", () =>
      withProductPasswordCost(async () => {
        const user = await registerUser(ctx.app);
        const rows = await ctx.db
          .selectFrom("auth_tokens")
          .selectAll()
          .where("user_id", "=", user.id)
          .execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.token_hash).toBe(hashToken(user.token));
        expect(rows[0]!.token_hash).not.toContain(user.token);
        const row = await ctx.db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
        expect(row.password_hash).not.toContain(user.password);
        const again = await registerUser(ctx.app, {
          body: { password: user.password, password_confirm: user.password },
        });
        const other = await ctx.db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", again.id)
          .executeTakeFirstOrThrow();
        expect(other.password_hash).not.toBe(row.password_hash);
      }));

    it("gives the new user an active Community subscription", async () => {
      const user = await registerUser(ctx.app);
      const subs = await ctx.db
        .selectFrom("subscriptions")
        .innerJoin("tiers", "tiers.id", "subscriptions.tier_id")
        .select(["tiers.key", "subscriptions.is_active"])
        .where("user_id", "=", user.id)
        .execute();
      expect(subs).toHaveLength(1);
      expect(subs[0]!.key).toBe("community");
      expect(Boolean(subs[0]!.is_active)).toBe(true);
    });

    const rules: Array<[string, Record<string, unknown>, string, string]> = [
      ["username missing", { username: undefined }, "username", "Username is required"],
      ["username blank", { username: "   " }, "username", "Username is required"],
      ["username short", { username: "ab" }, "username", "Username must be at least 3 characters"],
      [
        "username with spaces",
        { username: "a b c" },
        "username",
        "Username may contain letters, numbers, dots, dashes and underscores only",
      ],
      ["email missing", { email: "" }, "email", "Email is required"],
      ["email invalid", { email: "not-an-email" }, "email", "Please enter a valid email address"],
      ["first name missing", { first_name: "" }, "first_name", "First name is required"],
      ["last name missing", { last_name: " " }, "last_name", "Last name is required"],
      ["password missing", { password: "" }, "password", "Password is required"],
      [
        "password short",
        { password: "12345", password_confirm: "12345" },
        "password",
        "Password must be at least 6 characters",
      ],
      ["confirmation missing", { password_confirm: "" }, "password_confirm", "Please confirm your password"],
      [
        "confirmation differs",
        { password_confirm: "different1" },
        "password_confirm",
        "Passwords do not match",
      ],
    ];
    for (const [name, overrides, field, message] of rules) {
      it(`rejects ${name} with 400 and the field message`, async () => {
        const body: Record<string, unknown> = { ...registerBody(), ...overrides };
        for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
        const res = await ctx.app.inject({ method: "POST", url: "/api/auth/register/", payload: body });
        expect(res.statusCode).toBe(400);
        const error = apiErrorSchema.parse(res.json());
        expect(error.code).toBe("validation_error");
        expect(error.fields?.[field]).toBe(message);
      });
    }

    it("answers 409 username_taken for the same username in another case", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: registerBody({ username: user.username.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "username_taken", fields: { username: expect.any(String) } });
    });

    it("answers 409 email_taken for the same email in another case", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: registerBody({ email: `${user.username.toUpperCase()}@EXAMPLE.com` }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "email_taken", fields: { email: expect.any(String) } });
    });

    it("lets exactly one of two racing registrations of one username through", async () => {
      const username = uniqueName("race");
      const results = await Promise.all(
        [1, 2].map((n) =>
          ctx.app.inject({
            method: "POST",
            url: "/api/auth/register/",
            payload: registerBody({ username, email: `${username}${n}@example.com` }),
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe("POST /api/auth/login/", () => {
    it("signs in case-insensitively and answers a fresh token", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: `  ${user.username.toUpperCase()} `, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      const json = authResponseSchema.parse(res.json());
      expect(json.user.id).toBe(user.id);
      expect(json.token).not.toBe(user.token);
    });

    it("answers 401 invalid_credentials for a wrong password or an unknown user", async () => {
      const user = await registerUser(ctx.app);
      for (const payload of [
        { username: user.username, password: "wrong-password" },
        { username: uniqueName("ghost"), password: "whatever1" },
      ]) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/login/",
          payload,
          remoteAddress: "10.1.0.1",
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: "invalid_credentials", detail: "Invalid username or password." });
      }
    });

    it("requires username and password", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: " " },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        username: "Username is required",
        password: "Password is required",
      });
    });

    it("works with a stale token in the header", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        headers: { authorization: `Token ${"0".repeat(64)}` },
        payload: { username: user.username, password: user.password },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe("tokens and logout", () => {
    it("GET /api/auth/profile/ answers the user for a valid token", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json()).id).toBe(user.id);
    });

    it("answers 401 not_authenticated without a token and invalid_token for a bad one", async () => {
      const anonymous = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/" });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe("not_authenticated");
      for (const authorization of [`Token ${"a".repeat(64)}`, "Token nope", "Bearer abc", "Token"]) {
        const res = await ctx.app.inject({
          method: "GET",
          url: "/api/auth/profile/",
          headers: { authorization },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe("invalid_token");
      }
    });

    it("logout revokes the token used, and only that one", async () => {
      const user = await registerUser(ctx.app);
      const second = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: user.username, password: user.password },
      });
      const otherAuth = { authorization: `Token ${second.json().token}` };
      const res = await ctx.app.inject({ method: "POST", url: "/api/auth/logout/", headers: user.headers });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      const after = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: user.headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe("invalid_token");
      const other = await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: otherAuth });
      expect(other.statusCode).toBe(200);
    });

    it("logout without a token is 401", async () => {
      const res = await ctx.app.inject({ method: "POST", url: "/api/auth/logout/" });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("PATCH /api/auth/profile/", () => {
    it("changes names and email", async () => {
      const user = await registerUser(ctx.app);
      const email = `${uniqueName("new")}@example.org`;
      const res = await ctx.app.inject({
        method: "PATCH",
        url: "/api/auth/profile/",
        headers: user.headers,
        payload: { first_name: " Grace ", last_name: "Hopper", email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: "Grace", last_name: "Hopper", email });
      const profile = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/profile/",
        headers: user.headers,
      });
      expect(profile.json()).toMatchObject({ first_name: "Grace", email });
    });

    it("validates each field", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "PATCH",
        url: "/api/auth/profile/",
        headers: user.headers,
        payload: { first_name: "", last_name: "  ", email: "nope" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        first_name: "First name is required",
        last_name: "Last name is required",
        email: "Please enter a valid email address",
      });
    });

    it("answers 409 email_taken for another user's email, and accepts its own", async () => {
      const a = await registerUser(ctx.app);
      const b = await registerUser(ctx.app);
      const taken = await ctx.app.inject({
        method: "PATCH",
        url: "/api/auth/profile/",
        headers: a.headers,
        payload: { email: `${b.username}@example.com` },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe("email_taken");
      const own = await ctx.app.inject({
        method: "PATCH",
        url: "/api/auth/profile/",
        headers: a.headers,
        payload: { email: `${a.username.toUpperCase()}@example.com` },
      });
      expect(own.statusCode).toBe(200);
    });

    it("requires a token", async () => {
      const res = await ctx.app.inject({ method: "PATCH", url: "/api/auth/profile/", payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("POST /api/auth/password/", () => {
    it("changes the password and signs out other devices", async () => {
      const user = await registerUser(ctx.app);
      const other = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: user.username, password: user.password },
      });
      const otherAuth = { authorization: `Token ${other.json().token}` };
      // Used once first, so this process remembers it (token cache): the change must still revoke it.
      expect(
        (await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: otherAuth })).statusCode,
      ).toBe(200);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/password/",
        headers: user.headers,
        payload: {
          current_password: user.password,
          new_password: "brand-new-1",
          new_password_confirm: "brand-new-1",
        },
      });
      expect(res.statusCode).toBe(204);
      expect(
        (await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: user.headers }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ method: "GET", url: "/api/auth/profile/", headers: otherAuth })).statusCode,
      ).toBe(401);
      const oldLogin = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: user.username, password: user.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: user.username, password: "brand-new-1" },
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it("answers 400 wrong_password for a wrong current password", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/password/",
        headers: user.headers,
        payload: {
          current_password: "not-it",
          new_password: "brand-new-1",
          new_password_confirm: "brand-new-1",
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "wrong_password",
        fields: { current_password: expect.any(String) },
      });
    });

    it("validates the new password and its confirmation", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/password/",
        headers: user.headers,
        payload: { current_password: "", new_password: "123", new_password_confirm: "456" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        current_password: "Password is required",
        new_password: "Password must be at least 6 characters",
        new_password_confirm: "Passwords do not match",
      });
    });
  });
});
