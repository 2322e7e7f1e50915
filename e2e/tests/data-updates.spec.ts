import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STORAGE_KEYS } from "@draftroom/contracts";
import type { APIRequestContext } from "@playwright/test";
import {
  type DataSourceFixture,
  startDataSourceFixture,
} from "../../apps/server/test/helpers/data-source-fixture.ts";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { authHeaders, createUser, expect, signIn, type TestUser, test } from "../support/fixtures.ts";
import { type RunningServer, startServer } from "../support/server.ts";

/**
 * The data page's scheduled updates against a loopback fixture (nothing leaves the machine): a
 * failed update (a damaged champion file) changes nothing and says why; fixed at the source, the
 * next update imports the patch and its portraits, and a draft's PNG card then draws them; the stale
 * banner on scouting and on the draft board; both languages.
 */

type Named = { id: number; name: string };
const list = <T>(body: T[] | { results: T[] }): T[] => (Array.isArray(body) ? body : body.results);

/** A draft between the first two teams of the first league with its first eight steps saved. */
async function draftWithPicks(request: APIRequestContext, user: TestUser): Promise<string> {
  const headers = authHeaders(user);
  const leagues = list((await (await request.get("/api/drafts/leagues/", { headers })).json()) as Named[]);
  const teamsUrl = `/api/drafts/leagues/${leagues[0]!.id}/teams/`;
  const teams = list((await (await request.get(teamsUrl, { headers })).json()) as Named[]);
  const res = await request.post("/api/drafts/sessions/", {
    headers,
    data: {
      title: "Portrait card",
      league_id: leagues[0]!.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const champions = (await (await request.get("/api/drafts/champions/")).json()) as Named[];
  const ids = new Map(champions.map((champion) => [champion.name, champion.id]));
  for (let index = 0; index < 8; index++) {
    const [side, type] = SEQUENCE[index]!;
    const saved = await request.post(`/api/drafts/sessions/${id}/actions/`, {
      headers,
      data: { champion_id: ids.get(TWENTY[index]!), phase_number: index, action_type: type, team_side: side },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  return id;
}

/** The draft's PNG card as the image route serves it. */
async function card(request: APIRequestContext, user: TestUser, id: string) {
  const res = await request.get(`/api/drafts/sessions/${id}/image.png`, { headers: authHeaders(user) });
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/png");
  const body = await res.body();
  expect(body.subarray(1, 4).toString()).toBe("PNG");
  return { body, etag: res.headers().etag };
}

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
    // Before any portrait is fetched the card draws monograms.
    const draftId = await draftWithPicks(context.request, admin);
    const monograms = await card(context.request, admin, draftId);

    await page.goto("/app/data");
    const dragon = page.getByRole("region", { name: "Champions, patch and portraits (Data Dragon)" });
    await expect(dragon).toBeVisible();
    await expect(dragon.getByText("Never").first()).toBeVisible();
    await expectAxeClean(page);

    // A damaged champion file: the run fails, nothing changes, the error is in plain words.
    await dragon.getByRole("button", { name: "Update now" }).click();
    await expect(dragon.getByText("failed, nothing changed")).toBeVisible();
    await expect(
      dragon.getByText(/The champion file of patch 16\.7\.1 is not valid JSON|not valid JSON/),
    ).toBeVisible();
    await expectAxeClean(page);

    // Fixed at the source: the next run imports the patch and every portrait.
    fixture.champions.set("16.7.1", championFile("16.7.1"));
    await dragon.getByRole("button", { name: "Update now" }).click();
    await expect(dragon.getByText(/^updated: \d+ added, 0 changed$/)).toBeVisible();
    await expect(dragon.getByText("16.7.1")).toBeVisible();
    await expect(dragon.getByText(/not valid JSON/)).toHaveCount(0);

    // The same card now draws the portraits fetched from the source: another image, another ETag.
    const portraitCard = await card(context.request, admin, draftId);
    expect(portraitCard.etag).not.toBe(monograms.etag);
    expect(portraitCard.body.equals(monograms.body)).toBe(false);

    // The draft board carries the stale-data banner too.
    await page.goto(`/app/draft/${draftId}`);
    const boardBanner = page.getByRole("status").filter({ hasText: "Data may be out of date." });
    await expect(boardBanner).toBeVisible();
    await expect(boardBanner).toContainText("Recommendations rest on patch 15.01 games");

    // The imported games are patch 15.01 while the pool is 16.7: scouting says so.
    await page.goto("/app/scouting");
    const banner = page.getByRole("status").filter({ hasText: "Data may be out of date." });
    await expect(banner).toContainText("Recommendations rest on patch 15.01 games");
    await expectAxeClean(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Spanish.
    await page.addInitScript((key) => window.localStorage.setItem(key, "es"), STORAGE_KEYS.language);
    await page.goto("/app/data");
    await expect(page.getByRole("heading", { name: "Actualizaciones programadas" })).toBeVisible();
    await expect(page.getByText("actualizado:").first()).toBeVisible();
    await expectAxeClean(page);
    await context.close();
  });
});
