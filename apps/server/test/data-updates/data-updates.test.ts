import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  apiErrorSchema,
  type DataSources,
  dataFreshnessSchema,
  dataSourcesSchema,
} from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/index.ts";
import { championIds, createSession, newUser, playSteps } from "../drafts/support.ts";
import { type DataSourceFixture, startDataSourceFixture } from "../helpers/data-source-fixture.ts";
import { describeEachDialect, testConfig } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";

/**
 * Scheduled data updates against a local fixture server (docs/decisions/021): a new patch adds a
 * champion and its portrait; an unchanged source is a 304 that writes nothing; a truncated or
 * malformed download changes nothing; two processes on one PostgreSQL run one update, not two.
 */

const seedFile = JSON.parse(
  readFileSync(new URL("../../seed-data/ddragon-champion-16.6.1.json", import.meta.url), "utf8"),
) as { version: string; data: Record<string, unknown> };
const csvOne = readFileSync(new URL("../fixtures/oracles-elixir-5-games.csv", import.meta.url), "utf8");
const csvTwo = readFileSync(
  new URL("../../seed-data/oracles-elixir-2025-sample.csv", import.meta.url),
  "utf8",
);

/** The seed's champion file at another version, with extra champions. */
function championFile(version: string, extra: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(seedFile.data)) data[key] = { ...(value as object), version };
  return { type: "champion", format: "standAloneComplex", version, data: { ...data, ...extra } };
}
const ZYNTRA = {
  Zyntra: {
    id: "Zyntra",
    key: "9901",
    name: "Zyntra",
    title: "the Test Fixture",
    tags: ["Mage"],
    image: { full: "Zyntra.png" },
  },
};

const fixture: DataSourceFixture = await startDataSourceFixture();
const imageDirs: string[] = [];
afterAll(async () => {
  await fixture.close();
  for (const dir of imageDirs) rmSync(dir, { recursive: true, force: true });
});
const imageDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "draftroom-portraits-"));
  imageDirs.push(dir);
  return dir;
};

async function waitForIdle(app: FastifyInstance, admin: TestUser): Promise<DataSources> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const res = await app.inject({ method: "GET", url: "/api/data/sources/", headers: admin.headers });
    const body = dataSourcesSchema.parse(res.json());
    if (body.sources.every((source) => source.running === null)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the update did not finish");
}

const dir = imageDir();
describeEachDialect(
  "scheduled data updates",
  (ctx) => {
    let admin: TestUser;
    let user: TestUser;
    const update = async (source: "data_dragon" | "match_data") => {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/data/sources/${source}/update/`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(202);
      const status = await waitForIdle(ctx.app, admin);
      return status.sources.find((entry) => entry.source === source)!;
    };
    const counts = async () => {
      const [champions, games, latest] = await Promise.all([
        ctx.db
          .selectFrom("champions")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom("match_games")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom("match_games")
          .select((eb) => eb.fn.max("imported_at").as("at"))
          .executeTakeFirstOrThrow(),
      ]);
      return { champions: Number(champions.n), games: Number(games.n), latest: String(latest.at) };
    };

    beforeAll(async () => {
      // Each dialect's server starts without portraits.
      rmSync(dir, { recursive: true, force: true });
      fixture.versions = ["16.6.1"];
      fixture.champions = new Map<string, unknown>([["16.6.1", championFile("16.6.1")]]);
      fixture.csv = csvOne;
      fixture.mode = "normal";
      fixture.delayMs = 0;
      admin = await registerUser(ctx.app, {
        body: { username: "dataupdater", email: "dataupdater@example.com" },
      });
      user = await registerUser(ctx.app);
    });

    it("only data admins update; the status lists both sources", async () => {
      const refused = await ctx.app.inject({
        method: "POST",
        url: "/api/data/sources/data_dragon/update/",
        headers: user.headers,
      });
      expect(refused.statusCode).toBe(403);
      const status = dataSourcesSchema.parse(
        (await ctx.app.inject({ method: "GET", url: "/api/data/sources/", headers: user.headers })).json(),
      );
      expect(status.enabled).toBe(true);
      expect(status.can_update).toBe(false);
      expect(status.sources.map((source) => [source.source, source.configured])).toEqual([
        ["data_dragon", true],
        ["match_data", true],
      ]);
    });

    it("fetches the portraits once, adds a new patch's champion and its portrait, and a 304 writes nothing", async () => {
      // A draft card before the portraits exist: monograms.
      const owner = await newUser(ctx.app, "pro");
      const session = await createSession(ctx.app, owner, { title: "Portrait draft" });
      await playSteps(ctx.app, owner, session.id, await championIds(ctx.app), 8);
      const imageUrl = `/api/drafts/sessions/${session.id}/image.png`;
      const monograms = await ctx.app.inject({ method: "GET", url: imageUrl, headers: owner.headers });
      expect(monograms.statusCode).toBe(200);

      const first = await update("data_dragon");
      expect(first.last_error).toBeNull();
      expect(first.version).toBe("16.6.1");
      expect(first.runs[0]).toMatchObject({ status: "updated", changed: 0 });
      expect(first.runs[0]!.added).toBeGreaterThanOrEqual(170); // the pool's portraits
      expect(readFileSync(join(dir, "Ahri.png")).subarray(1, 4).toString()).toBe("PNG");
      // The same card now draws the fetched portraits: a new image (and ETag), not the monogram one.
      const portraits = await ctx.app.inject({ method: "GET", url: imageUrl, headers: owner.headers });
      expect(portraits.statusCode).toBe(200);
      expect(portraits.headers.etag).not.toBe(monograms.headers.etag);
      expect(portraits.rawPayload.equals(monograms.rawPayload)).toBe(false);

      const before = await counts();
      const requestsBefore = fixture.requests.length;
      const same = await update("data_dragon");
      expect(same.runs[0]).toMatchObject({ status: "unchanged", added: 0, changed: 0 });
      // Only the versions list was asked (and answered 304): no champion file, no portrait.
      expect(fixture.requests.slice(requestsBefore)).toEqual(["/api/versions.json"]);
      expect(await counts()).toEqual(before);

      fixture.versions = ["16.7.1", "16.6.1"];
      fixture.champions.set("16.7.1", championFile("16.7.1", ZYNTRA));
      const next = await update("data_dragon");
      expect(next.version).toBe("16.7.1");
      expect(next.runs[0]).toMatchObject({ status: "updated", added: 2, changed: 0, version: "16.7.1" });
      const zyntra = await ctx.db
        .selectFrom("champions")
        .select(["name", "version"])
        .where("champion_key", "=", "Zyntra")
        .executeTakeFirst();
      expect(zyntra).toEqual({ name: "Zyntra", version: "16.7.1" });
      expect(existsSync(join(dir, "Zyntra.png"))).toBe(true);
      expect((await counts()).champions).toBe(before.champions + 1);
    }, 120_000);

    it("a malformed champion file changes nothing and is reported in plain words", async () => {
      const before = await counts();
      fixture.versions = ["16.8.1", "16.7.1", "16.6.1"];
      fixture.champions.set("16.8.1", '{"type":"champion","version":"16.8.1","data":{"Broken":');
      const failed = await update("data_dragon");
      expect(failed.version).toBe("16.7.1");
      expect(failed.runs[0]).toMatchObject({ status: "failed", added: 0, changed: 0 });
      expect(failed.last_error).toMatch(/not valid JSON/);
      // The code and params the web app translates (the English text stays as the fallback).
      expect(failed.last_error_code).toBe("invalid_json");
      expect(failed.last_error_params).toEqual({ host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
      expect(failed.last_success_at).not.toBeNull();
      expect(await counts()).toEqual(before);
      // Fixed at the source: the next check imports it (the versions list was not taken as done).
      fixture.champions.set("16.8.1", championFile("16.8.1", ZYNTRA));
      const fixed = await update("data_dragon");
      expect(fixed.version).toBe("16.8.1");
      expect(fixed.last_error).toBeNull();
      expect(fixed.last_error_code).toBeNull();
      expect(fixed.last_error_params).toBeNull();
    }, 120_000);

    it("imports match data, answers an unchanged file with a 304, and keeps the data when a download is cut off or malformed", async () => {
      const start = await counts();
      const first = await update("match_data");
      expect(first.runs[0]!.status, first.last_error ?? "").toBe("updated");
      expect(first.runs[0]!.added + first.runs[0]!.changed).toBe(5);
      const afterOne = await counts();
      expect(afterOne.games).toBeGreaterThanOrEqual(start.games);

      const same = await update("match_data");
      expect(same.runs[0]).toMatchObject({ status: "unchanged", added: 0, changed: 0 });
      expect(await counts()).toEqual(afterOne);

      fixture.csv = csvTwo;
      fixture.mode = "truncate";
      const cut = await update("match_data");
      expect(cut.runs[0]!.status).toBe("failed");
      expect(cut.last_error).toMatch(/cut off|problem/);
      expect(["cut_off", "match_problems"]).toContain(cut.last_error_code);
      expect(await counts()).toEqual(afterOne);

      fixture.mode = "normal";
      fixture.csv = `${csvTwo.trimEnd()}\nthis,is,not,a,valid,row\n`;
      const malformed = await update("match_data");
      expect(malformed.runs[0]!.status).toBe("failed");
      expect(malformed.last_error).toMatch(/nothing was imported/);
      expect(malformed.last_error_code).toBe("match_problems");
      expect(malformed.last_error_params).toEqual({ count: expect.any(Number) });
      expect(await counts()).toEqual(afterOne);

      fixture.csv = csvTwo;
      const second = await update("match_data");
      expect(second.runs[0]!.status).toBe("updated");
      expect(second.runs[0]!.added + second.runs[0]!.changed).toBe(52);
      expect(second.last_error).toBeNull();
    }, 120_000);

    it("says when the data is stale: old match data, and a champion pool newer than every game's patch", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/data/freshness/", headers: user.headers });
      const freshness = dataFreshnessSchema.parse(res.json());
      expect(freshness.stale).toBe(true);
      expect(freshness.match_data.stale).toBe(true);
      expect(freshness.match_data.last_game_date).toMatch(/^2025-/);
      expect(freshness.patch).toEqual({ champion_patch: "16.8", newest_game_patch: "15.01", behind: true });
    });

    it("refuses a second update of a source while one runs (409 update_running)", async () => {
      fixture.delayMs = 800;
      fixture.versions = ["16.9.1", "16.8.1"];
      fixture.champions.set("16.9.1", championFile("16.9.1"));
      try {
        const first = await ctx.app.inject({
          method: "POST",
          url: "/api/data/sources/data_dragon/update/",
          headers: admin.headers,
        });
        expect(first.statusCode).toBe(202);
        const second = await ctx.app.inject({
          method: "POST",
          url: "/api/data/sources/data_dragon/update/",
          headers: admin.headers,
        });
        expect(second.statusCode).toBe(409);
        expect(apiErrorSchema.parse(second.json()).code).toBe("update_running");
        await waitForIdle(ctx.app, admin);
      } finally {
        fixture.delayMs = 0;
      }
    }, 120_000);

    // Advisory locks are PostgreSQL's; a SQLite file is served by one process.
    if (ctx.dialect === "postgres")
      it("two server processes on one database run one scheduled update, not two (PostgreSQL)", async () => {
        fixture.versions = ["16.10.1", "16.9.1"];
        fixture.champions.set("16.10.1", championFile("16.10.1"));
        fixture.delayMs = 300;
        await ctx.db.deleteFrom("data_update_runs").execute();
        // Due now for both processes.
        await ctx.db.updateTable("data_sources").set({ next_check_at: null }).execute();
        const apps: FastifyInstance[] = [];
        const handles: DatabaseHandle[] = [];
        // Each tick starts by asking the config which sources have a URL: counting the reads of
        // one shows, per process, that its scheduler ticked (nothing else reads it meanwhile).
        const ticks = [0, 0];
        try {
          for (let n = 0; n < 2; n += 1) {
            const config = testConfig({
              ...ctx.env,
              ...fixture.env,
              MATCH_DATA_URL: "",
              CHAMPION_IMAGE_DIR: dir,
              DATA_UPDATE_TICK_MS: "200",
            });
            const matchDataUrl = config.dataUpdates.matchDataUrl;
            Object.defineProperty(config.dataUpdates, "matchDataUrl", {
              get: () => {
                ticks[n]! += 1;
                return matchDataUrl;
              },
            });
            const database = createDatabase(config);
            handles.push(database);
            const app = await buildApp({ config, database });
            await app.ready();
            apps.push(app);
          }
          let runs: { status: string }[] = [];
          for (let attempt = 0; attempt < 100; attempt += 1) {
            runs = await ctx.db.selectFrom("data_update_runs").select("status").execute();
            if (runs.length > 0 && runs.every((run) => run.status !== "running")) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(runs).toEqual([{ status: "updated" }]);
          // Three more ticks of each process after the run ended: still the one run.
          const ended = [...ticks];
          for (let attempt = 0; attempt < 200 && ticks.some((t, n) => t < ended[n]! + 3); attempt += 1)
            await new Promise((resolve) => setTimeout(resolve, 50));
          expect(ticks.every((t, n) => t >= ended[n]! + 3)).toBe(true);
          runs = await ctx.db.selectFrom("data_update_runs").select("status").execute();
          expect(runs).toEqual([{ status: "updated" }]);
        } finally {
          fixture.delayMs = 0;
          for (const app of apps) await app.close();
          for (const handle of handles) await handle.destroy();
        }
      }, 120_000);
  },
  {
    env: {
      ...fixture.env,
      DATA_ADMINS: "dataupdater",
      CHAMPION_IMAGE_DIR: dir,
      // The scheduler stays quiet: these tests start the updates themselves.
      DATA_UPDATE_TICK_MS: "3600000",
    },
  },
);
