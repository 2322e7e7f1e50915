import { ROUTES } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { EventBus } from "../../events.ts";
import { getSession, sessionActions } from "../drafts/service.ts";
import { spectatorDelayOfSession } from "../rooms/service.ts";
import {
  draftFinishedMessage,
  planChangedMessage,
  roomOpenedMessage,
  scrimConfirmedMessage,
  scrimNameOf,
  scrimResultMessage,
  scrimStartingMessage,
  scrimTitle,
} from "./discord-messages.ts";
import { discordWords } from "./discord-words.ts";
import { scrimLedger } from "./ledger-link.ts";
import { dropPendingByPrefix } from "./repository.ts";
import type { IntegrationsRuntime } from "./runtime.ts";

/**
 * What a workspace's Discord channel hears (decision 051), from the app's event bus: each
 * subscriber only queues a post (one insert) and never throws, so nothing here can slow or fail
 * the draft, plan or room that published the event.
 */

async function queueFinishedDraft(
  db: Kysely<Database>,
  runtime: IntegrationsRuntime,
  workspaceId: string,
  sessionId: string,
) {
  const [session, actions, delaySeconds] = await Promise.all([
    getSession(db, null, sessionId),
    sessionActions(db, sessionId),
    spectatorDelayOfSession(db, sessionId),
  ]);
  if (!session) return;
  const post = {
    title: session.title,
    url: `${runtime.publicUrl}${ROUTES.draftSession(sessionId)}`,
    teams: {
      BLUE: session.blue_team?.name || session.blue_team_name || null,
      RED: session.red_team?.name || session.red_team_name || null,
    },
    actions,
  };
  // The card shows the whole draft: it waits for the room's spectator delay, like every public view.
  await runtime.enqueue(
    workspaceId,
    "draft_finished",
    (language) => ({
      title: session.title,
      message: { ...draftFinishedMessage(post, language), draftCard: { sessionId, language } },
    }),
    delaySeconds * 1000,
  );
}

/** How long before a scrim's start its "starting soon" post is due. */
export const STARTING_SOON_MS = 15 * 60_000;

/**
 * A scrim changed (decision 057): "confirmed" once per start time, "starting soon" queued for
 * 15 minutes before a confirmed scrim's start (moved or dropped with the scrim), and each game's
 * first result.
 * Every post has a key, so two processes hearing the same change queue it once.
 */
async function queueScrimPosts(
  db: Kysely<Database>,
  runtime: IntegrationsRuntime,
  workspaceId: string,
  scrimId: string,
  deleted: boolean,
) {
  // One reminder per start time: a moved scrim's reminder for its old time goes.
  const startingPrefix = `scrim_starting:${scrimId}:`;
  const ledger = scrimLedger();
  const scrim = deleted || !ledger ? undefined : await ledger.scrim(db, scrimId);
  // Only a confirmed scrim is reminded of: a planned one may not happen.
  if (scrim?.status !== "confirmed") {
    await dropPendingByPrefix(db, workspaceId, startingPrefix, null);
    if (!scrim) return;
  }
  const url = `${runtime.publicUrl}${ROUTES.scrim(workspaceId, scrimId)}`;
  const name = scrimNameOf(scrim);
  const post = { name, startsAt: scrim.startsAt, timeZone: scrim.timeZone, url };
  if (scrim.status === "confirmed") {
    await runtime.enqueue(
      workspaceId,
      "scrim_confirmed",
      (language) => ({ title: scrimTitle(name, language), message: scrimConfirmedMessage(post, language) }),
      0,
      `scrim_confirmed:${scrimId}:${scrim.startsAt}`,
    );
  }
  if (scrim.status === "confirmed" && Date.parse(scrim.startsAt) > Date.now()) {
    const startingKey = `${startingPrefix}${scrim.startsAt}`;
    await dropPendingByPrefix(db, workspaceId, startingPrefix, startingKey);
    await runtime.enqueue(
      workspaceId,
      "scrim_starting",
      (language) => ({
        title: scrimTitle(name, language),
        // Its rooms are listed when it is sent: a scrim's rooms are prepared after its first change.
        message: { ...scrimStartingMessage(post, language), scrimRooms: { scrimId, language } },
      }),
      new Date(Date.parse(scrim.startsAt) - STARTING_SOON_MS),
      startingKey,
    );
  }
  for (const game of scrim.games) {
    if (game.resultSource === null || game.winner === null) continue;
    const result = { name, game: game.number, winner: game.winner, url };
    await runtime.enqueue(
      workspaceId,
      "scrim_result",
      (language) => ({
        title: discordWords(language).resultListTitle(game.number),
        message: {
          ...scrimResultMessage(result, language),
          // The game's draft, when one was drafted or logged, under the result (decision 086).
          ...(game.sessionId ? { draftCard: { sessionId: game.sessionId, language } } : {}),
        },
      }),
      0,
      `scrim_result:${scrimId}:${game.number}`,
    );
  }
}

export function subscribeIntegrations(bus: EventBus, runtime: IntegrationsRuntime): () => void {
  const guard =
    <T>(handler: (payload: T) => Promise<void>) =>
    async (payload: T) => {
      try {
        await handler(payload);
      } catch {
        // enqueue logs its own failures; a lookup failing here only loses the post.
      }
    };
  const stops = [
    bus.on(
      "room.opened",
      guard(async ({ workspaceId, roomId, title, ourLinks }) => {
        const base = runtime.publicUrl;
        const post = {
          title,
          roomUrl: `${base}${ROUTES.room(roomId)}`,
          links: ourLinks.map((link) => ({
            role: link.role === "captain" ? ("captain" as const) : ("players" as const),
            url: `${base}${link.path}`,
          })),
        };
        await runtime.enqueue(workspaceId, "room_opened", (language) => ({
          title,
          message: roomOpenedMessage(post, language),
        }));
      }),
    ),
    bus.on(
      "session.changed",
      guard(async ({ db, workspaceId, verb, id }) => {
        if (verb !== "finished" || !workspaceId || db.isTransaction) return;
        await queueFinishedDraft(db as Kysely<Database>, runtime, workspaceId, id);
      }),
    ),
    bus.on(
      "scrim.changed",
      guard(async ({ db, workspaceId, verb, id }) => {
        if (!workspaceId || db.isTransaction) return;
        await queueScrimPosts(db as Kysely<Database>, runtime, workspaceId, id, verb === "deleted");
      }),
    ),
    bus.on(
      "plan.changed",
      guard(async ({ workspaceId, verb, id, title }) => {
        if (!workspaceId) return;
        const url = verb === "deleted" ? null : `${runtime.publicUrl}${ROUTES.draftPlan(id)}`;
        await runtime.enqueue(workspaceId, "plan_changed", (language) => ({
          title,
          message: planChangedMessage({ verb, title, by: null, url }, language),
        }));
      }),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
