import { type Kysely, sql } from "kysely";
import { ACCESS_CHANNEL, EVERYTHING } from "../change-feed.ts";
import { dialectOf } from "../values.ts";

/**
 * PostgreSQL only: the triggers behind every process's workspace access cache (decision record 044).
 * - workspace_members inserted, deleted, or given another role or status: ACCESS_CHANNEL with the
 *   workspace id (seats and the member's own decision change; `last_seen_at` writes do not count);
 * - workspaces inserted, deleted, or billed to another user: ACCESS_CHANNEL with "*" (the rank of
 *   every workspace billed to that user may move);
 * - subscriptions written: ACCESS_CHANNEL with "*" (a plan change turns workspaces read-only).
 * It also widens `draft_sessions_notify` to a session moved between workspaces, so the drafts
 * module's cached ownership of a session is dropped on every process. Notifications are sent at
 * commit. SQLite needs nothing: other connections' commits show in `PRAGMA data_version`.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  const channel = sql.lit(ACCESS_CHANNEL);
  const everything = sql.lit(EVERYTHING);
  await sql`create function draftroom_notify_member_access() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform pg_notify(${channel}, old.workspace_id); end if;
      if tg_op <> 'DELETE' then perform pg_notify(${channel}, new.workspace_id); end if;
      return null;
    end $$`.execute(db);
  await sql`create function draftroom_notify_all_access() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${channel}, ${everything});
      return null;
    end $$`.execute(db);
  await sql`create trigger workspace_members_access after insert or delete or update of role, status,
    workspace_id, user_id on workspace_members
    for each row execute function draftroom_notify_member_access()`.execute(db);
  await sql`create trigger workspaces_access after insert or delete or update of billing_user_id, created_at
    on workspaces for each statement execute function draftroom_notify_all_access()`.execute(db);
  await sql`create trigger subscriptions_access after insert or update or delete on subscriptions
    for each statement execute function draftroom_notify_all_access()`.execute(db);

  await sql`drop trigger draft_sessions_notify on draft_sessions`.execute(db);
  await sql`create trigger draft_sessions_notify after delete or update of user_id, workspace_id
    on draft_sessions for each row execute function draftroom_notify_session_change()`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop trigger if exists draft_sessions_notify on draft_sessions`.execute(db);
  await sql`create trigger draft_sessions_notify after delete or update of user_id on draft_sessions
    for each row execute function draftroom_notify_session_change()`.execute(db);
  await sql`drop trigger if exists subscriptions_access on subscriptions`.execute(db);
  await sql`drop trigger if exists workspaces_access on workspaces`.execute(db);
  await sql`drop trigger if exists workspace_members_access on workspace_members`.execute(db);
  await sql`drop function if exists draftroom_notify_all_access()`.execute(db);
  await sql`drop function if exists draftroom_notify_member_access()`.execute(db);
}
