import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/index.ts";
import { migrations } from "../../src/db/migrations/index.ts";
import { createTempDatabase } from "../helpers/database.ts";
import { DIALECTS, postgresAvailable, testConfig } from "../helpers/dialects.ts";

const MINE = ["20251121140100_accounts", "20251121140200_subscriptions", "20251121140300_reviews"];
const TABLES = ["users", "auth_tokens", "auth_attempts", "subscriptions", "trial_usages", "roster_reviews"];

describe("accounts, subscriptions and reviews migrations", () => {
  for (const dialect of DIALECTS) {
    it.skipIf(dialect === "postgres" && !postgresAvailable)(
      `go up and down cleanly [${dialect}]`,
      async () => {
        const temp = await createTempDatabase(dialect);
        const database = createDatabase(testConfig(temp.env));
        try {
          const migrator = new Migrator({
            db: database.db,
            provider: { getMigrations: async () => migrations },
          });
          const tableNames = async () => (await database.db.introspection.getTables()).map((t) => t.name);

          const up = await migrator.migrateTo(MINE.at(-1)!);
          expect(up.error).toBeUndefined();
          expect(await tableNames()).toEqual(expect.arrayContaining(TABLES));

          const down = await migrator.migrateTo("20251121140000_foundation");
          expect(down.error).toBeUndefined();
          expect(down.results?.map((r) => r.migrationName)).toEqual([...MINE].reverse());
          const left = await tableNames();
          for (const table of TABLES) expect(left).not.toContain(table);

          const again = await migrator.migrateTo(MINE.at(-1)!);
          expect(again.error).toBeUndefined();
          expect(await tableNames()).toEqual(expect.arrayContaining(TABLES));
        } finally {
          await database.destroy();
          await temp.drop();
        }
      },
    );
  }
});
