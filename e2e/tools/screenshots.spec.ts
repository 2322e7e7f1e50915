import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createUser, expect, signIn, test } from "../support/fixtures.ts";
import { newThemedPage, SHELL_SCREENS } from "../support/screens.ts";

/**
 * Not a test: `npm run screenshots` writes the shell screens at 1366 and 390 px, light and dark,
 * English and Spanish, to e2e/screenshots/shell for a person to look at.
 */
const SHOTS = join(import.meta.dirname, "../screenshots/shell");

test("shell screenshots at 1366 and 390 px, light and dark, en and es", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const user = await createUser(request);
  for (const width of [1366, 390]) {
    for (const theme of ["light", "dark"]) {
      for (const lang of ["en", "es"]) {
        const { context, page } = await newThemedPage(browser, baseURL!, width, theme, lang);
        for (const screen of SHELL_SCREENS.filter((s) => s.name !== "docs")) {
          if (screen.signedIn) await signIn(page, user);
          await page.goto(screen.path);
          await expect(page.locator("main h1").first()).toBeVisible();
          await page.waitForTimeout(250);
          await page.screenshot({ path: join(SHOTS, `${screen.name}-${width}-${theme}-${lang}.png`) });
        }
        if (width === 390) {
          await page.getByRole("button", { name: lang === "es" ? "Abrir menú" : "Open menu" }).click();
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(SHOTS, `drawer-${width}-${theme}-${lang}.png`) });
        } else {
          await page
            .getByRole("button", { name: lang === "es" ? "Menú de la cuenta" : "Account menu" })
            .click();
          await page.waitForTimeout(200);
          await page.screenshot({ path: join(SHOTS, `user-menu-${width}-${theme}-${lang}.png`) });
        }
        await context.close();
      }
    }
  }
});
