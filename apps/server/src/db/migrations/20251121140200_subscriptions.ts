import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

/** Each user's subscriptions (one active at a time) and the one-time trial record. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", c.idType, c.id)
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tier_id", c.ref, (col) => col.notNull().references("tiers.id"))
    .addColumn("is_active", c.boolean, (col) => col.notNull().defaultTo(c.true))
    .addColumn("is_trial", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("started_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("expires_at", c.timestamp)
    .addColumn("next_billing_date", c.timestamp)
    .addColumn("canceled_at", c.timestamp)
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("subscriptions_user_id_idx").on("subscriptions").column("user_id").execute();
  // At most one active subscription per user, even when two requests race to replace it.
  await db.schema
    .createIndex("subscriptions_one_active_idx")
    .on("subscriptions")
    .column("user_id")
    .unique()
    .where(sql.ref("is_active"), "=", c.true)
    .execute();

  await db.schema
    .createTable("trial_usages")
    .addColumn("user_id", c.ref, (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("subscription_id", c.ref, (col) => col.references("subscriptions.id").onDelete("set null"))
    .addColumn("started_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trial_usages").execute();
  await db.schema.dropTable("subscriptions").execute();
}
