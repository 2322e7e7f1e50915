import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STORAGE_KEYS } from "@draftroom/contracts";
import {
  type DataSourceFixture,
  startDataSourceFixture,
} from "../../apps/server/test/helpers/data-source-fixture.ts";
import { createUser, expect, signIn, test } from "../support/fixtures.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { expectNoAxeViolations } from "./plans-helpers.ts";

/**
 * The data page's scheduled updates against a loopback fixture (nothing leaves the machine): a
 * failed update (a damaged champion file) changes nothing and says why; fixed at the source, the
 * next update imports the patch and its portraits; the stale banner on scouting; both languages.
 */

const seed = JSON.parse(
  readFileSync(new URL("../../apps/server/seed-data/ddragon-champion-16.6.1.json", import.meta.url), "utf8"),
) as { data: Record<string, object> };
function championFile(version: string) {
  const data: Record<string, object> = {};
  for (const [key, value] of Object.entries(seed.data)) data[key] = { ...value, version };
  return { type: "champion", version, data };
}

test.describe("data updates", () => {
  let fixture: DataSourceFixture;
  let server: RunningServer;
  let portraits: string;

  test.beforeAll(async () => {
    fixture = await startDataSourceFixture();
    fixture.versions = ["16.7.1", "16.6.1"];
    fixture.champions.set("16.7.1", '{"type":"champion","version":"16.7.1","data":{');
    portraits = mkdtempSync(join(tmpdir(), "draftroom-e2e-portraits-"));
    server = await startServer({
      ...fixture.env,
      MATCH_DATA_URL: "",
      CHAMPION_IMAGE_DIR: portraits,
      DATA_UPDATE_TICK_MS: "3600000",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fixture?.close();
    rmSync(portraits, { recursive: true, force: true });
  });

  test("a failed then a successful update on the data page, the stale banner, in English and Spanish", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const admin = await createUser(context.request, { username: "e2e_data_admin" });
    const page = await context.newPage();
    await signIn(page, admin);

    await page.goto("/app/data");
    const dragon = page.getByRole("region", { name: "Champions, patch and portraits (Data Dragon)" });
    await expect(dragon).toBeVisible();
    await expect(dragon.getByText("Never").first()).toBeVisible();
    await expectNoAxeViolations(page);

    // A damaged champion file: the run fails, nothing changes, the error is in plain words.
    await dragon.getByRole("button", { name: "Update now" }).click();
    await expect(dragon.getByText("failed, nothing changed")).toBeVisible();
    await expect(
      dragon.getByText(/The champion file of patch 16\.7\.1 is not valid JSON|not valid JSON/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Fixed at the source: the next run imports the patch and every portrait.
    fixture.champions.set("16.7.1", championFile("16.7.1"));
    await dragon.getByRole("button", { name: "Update now" }).click();
    await expect(dragon.getByText(/^updated: \d+ added, 0 changed$/)).toBeVisible();
    await expect(dragon.getByText("16.7.1")).toBeVisible();
    await expect(dragon.getByText(/not valid JSON/)).toHaveCount(0);

    // The imported games are patch 15.01 while the pool is 16.7: scouting says so.
    await page.goto("/app/scouting");
    const banner = page.getByRole("status").filter({ hasText: "Data may be out of date." });
    await expect(banner).toContainText("Recommendations rest on patch 15.01 games");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Spanish.
    await page.addInitScript((key) => window.localStorage.setItem(key, "es"), STORAGE_KEYS.language);
    await page.goto("/app/data");
    await expect(page.getByRole("heading", { name: "Actualizaciones programadas" })).toBeVisible();
    await expect(page.getByText("actualizado:").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
