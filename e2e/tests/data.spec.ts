import { readFileSync } from "node:fs";
import { authResponseSchema } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import { expectAxeClean } from "../support/axe.ts";
import { createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";

const FIXTURE = readFileSync(
  new URL("../../apps/server/test/fixtures/oracles-elixir-5-games.csv", import.meta.url),
  "utf8",
);
const ADMIN = "e2e_data_admin";
const PASSWORD = "data-admin-Secret-1";

/** The administrator named in DATA_ADMINS by the e2e server: registered once, signed in after. */
async function dataAdmin(request: APIRequestContext): Promise<TestUser> {
  const register = await request.post("/api/auth/register/", {
    data: {
      username: ADMIN,
      email: `${ADMIN}@example.com`,
      password: PASSWORD,
      password_confirm: PASSWORD,
      first_name: "Data",
      last_name: "Admin",
    },
  });
  const res = register.ok()
    ? register
    : await request.post("/api/auth/login/", { data: { username: ADMIN, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = authResponseSchema.parse(await res.json());
  return {
    username: ADMIN,
    email: `${ADMIN}@example.com`,
    password: PASSWORD,
    first_name: "Data",
    last_name: "Admin",
    token: body.token,
    user: body.user,
  };
}

test.describe("match data page", () => {
  test("shows the seeded data with its attribution; members cannot upload", async ({ browser, request }) => {
    const user = await createUser(request);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto("/app/data");
    await expect(page.getByRole("heading", { name: "Match data" })).toBeVisible();
    // The seed ships Oracle's Elixir's 52-game sample.
    await expect(page.getByText(/games played from Jan \d+, 2025/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Oracle's Elixir" })).toHaveAttribute(
      "href",
      "https://oracleselixir.com",
    );
    await expect(page.getByText("Only data administrators can import match data.")).toBeVisible();
    await expect(page.getByLabel("CSV file")).toHaveCount(0);
    await expectAxeClean(page);
    await context.close();
  });

  test("an administrator uploads a CSV and sees the result; a bad file lists its problems", async ({
    browser,
    request,
  }) => {
    const admin = await dataAdmin(request);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, admin);
    await page.goto("/app/data");
    const input = page.getByLabel("CSV file");
    await expect(input).toBeVisible();

    const lines = FIXTURE.split("\n");
    const cells = lines[14]!.split(",");
    cells[11] = "Purple";
    lines[14] = cells.join(",");
    await input.setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\n")),
    });
    await page.getByRole("button", { name: "Import" }).click();
    const problems = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
    await expect(problems).toContainText("the file has 1 problem.");
    await expect(problems).toContainText('Line 15: side "Purple" is not Blue or Red');
    await expectAxeClean(page);

    await input.setInputFiles({ name: "games.csv", mimeType: "text/csv", buffer: Buffer.from(FIXTURE) });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByText(/^5 games imported \(\d+ new, \d+ replaced\)\.$/)).toBeVisible();
    await expectAxeClean(page);
    await context.close();
  });
});
