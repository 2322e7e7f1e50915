import { randomBytes } from "node:crypto";
import { type AuthResponse, authResponseSchema, STORAGE_KEYS } from "@draftroom/contracts";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { frameReport } from "./frame-check.ts";

export interface TestUser {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  token: string;
  user: AuthResponse["user"];
}

/** Registers a fresh user through the API (POST /api/auth/register/ -> {token, user}). */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<Pick<TestUser, "username" | "email" | "password" | "first_name" | "last_name">> = {},
): Promise<TestUser> {
  const suffix = randomBytes(5).toString("hex");
  const fields = {
    username: overrides.username ?? `e2e_${suffix}`,
    email: overrides.email ?? `e2e_${suffix}@example.com`,
    password: overrides.password ?? `pw-${suffix}-Secret`,
    first_name: overrides.first_name ?? "Erin",
    last_name: overrides.last_name ?? "Tester",
  };
  const res = await request.post("/api/auth/register/", {
    data: { ...fields, password_confirm: fields.password },
  });
  expect([200, 201], `register ${fields.username}: ${await res.text()}`).toContain(res.status());
  const body = authResponseSchema.parse(await res.json());
  return { ...fields, token: body.token, user: body.user };
}

/** Headers for API calls as this user. */
export function authHeaders(user: Pick<TestUser, "token">): Record<string, string> {
  return { authorization: `Token ${user.token}` };
}

/** Stores the user's token in the page's localStorage before any app script runs (signed in). */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript(
    ({ keys, token, profile }) => {
      window.localStorage.setItem(keys.authToken, token);
      window.localStorage.setItem(keys.authUser, JSON.stringify(profile));
    },
    { keys: STORAGE_KEYS, token: user.token, profile: user.user },
  );
}

interface Fixtures {
  /** A freshly registered user (its own database rows; the temp database goes away after the run). */
  user: TestUser;
  /** A page whose browser storage already holds `user`'s token. */
  userPage: Page;
  /** After a failed test, attaches how many frames each open page still draws (frame-check.ts). */
  frameCheck: undefined;
}

/**
 * Waits until the app has taken over a page the server drew (decision 076). Until then #root is
 * inert (hidden from assistive technology, nothing to click) and the app's first render replaces
 * each of its elements: a check that reads the page once (a box, an axe scan) reads it after that.
 * Whether a page load is drawn depends on the machine (the server's budget): a page that was not
 * passes at once.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator("#root[inert]")).toHaveCount(0, { timeout: 20_000 });
}

export const test = base.extend<Fixtures>({
  user: async ({ request }, use) => {
    await use(await createUser(request));
  },
  userPage: async ({ page, user }, use) => {
    await signIn(page, user);
    await use(page);
  },
  frameCheck: [
    // Takes the test's context so that it is torn down before the context closes the test's page;
    // the pages of contexts the test opened itself are read through the same browser.
    async ({ context }, use, testInfo) => {
      await use(undefined);
      const browser = context.browser();
      if (testInfo.status === testInfo.expectedStatus || !browser) return;
      await testInfo.attach("frames", { body: await frameReport(browser), contentType: "text/plain" });
    },
    { auto: true },
  ],
});

export { expect };
