import { type Kysely, sql } from "kysely";
import { type CheckListChange, setCheckList } from "../check-list.ts";
import { columns } from "../columns.ts";

/**
 * The scrim ledger (decision record 050): scrims of a workspace, their games (each linking a draft
 * session), our players' lines of each result, and each game's audit trail. The activity feed and
 * comments also accept `scrim` items.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

const ACTIVITY_BEFORE = ["session", "series", "plan", "review", "workspace", "pool"];
const ACTIVITY_AFTER = [...ACTIVITY_BEFORE, "scrim"];
const COMMENTS_BEFORE = ["session", "series"];
const COMMENTS_AFTER = [...COMMENTS_BEFORE, "scrim"];
const activity = (from: string[], to: string[]): CheckListChange => ({
  table: "workspace_activity",
  constraint: "workspace_activity_item_type_check",
  column: "item_type",
  from,
  to,
});
const comments = (from: string[], to: string[]): CheckListChange => ({
  table: "workspace_comments",
  constraint: "workspace_comments_item_type_check",
  column: "item_type",
  from,
  to,
});

export async function up(db: Db): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("scrims")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("created_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (col) => col.notNull().check(sqlIn("kind", ["scrim", "official"])))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("opponent_team_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("opponent_name", "text", (col) => col.notNull())
    .addColumn("opponent_contact", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("starts_at", c.timestamp, (col) => col.notNull())
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("games_count", "integer", (col) => col.notNull())
    .addColumn("mode", "text", (col) => col.notNull().check(sqlIn("mode", ["normal", "fearless"])))
    .addColumn("fearless_rule", c.json)
    .addColumn("first_selection", c.json)
    .addColumn("turn_seconds", "integer", (col) => col.notNull())
    .addColumn("bank_seconds", "integer", (col) => col.notNull())
    .addColumn("format", c.json, (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sqlIn("status", ["planned", "confirmed", "played", "cancelled"])),
    )
    .addColumn("patch", "text")
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("lineup", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("our_side", "text", (col) => col.notNull().check(sqlIn("our_side", ["BLUE", "RED"])))
    .addColumn("series_id", "text", (col) => col.references("series.id").onDelete("set null"))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema
    .createIndex("scrims_workspace_starts_idx")
    .on("scrims")
    .columns(["workspace_id", "starts_at"])
    .execute();

  await db.schema
    .createTable("scrim_games")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("scrim_id", "text", (col) => col.notNull().references("scrims.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sqlIn("status", ["scheduled", "played", "remake", "stopped_early", "not_played"])),
    )
    .addColumn("patch", "text")
    .addColumn("session_id", "text", (col) => col.references("draft_sessions.id").onDelete("set null"))
    .addColumn("room_id", "text")
    .addColumn("draft_source", "text", (col) =>
      col.check(sqlIn("draft_source", ["room", "series", "logged", "imported"])),
    )
    .addColumn("our_side", "text", (col) => col.check(sqlIn("our_side", ["BLUE", "RED"])))
    .addColumn("winner", "text", (col) => col.check(sqlIn("winner", ["us", "them"])))
    .addColumn("duration_seconds", "integer")
    .addColumn("figures", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addColumn("result_source", "text", (col) => col.check(sqlIn("result_source", ["typed", "imported"])))
    .addColumn("result_provider", "text")
    .addColumn("result_entered_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("result_entered_at", c.timestamp)
    .addColumn("result_corrections", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("verdict", "text", (col) =>
      col.check(sqlIn("verdict", ["draft_won", "draft_lost", "even", "execution"])),
    )
    .addColumn("tags", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("position_notes", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("plan_id", "text", (col) => col.references("draft_plans.id").onDelete("set null"))
    .addColumn("plan_version", "integer")
    .addColumn("branch_id", "text")
    .addColumn("branch_label", "text")
    .addColumn("plan_source", "text", (col) => col.check(sqlIn("plan_source", ["plan_vs_actual", "manual"])))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("scrim_games_scrim_number_key", ["scrim_id", "number"])
    .execute();
  await db.schema.createIndex("scrim_games_session_idx").on("scrim_games").column("session_id").execute();
  await db.schema.createIndex("scrim_games_room_idx").on("scrim_games").column("room_id").execute();

  await db.schema
    .createTable("scrim_game_players")
    .addColumn("game_id", "text", (col) => col.notNull().references("scrim_games.id").onDelete("cascade"))
    .addColumn("position", "text", (col) =>
      col.notNull().check(sqlIn("position", ["top", "jungle", "mid", "bot", "support"])),
    )
    .addColumn("roster_player_id", "text")
    .addColumn("name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("champion_id", "integer")
    .addColumn("kills", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("deaths", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("assists", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("gold_at_15", "integer")
    .addPrimaryKeyConstraint("scrim_game_players_pkey", ["game_id", "position"])
    .execute();

  await db.schema
    .createTable("scrim_game_audit")
    .addColumn("id", c.idType, c.id)
    .addColumn("game_id", "text", (col) => col.notNull().references("scrim_games.id").onDelete("cascade"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("actor_id", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("before", c.json)
    .addColumn("after", c.json)
    .execute();
  await db.schema
    .createIndex("scrim_game_audit_game_idx")
    .on("scrim_game_audit")
    .columns(["game_id", "id"])
    .execute();

  await setCheckList(db, activity(ACTIVITY_BEFORE, ACTIVITY_AFTER));
  await setCheckList(db, comments(COMMENTS_BEFORE, COMMENTS_AFTER));
}

export async function down(db: Db): Promise<void> {
  await db.deleteFrom("workspace_comments").where("item_type", "=", "scrim").execute();
  await setCheckList(db, comments(COMMENTS_AFTER, COMMENTS_BEFORE));
  await db.deleteFrom("workspace_activity").where("item_type", "=", "scrim").execute();
  await setCheckList(db, activity(ACTIVITY_AFTER, ACTIVITY_BEFORE));
  await db.schema.dropTable("scrim_game_audit").execute();
  await db.schema.dropTable("scrim_game_players").execute();
  await db.schema.dropTable("scrim_games").execute();
  await db.schema.dropTable("scrims").execute();
}
