import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateDown, migrateToLatest, migrateToNothing } from "../src/db/migrate.ts";
import { migrations } from "../src/db/migrations/index.ts";
import { seedDatabase } from "../src/db/seeds/index.ts";
import { describeEachDialect } from "./helpers/dialects.ts";

async function tableNames(ctx: {
  dialect: string;
  db: Parameters<typeof migrateToLatest>[0];
}): Promise<string[]> {
  const rows =
    ctx.dialect === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_name not like 'kysely_%'`.execute(ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'`.execute(ctx.db);
  return rows.rows.map((row) => row.name).sort();
}

describeEachDialect("migrations", (ctx) => {
  it("are named by UTC timestamp so Kysely applies them in order", () => {
    for (const name of Object.keys(migrations)) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
  });

  it("every down reverts its up, and everything re-applies and re-seeds cleanly", {
    timeout: 60_000,
  }, async () => {
    const full = await tableNames(ctx);
    expect(full).toEqual(expect.arrayContaining(["champions", "leagues", "teams", "tiers"]));

    const latest = Object.keys(migrations).sort().at(-1);
    expect(await migrateDown(ctx.db)).toEqual([latest]);
    expect(await migrateToLatest(ctx.db)).toEqual([latest]);

    const reverted = await migrateToNothing(ctx.db);
    expect(reverted).toHaveLength(Object.keys(migrations).length);
    expect(await tableNames(ctx)).toEqual([]);

    expect(await migrateToLatest(ctx.db)).toEqual(Object.keys(migrations).sort());
    expect(await tableNames(ctx)).toEqual(full);
    const seeded = await seedDatabase(ctx.db);
    expect(seeded.champions.added).toBe(172);
    expect(await migrateToLatest(ctx.db)).toEqual([]);
  });
});
