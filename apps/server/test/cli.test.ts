import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../src/cli.ts";
import { toBool } from "../src/db/values.ts";
import { describeEachDialect } from "./helpers/dialects.ts";

const DATA_DRAGON = fileURLToPath(new URL("../seed-data/ddragon-champion-16.6.1.json", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "draftroom-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface DataDragonFile {
  version: string;
  data: Record<string, Record<string, unknown>>;
}

function writeJson(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

async function cli(env: Record<string, string>, ...argv: string[]) {
  let out = "";
  let err = "";
  const progress = new PassThrough();
  let drawn = "";
  progress.on("data", (chunk) => {
    drawn += String(chunk);
  });
  const code = await runCli(argv, {
    env: { ...env, LOG_LEVEL: "silent" },
    cwd: dir,
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    progressStream: progress,
  });
  return { code, out, err, progress: drawn };
}

describeEachDialect("CLI", (ctx) => {
  it("import-champions reports added, updated and unchanged, with a progress bar", async () => {
    const file = JSON.parse(readFileSync(DATA_DRAGON, "utf8")) as DataDragonFile;
    file.data.Ahri = { ...file.data.Ahri, name: "Ahri (renamed)" };
    file.data.Testchamp = {
      id: "Testchamp",
      key: "9001",
      name: "Testchamp",
      title: "the Fixture",
      tags: ["Support", "Mage"],
      image: { full: "Testchamp.png" },
    };
    const result = await cli(ctx.env, "import-champions", writeJson("changed.json", file));
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain("1 added, 1 updated, 171 unchanged");
    expect(result.progress).toContain("173/173 champions");

    const added = await ctx.db
      .selectFrom("champions")
      .selectAll()
      .where("id", "=", 9001)
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({ champion_key: "Testchamp", role: "Support" });
    expect(added.icon_url).toBe("https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/Testchamp.png");

    const again = await cli(ctx.env, "import-champions", writeJson("changed.json", file));
    expect(again.out).toContain("0 added, 0 updated, 173 unchanged");

    // Restore the pool for the other tests of this file.
    const restore = await cli(ctx.env, "import-champions", DATA_DRAGON);
    expect(restore.out).toContain("0 added, 1 updated, 171 unchanged");
    await ctx.db.deleteFrom("champions").where("id", "=", 9001).execute();
  });

  it("import-champions refuses a bad file with a clear error and writes nothing", async () => {
    const before = await ctx.db.selectFrom("champions").selectAll().orderBy("id").execute();
    const file = JSON.parse(readFileSync(DATA_DRAGON, "utf8")) as DataDragonFile;
    file.data.Ahri = { ...file.data.Ahri, name: "Changed" };
    file.data.Broken = {
      id: "Broken",
      key: "abc",
      name: "Broken",
      tags: ["Wizard"],
      image: { full: "B.png" },
    };
    const invalid = await cli(ctx.env, "import-champions", writeJson("invalid.json", file));
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain("data.Broken.key: must be a numeric string");
    expect(invalid.err).toContain("data.Broken.tags.0: must be one of");
    expect(invalid.err).toContain("Nothing was imported.");

    const notJson = await cli(ctx.env, "import-champions", writeJson("broken.json", "{ not json"));
    expect(notJson.code).toBe(1);
    expect(notJson.err).toMatch(/is not valid JSON/);

    const missing = await cli(ctx.env, "import-champions", "no-such-file.json");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("no such file");

    const wrongShape = await cli(ctx.env, "import-champions", writeJson("shape.json", { hello: "world" }));
    expect(wrongShape.code).toBe(1);
    expect(wrongShape.err).toContain("Not a Data Dragon champion file");

    expect(await ctx.db.selectFrom("champions").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("seed is idempotent and migrate reports up to date", async () => {
    const seed = await cli(ctx.env, "seed");
    expect(seed.code).toBe(0);
    expect(seed.out).toMatch(/champions\s+0 added, 0 updated, 172 unchanged/);
    expect(seed.out).toMatch(/tiers\s+0 added, 0 updated, 3 unchanged/);
    // The integration databases start without match data; the CLI seed adds the shipped sample once.
    expect(seed.out).toMatch(/matches\s+52 added, 0 updated, 0 unchanged/);
    const again = await cli(ctx.env, "seed");
    expect(again.out).toMatch(/matches\s+0 added, 0 updated, 52 unchanged/);
    const players = await ctx.db
      .selectFrom("match_picks")
      .select("player")
      .where("player", "!=", "")
      .execute();
    expect(players).toHaveLength(520);
    const summary = await cli(ctx.env, "matches-summary");
    expect(summary.code).toBe(0);
    expect(summary.out).toMatch(/games\s+52/);
    expect(summary.out).toMatch(/patches\s+1: 15\.01 52/);
    expect(summary.out).toContain("Oracle's Elixir");
    const migrate = await cli(ctx.env, "migrate");
    expect(migrate.out).toContain("is up to date");
  });

  it("set-plan moves a user to another tier and refuses unknown users and tiers", async () => {
    const password = "set-plan-password";
    const register = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register/",
      payload: {
        username: "PlanUser",
        email: "planuser@example.com",
        password,
        password_confirm: password,
        first_name: "Plan",
        last_name: "User",
      },
    });
    expect(register.statusCode).toBe(201);

    const result = await cli(ctx.env, "set-plan", "planuser", "Pro");
    expect(result.err).toBe("");
    expect(result.out.trim()).toBe("PlanUser: Community -> Pro");

    const active = await ctx.db
      .selectFrom("subscriptions")
      .innerJoin("tiers", "tiers.id", "subscriptions.tier_id")
      .innerJoin("users", "users.id", "subscriptions.user_id")
      .select(["tiers.key", "subscriptions.is_active", "subscriptions.is_trial"])
      .where("users.username", "=", "PlanUser")
      .execute();
    const current = active.filter((row) => toBool(row.is_active));
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ key: "pro" });
    expect(toBool(current[0]?.is_trial)).toBe(false);

    const unknownUser = await cli(ctx.env, "set-plan", "nobody", "pro");
    expect(unknownUser).toMatchObject({ code: 1, err: 'error: No user named "nobody".\n' });
    const unknownTier = await cli(ctx.env, "set-plan", "PlanUser", "gold");
    expect(unknownTier.code).toBe(1);
    expect(unknownTier.err).toContain("Use one of: community, plus, pro");
  });

  it("rejects unknown commands and bad configuration without a stack trace", async () => {
    const unknown = await cli(ctx.env, "explode");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command "explode"');
    const bad = await cli({ ...ctx.env, PORT: "many" }, "migrate");
    expect(bad).toMatchObject({ code: 1, err: 'config error: PORT: must be a number (got "many")\n' });
  });
});
