import type { IntegrationProblem } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toJson } from "../../db/values.ts";
import type { IntegrationConnectionsTable, IntegrationDeliveriesTable } from "./tables.ts";

/** SQL of the integrations module's tables; nothing else reads them (decision 025). */

type Db = Kysely<Database> | Transaction<Database>;
export type Service = IntegrationConnectionsTable["service"];
export type ConnectionRow = IntegrationConnectionsTable;
export type DeliveryRow = IntegrationDeliveriesTable;

export function findConnection(
  db: Db,
  workspaceId: string,
  service: Service,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom("integration_connections")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("service", "=", service)
    .executeTakeFirst();
}

/** Connects (or replaces) a service: a new connection starts with no success and no error. */
export async function saveConnection(
  db: Db,
  row: Pick<
    ConnectionRow,
    "workspace_id" | "service" | "secret" | "hint" | "connected_by" | "connected_at"
  > & {
    settings: unknown;
  },
): Promise<void> {
  const values = { ...row, settings: toJson(row.settings) };
  await db
    .insertInto("integration_connections")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["workspace_id", "service"]).doUpdateSet({
        secret: values.secret,
        hint: values.hint,
        settings: values.settings,
        connected_by: values.connected_by,
        connected_at: values.connected_at,
        last_success_at: null,
        last_error_problem: null,
        last_error_detail: null,
        last_error_at: null,
      }),
    )
    .execute();
}

export async function updateSettings(
  db: Db,
  workspaceId: string,
  service: Service,
  settings: unknown,
): Promise<void> {
  await db
    .updateTable("integration_connections")
    .set({ settings: toJson(settings) })
    .where("workspace_id", "=", workspaceId)
    .where("service", "=", service)
    .execute();
}

export async function deleteConnection(db: Db, workspaceId: string, service: Service): Promise<boolean> {
  const result = await db
    .deleteFrom("integration_connections")
    .where("workspace_id", "=", workspaceId)
    .where("service", "=", service)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function noteOutcome(
  db: Db,
  workspaceId: string,
  service: Service,
  at: string,
  error?: { problem: IntegrationProblem; detail: string },
): Promise<void> {
  await db
    .updateTable("integration_connections")
    .set(
      error
        ? { last_error_problem: error.problem, last_error_detail: error.detail, last_error_at: at }
        : { last_success_at: at },
    )
    .where("workspace_id", "=", workspaceId)
    .where("service", "=", service)
    .execute();
}

/** Queues a post; with an item key, only the first of a workspace's posts with that key (false: not queued). */
export async function insertDelivery(
  db: Db,
  row: Pick<DeliveryRow, "id" | "workspace_id" | "event" | "title" | "due_at" | "created_at"> & {
    message: unknown;
    item_key?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .insertInto("integration_deliveries")
    .values({ ...row, message: toJson(row.message), status: "pending", attempts: 0 })
    .onConflict((oc) => oc.columns(["workspace_id", "item_key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Drops the unsent posts whose key starts with `prefix`, except `keep` (a reminder for an old time). */
export async function dropPendingByPrefix(
  db: Db,
  workspaceId: string,
  prefix: string,
  keep: string | null,
): Promise<void> {
  let query = db
    .deleteFrom("integration_deliveries")
    .where("workspace_id", "=", workspaceId)
    .where("item_key", "like", `${prefix}%`)
    .where("status", "=", "pending");
  if (keep !== null) query = query.where("item_key", "!=", keep);
  await query.execute();
}

/**
 * Takes up to `limit` due posts for this process until `claimUntil`: each row is taken by one
 * conditional update, so two processes never send the same post (one of them updates no row).
 */
export async function claimDueDeliveries(
  db: Db,
  now: string,
  claimUntil: string,
  limit: number,
): Promise<DeliveryRow[]> {
  const candidates = await db
    .selectFrom("integration_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("due_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("due_at")
    .orderBy("created_at")
    .limit(limit)
    .execute();
  const claimed: DeliveryRow[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable("integration_deliveries")
      .set({ claimed_until: claimUntil })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function finishDelivery(
  db: Db,
  id: string,
  outcome:
    | { status: "sent"; at: string; attempts: number }
    | {
        status: "pending" | "failed";
        at: string;
        attempts: number;
        dueAt: string;
        problem: string;
        detail: string;
      },
): Promise<void> {
  await db
    .updateTable("integration_deliveries")
    .set(
      outcome.status === "sent"
        ? {
            status: "sent",
            sent_at: outcome.at,
            attempts: outcome.attempts,
            message: null,
            claimed_until: null,
          }
        : {
            status: outcome.status,
            attempts: outcome.attempts,
            due_at: outcome.dueAt,
            claimed_until: null,
            last_error_problem: outcome.problem,
            last_error_detail: outcome.detail,
            last_error_at: outcome.at,
            // A post that will never be sent keeps no room links.
            ...(outcome.status === "failed" ? { message: null } : {}),
          },
    )
    .where("id", "=", id)
    .execute();
}

export function listDeliveries(db: Db, workspaceId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom("integration_deliveries")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Posts not yet sent are dropped with the webhook they were for. */
export async function dropPendingDeliveries(db: Db, workspaceId: string): Promise<void> {
  await db
    .deleteFrom("integration_deliveries")
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "pending")
    .execute();
}

export async function saveRiotAccount(
  db: Db,
  row: {
    workspace_id: string;
    player_id: string;
    game_name: string;
    tag_line: string;
    puuid: string;
    checked_at: string;
  },
): Promise<void> {
  await db
    .insertInto("riot_player_accounts")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["workspace_id", "player_id"]).doUpdateSet({
        game_name: row.game_name,
        tag_line: row.tag_line,
        puuid: row.puuid,
        checked_at: row.checked_at,
      }),
    )
    .execute();
}

export function listRiotAccounts(db: Db, workspaceId: string) {
  return db.selectFrom("riot_player_accounts").selectAll().where("workspace_id", "=", workspaceId).execute();
}

export async function deleteRiotAccount(db: Db, workspaceId: string, playerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("riot_player_accounts")
    .where("workspace_id", "=", workspaceId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A member's feed is replaced in one transaction: the old token stops with the same commit. */
export async function replaceCalendarFeed(
  db: Kysely<Database>,
  row: { token_hash: string; workspace_id: string; user_id: number; created_at: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("calendar_feeds")
      .where("workspace_id", "=", row.workspace_id)
      .where("user_id", "=", row.user_id)
      .execute();
    await trx.insertInto("calendar_feeds").values(row).execute();
  });
}

export async function deleteCalendarFeed(db: Db, workspaceId: string, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("calendar_feeds")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findCalendarFeed(db: Db, tokenHash: string) {
  return db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export function memberCalendarFeed(db: Db, workspaceId: string, userId: number) {
  return db
    .selectFrom("calendar_feeds")
    .select("created_at")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function findProvider(db: Db, workspaceId: string) {
  return db
    .selectFrom("tournament_providers")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
}

export function providerByCallback(db: Db, callbackHash: string) {
  return db
    .selectFrom("tournament_providers")
    .selectAll()
    .where("callback_hash", "=", callbackHash)
    .executeTakeFirst();
}

/** Keeps the first provider a workspace registers (two owners at once: one row wins). */
export async function saveProvider(
  db: Db,
  row: {
    workspace_id: string;
    provider_id: number;
    tournament_id: number;
    callback_hash: string;
    region: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto("tournament_providers")
    .values(row)
    .onConflict((oc) => oc.column("workspace_id").doNothing())
    .execute();
}

export function codesOfScrim(db: Db, workspaceId: string, scrimId: string) {
  return db
    .selectFrom("tournament_codes")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("scrim_id", "=", scrimId)
    .orderBy("game_number")
    .execute();
}

export async function insertCode(
  db: Db,
  row: {
    code: string;
    workspace_id: string;
    scrim_id: string;
    game_number: number;
    room_id: string | null;
    created_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto("tournament_codes")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "scrim_id", "game_number"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findCode(db: Db, workspaceId: string, code: string) {
  return db
    .selectFrom("tournament_codes")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("code", "=", code)
    .executeTakeFirst();
}

/**
 * Files a game for a code once: the conditional update succeeds for one caller only, whichever
 * process (or retry of Riot's) comes first. False: it was filed already.
 */
export async function claimCodeResult(
  db: Db,
  code: string,
  matchId: string,
  result: unknown,
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("tournament_codes")
    .set({ match_id: matchId, result: toJson(result), filed_at: at })
    .where("code", "=", code)
    .where("match_id", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Gives a code back when filing it failed, so Riot's next try files it. */
export async function releaseCodeResult(db: Db, code: string): Promise<void> {
  await db
    .updateTable("tournament_codes")
    .set({ match_id: null, result: null, filed_at: null })
    .where("code", "=", code)
    .execute();
}
