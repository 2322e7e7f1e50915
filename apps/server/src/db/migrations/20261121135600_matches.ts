import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Imported professional games (Oracle's Elixir): one row per game keyed by the file's game id
 * (re-importing replaces it), its ten picks with positions and its bans. Champion names the pool
 * does not know keep their name with a NULL champion_id.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("match_games")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("source", "text", (col) => col.notNull().defaultTo("oracles_elixir"))
    .addColumn("league", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("year", "integer")
    .addColumn("split", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("playoffs", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("played_at", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("game_number", "integer")
    .addColumn("patch", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("blue_team", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("red_team", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("winner", "text", (col) => col.notNull().check(sqlIn("winner", ["BLUE", "RED"])))
    .addColumn("imported_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();

  await db.schema
    .createTable("match_picks")
    .addColumn("game_id", "text", (col) => col.notNull().references("match_games.id").onDelete("cascade"))
    .addColumn("side", "text", (col) => col.notNull().check(sqlIn("side", ["BLUE", "RED"])))
    .addColumn("position", "text", (col) =>
      col.notNull().check(sqlIn("position", ["top", "jungle", "mid", "bot", "support"])),
    )
    .addColumn("champion_id", c.ref, (col) => col.references("champions.id").onDelete("set null"))
    .addColumn("champion_name", "text", (col) => col.notNull())
    .addColumn("pick_order", "integer")
    .addPrimaryKeyConstraint("match_picks_pkey", ["game_id", "side", "position"])
    .execute();

  await db.schema
    .createTable("match_bans")
    .addColumn("game_id", "text", (col) => col.notNull().references("match_games.id").onDelete("cascade"))
    .addColumn("side", "text", (col) => col.notNull().check(sqlIn("side", ["BLUE", "RED"])))
    .addColumn("ban_order", "integer", (col) => col.notNull())
    .addColumn("champion_id", c.ref, (col) => col.references("champions.id").onDelete("set null"))
    .addColumn("champion_name", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("match_bans_pkey", ["game_id", "side", "ban_order"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("match_bans").execute();
  await db.schema.dropTable("match_picks").execute();
  await db.schema.dropTable("match_games").execute();
}
