import { randomUUID } from "node:crypto";
import { type DiscordEvent, type Language, ROUTES } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { fromJson } from "../../db/values.ts";
import { DiscordClient, type DiscordFile, type DiscordMessage } from "./discord-client.ts";
import { scrimRoomFields } from "./discord-messages.ts";
import { discordSettingsOf } from "./discord-settings.ts";
import { draftCardPng } from "./draft-cards.ts";
import { scrimLedger } from "./ledger-link.ts";
import {
  claimDueDeliveries,
  type DeliveryRow,
  findConnection,
  finishDelivery,
  insertDelivery,
  noteOutcome,
} from "./repository.ts";
import { RiotClient } from "./riot-client.ts";
import { openSecret } from "./secrets.ts";

/**
 * One app's integrations (decision 051): its service clients and the Discord delivery queue.
 * A post is a row first (`integration_deliveries`), sent after the change's commit by whichever
 * process claims it; a failed send is tried again later, a bounded number of times, and its
 * reason stays on the integrations page. Nothing here runs on a draft's path: enqueueing is one
 * insert, and a failure to enqueue is logged, never thrown at the publisher.
 */

export interface IntegrationsLog {
  warn(details: object, message: string): void;
}

/** Tries of a post (each try is the client's bounded attempts), then it is marked failed. */
export const DELIVERY_TRIES = 5;
/** How long a process holds a claimed post before another may take it over. */
const CLAIM_MS = 60_000;
const PASS_LIMIT = 20;
const MAX_WAKE_UP_MS = 60 * 60_000;

/** Wait before the next try: the service's Retry-After, else 5 s, 10 s, 20 s … up to 5 minutes. */
export function nextTryDelayMs(tries: number, retryAfterMs: number | undefined): number {
  return retryAfterMs ?? Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, tries - 1));
}

/**
 * A queued post's message: what Discord gets, and what is added to its first embed when it is
 * sent, as things then stand: the draft whose card is drawn under it (drawn then, not stored: the
 * queue keeps JSON), and the scrim whose rooms it lists (prepared after the scrim's first change).
 */
export interface QueuedMessage extends DiscordMessage {
  readonly draftCard?: { readonly sessionId: string; readonly language: Language };
  readonly scrimRooms?: { readonly scrimId: string; readonly language: Language };
}

/** A post as the delivery list names it and as Discord gets it. */
export interface DiscordPost {
  /** The delivery list's line: a name a member wrote, or a few words in the channel's language. */
  readonly title: string;
  readonly message: QueuedMessage;
}

/** Writes a post in the language the workspace chose for its channel. */
export type ComposePost = (language: Language) => DiscordPost;

export class IntegrationsRuntime {
  readonly discord: DiscordClient;
  /** Undefined: the operator set no RIOT_API_KEY. */
  readonly riot: RiotClient | undefined;
  /** Undefined: no RIOT_TOURNAMENT_API_KEY. */
  readonly tournament: RiotClient | undefined;
  readonly config: Config;
  readonly #db: Kysely<Database>;
  readonly #log: IntegrationsLog;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #lastQueuedAt = 0;

  constructor(db: Kysely<Database>, config: Config, log: IntegrationsLog, now: () => number = Date.now) {
    this.#db = db;
    this.config = config;
    this.#log = log;
    this.#now = now;
    const i = config.integrations;
    const transport = {
      timeoutMs: i.timeoutMs,
      maxAttempts: i.attempts,
      maxRetryWaitMs: i.maxRetryWaitMs,
      backoffMs: i.backoffMs,
      concurrency: 4,
      queueLimit: 100,
    };
    this.discord = new DiscordClient(i.discordWebhookBaseUrl, transport);
    // Riot allows 20 calls a second per personal key: two in flight keeps well inside it.
    this.riot = i.riotApiKey
      ? new RiotClient({
          baseUrl: i.riotBaseUrl,
          key: i.riotApiKey,
          transport: { ...transport, concurrency: 2 },
        })
      : undefined;
    this.tournament = i.riotTournamentApiKey
      ? new RiotClient({
          baseUrl: i.riotBaseUrl,
          key: i.riotTournamentApiKey,
          transport: { ...transport, concurrency: 2 },
        })
      : undefined;
  }

  /** The address links in posts and feeds start with. */
  get publicUrl(): string {
    return this.config.publicUrl ?? `http://${this.config.host}:${this.config.port}`;
  }

  start(): void {
    if (this.config.integrations.tickMs > 0) {
      this.#timer = setInterval(() => this.kick(), this.config.integrations.tickMs);
      this.#timer.unref();
    }
    this.kick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#pass;
  }

  /**
   * Queues a Discord post for a workspace when it is connected and chose the event, written in
   * the channel's language; `delay` holds it back (a room's spectator delay). Never throws: a
   * post is not worth failing a change.
   */
  async enqueue(
    workspaceId: string,
    event: DiscordEvent | "test",
    compose: ComposePost,
    /** Milliseconds from now, or the moment the post is due. */
    delay: number | Date = 0,
    itemKey?: string,
  ): Promise<string | undefined> {
    try {
      const connection = await findConnection(this.#db, workspaceId, "discord");
      if (!connection) return undefined;
      const settings = discordSettingsOf(connection.settings);
      if (event !== "test" && !settings.events.includes(event)) return undefined;
      const { title, message } = compose(settings.language);
      // Strictly later than the previous post of this process: two posts queued in the same
      // millisecond (a scrim's "confirmed" and its reminder) keep their order.
      const now = Math.max(this.#now(), this.#lastQueuedAt + 1);
      this.#lastQueuedAt = now;
      const dueAt = delay instanceof Date ? Math.max(now, delay.getTime()) : now + delay;
      const delayMs = dueAt - now;
      const id = randomUUID();
      const queued = await insertDelivery(this.#db, {
        id,
        workspace_id: workspaceId,
        event,
        title: title.slice(0, 200),
        message,
        due_at: new Date(dueAt).toISOString(),
        created_at: new Date(now).toISOString(),
        item_key: itemKey ?? null,
      });
      // A keyed post is queued once (another process, or an earlier change, queued it).
      if (!queued) return undefined;
      if (delayMs === 0) this.kick();
      // A post due within the hour gets its own wake-up; later ones are found by the periodic pass.
      else if (delayMs <= MAX_WAKE_UP_MS) setTimeout(() => this.kick(), delayMs + 50).unref();
      return id;
    } catch (error) {
      this.#log.warn(
        { err: String(error), workspace_id: workspaceId, event },
        "a Discord post could not be queued",
      );
      return undefined;
    }
  }

  /** Starts a send pass soon, or another right after the running one. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#pass) {
      this.#again = true;
      return;
    }
    this.#pass = (async () => {
      try {
        do {
          this.#again = false;
          await this.sendDue();
        } while (this.#again && !this.#stopped);
      } catch (error) {
        this.#log.warn({ err: String(error) }, "the Discord queue could not be read");
      } finally {
        this.#pass = undefined;
      }
    })();
  }

  /** Waits for the running pass (tests). */
  async settled(): Promise<void> {
    while (this.#pass) await this.#pass;
  }

  /** One pass: sends the posts that are due, in order; answers how many it tried. */
  async sendDue(): Promise<number> {
    const now = this.#now();
    const rows = await claimDueDeliveries(
      this.#db,
      new Date(now).toISOString(),
      new Date(now + CLAIM_MS).toISOString(),
      PASS_LIMIT,
    );
    for (const row of rows) await this.#send(row);
    return rows.length;
  }

  async #send(row: DeliveryRow): Promise<void> {
    const tries = Number(row.attempts) + 1;
    const connection = await findConnection(this.#db, row.workspace_id, "discord");
    const webhookUrl = connection?.secret
      ? openSecret(connection.secret, this.config.integrations.secretKey)
      : undefined;
    const webhook = webhookUrl ? this.discord.parseWebhookUrl(webhookUrl) : undefined;
    const at = new Date(this.#now()).toISOString();
    if (!connection || !webhook || row.message === null) {
      await finishDelivery(this.#db, row.id, {
        status: "failed",
        at,
        attempts: tries,
        dueAt: at,
        problem: "rejected",
        detail: connection
          ? "The stored webhook cannot be read with this server's key: connect the webhook again."
          : "The Discord webhook was disconnected.",
      });
      return;
    }
    const { message, files } = await this.#completed(fromJson<QueuedMessage>(row.message));
    const result = await this.discord.post(webhook, message, files);
    const done = new Date(this.#now()).toISOString();
    if (result.ok) {
      await finishDelivery(this.#db, row.id, { status: "sent", at: done, attempts: tries });
      await noteOutcome(this.#db, row.workspace_id, "discord", done);
      return;
    }
    // A refused or deleted webhook will not start working by itself: no more tries.
    const final =
      tries >= DELIVERY_TRIES ||
      result.problem === "rejected" ||
      result.problem === "not_found" ||
      result.problem === "malformed";
    const detail =
      result.problem === "not_found"
        ? "Discord says this webhook no longer exists (404): it was deleted in Discord. Connect a new one."
        : result.problem === "rejected"
          ? `Discord refused the webhook (${result.status}): connect a new one.`
          : result.detail;
    await finishDelivery(this.#db, row.id, {
      status: final ? "failed" : "pending",
      at: done,
      attempts: tries,
      dueAt: new Date(this.#now() + nextTryDelayMs(tries, result.retryAfterMs)).toISOString(),
      problem: result.problem,
      detail,
    });
    await noteOutcome(this.#db, row.workspace_id, "discord", done, { problem: result.problem, detail });
  }

  /** The message as Discord gets it: its first embed completed as things stand now. */
  async #completed(queued: QueuedMessage): Promise<{ message: DiscordMessage; files: DiscordFile[] }> {
    const { draftCard, scrimRooms, ...message } = queued;
    const [queuedFirst, ...rest] = message.embeds ?? [];
    if (!queuedFirst) return { message, files: [] };
    let first = queuedFirst;
    const files: DiscordFile[] = [];
    if (scrimRooms) {
      // A lookup that fails sends the reminder without its rooms, like a card that cannot be drawn.
      const scrim = await scrimLedger()
        ?.scrim(this.#db, scrimRooms.scrimId)
        .catch(() => undefined);
      const rooms = (scrim?.games ?? []).flatMap((game) =>
        game.roomId ? [{ game: game.number, url: `${this.publicUrl}${ROUTES.room(game.roomId)}` }] : [],
      );
      const fields = scrimRoomFields(rooms, scrimRooms.language);
      if (fields.length > 0) first = { ...first, fields: [...(first.fields ?? []), ...fields] };
    }
    if (draftCard) {
      const png = await draftCardPng(this.#db, draftCard.sessionId, draftCard.language);
      if (png) {
        const name = "draft.png";
        first = { ...first, image: { url: `attachment://${name}` } };
        files.push({ name, contentType: "image/png", data: png });
      }
    }
    return { message: { ...message, embeds: [first, ...rest] }, files };
  }
}

const runtimes = new WeakMap<Kysely<Database>, IntegrationsRuntime>();

/** Makes the app's integrations (app.ts, once at start). */
export function startIntegrations(
  db: Kysely<Database>,
  config: Config,
  log: IntegrationsLog,
): IntegrationsRuntime {
  const runtime = new IntegrationsRuntime(db, config, log);
  runtimes.set(db, runtime);
  return runtime;
}

/** The integrations of the app holding `db`. */
export function integrationsOf(db: Kysely<Database>): IntegrationsRuntime {
  const runtime = runtimes.get(db);
  if (!runtime) throw new Error("integrations: startIntegrations was not called for this database handle");
  return runtime;
}
