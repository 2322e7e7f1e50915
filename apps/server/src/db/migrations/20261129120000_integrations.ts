import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

/**
 * The integrations module's tables (decision 051): a workspace's connection to each outside
 * service (its secret sealed, its last success and error), the Discord posts waiting or done, the
 * roster's Riot accounts and each member's calendar feed (its token kept as a hash only).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("integration_connections")
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("service", "text", (col) => col.notNull().check(sql`service in ('discord', 'riot')`))
    .addColumn("secret", "text")
    .addColumn("hint", "text")
    .addColumn("settings", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addColumn("connected_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("connected_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("last_success_at", c.timestamp)
    .addColumn("last_error_problem", "text")
    .addColumn("last_error_detail", "text")
    .addColumn("last_error_at", c.timestamp)
    .addPrimaryKeyConstraint("integration_connections_pkey", ["workspace_id", "service"])
    .execute();

  await db.schema
    .createTable("integration_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    /** The message to post (JSON); emptied once sent, as it may hold a team's room links. */
    .addColumn("message", c.json)
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("due_at", c.timestamp, (col) => col.notNull())
    /** A process sending it holds it until then; past it another process may take it over. */
    .addColumn("claimed_until", c.timestamp)
    .addColumn("last_error_problem", "text")
    .addColumn("last_error_detail", "text")
    .addColumn("last_error_at", c.timestamp)
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("sent_at", c.timestamp)
    .execute();
  await db.schema
    .createIndex("integration_deliveries_due")
    .on("integration_deliveries")
    .columns(["status", "due_at"])
    .execute();
  await db.schema
    .createIndex("integration_deliveries_workspace")
    .on("integration_deliveries")
    .columns(["workspace_id", "created_at"])
    .execute();

  await db.schema
    .createTable("riot_player_accounts")
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    /** The roster player's public id (workspaces module). */
    .addColumn("player_id", "text", (col) => col.notNull())
    .addColumn("game_name", "text", (col) => col.notNull())
    .addColumn("tag_line", "text", (col) => col.notNull())
    .addColumn("puuid", "text", (col) => col.notNull())
    .addColumn("checked_at", c.timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("riot_player_accounts_pkey", ["workspace_id", "player_id"])
    .execute();

  await db.schema
    .createTable("calendar_feeds")
    /** sha256 of the URL's token: the token itself is shown once and never stored. */
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("calendar_feeds_member_key", ["workspace_id", "user_id"])
    .execute();

  await db.schema
    .createTable("tournament_providers")
    .addColumn("workspace_id", "text", (col) =>
      col.primaryKey().references("workspaces.id").onDelete("cascade"),
    )
    .addColumn("provider_id", "integer", (col) => col.notNull())
    .addColumn("tournament_id", "integer", (col) => col.notNull())
    /** sha256 of the callback URL's token: Riot holds the URL, we recognise it. */
    .addColumn("callback_hash", "text", (col) => col.notNull().unique())
    .addColumn("region", "text", (col) => col.notNull())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();

  await db.schema
    .createTable("tournament_codes")
    .addColumn("code", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    /** The ledger item (a scrim) and its game the code was made for. */
    .addColumn("scrim_id", "text", (col) => col.notNull())
    .addColumn("game_number", "integer", (col) => col.notNull())
    .addColumn("room_id", "text")
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    /** Set once, by the one process whose conditional update wins: the game filed for this code. */
    .addColumn("match_id", "text")
    .addColumn("result", c.json)
    .addColumn("filed_at", c.timestamp)
    .addUniqueConstraint("tournament_codes_game_key", ["workspace_id", "scrim_id", "game_number"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tournament_codes").execute();
  await db.schema.dropTable("tournament_providers").execute();
  await db.schema.dropTable("calendar_feeds").execute();
  await db.schema.dropTable("riot_player_accounts").execute();
  await db.schema.dropTable("integration_deliveries").execute();
  await db.schema.dropTable("integration_connections").execute();
}
