import { type Kysely, sql } from "kysely";
import { CHANGES_CHANNEL, EVERYTHING } from "../change-feed.ts";
import { dialectOf } from "../values.ts";

/**
 * PostgreSQL only: triggers that NOTIFY CHANGES_CHANNEL whenever what `GET …/actions/` answers may
 * change, whoever writes (any server process, the CLI, psql), so every server process can drop
 * its cached copy (see db/change-feed.ts and modules/drafts/actions-cache.ts):
 * - a row of draft_actions inserted, updated or deleted: the session id;
 * - a draft session deleted or given to another user: its id;
 * - champions changed or removed, or a table truncated: "*" (anything).
 * Notifications are sent at commit (none for a rolled-back transaction), and identical ones of a
 * transaction are sent once. SQLite needs nothing: other connections' commits show in
 * `PRAGMA data_version`.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  const channel = sql.lit(CHANGES_CHANNEL);
  const everything = sql.lit(EVERYTHING);
  await sql`create function draftroom_notify_action_change() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform pg_notify(${channel}, old.session_id); end if;
      if tg_op <> 'DELETE' then perform pg_notify(${channel}, new.session_id); end if;
      return null;
    end $$`.execute(db);
  await sql`create function draftroom_notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${channel}, old.id);
      return null;
    end $$`.execute(db);
  await sql`create function draftroom_notify_everything() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${channel}, ${everything});
      return null;
    end $$`.execute(db);

  await sql`create trigger draft_actions_notify after insert or update or delete on draft_actions
    for each row execute function draftroom_notify_action_change()`.execute(db);
  await sql`create trigger draft_sessions_notify after delete or update of user_id on draft_sessions
    for each row execute function draftroom_notify_session_change()`.execute(db);
  await sql`create trigger champions_notify after update or delete on champions
    for each statement execute function draftroom_notify_everything()`.execute(db);
  for (const table of ["draft_actions", "draft_sessions", "champions"]) {
    await sql`create trigger ${sql.raw(`${table}_notify_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function draftroom_notify_everything()`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const table of ["draft_actions", "draft_sessions", "champions"]) {
    await sql`drop trigger if exists ${sql.raw(`${table}_notify_truncate`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop trigger if exists champions_notify on champions`.execute(db);
  await sql`drop trigger if exists draft_sessions_notify on draft_sessions`.execute(db);
  await sql`drop trigger if exists draft_actions_notify on draft_actions`.execute(db);
  await sql`drop function if exists draftroom_notify_everything()`.execute(db);
  await sql`drop function if exists draftroom_notify_session_change()`.execute(db);
  await sql`drop function if exists draftroom_notify_action_change()`.execute(db);
}
