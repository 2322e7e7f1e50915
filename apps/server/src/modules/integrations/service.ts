import {
  type DiscordConnectBody,
  type DiscordDelivery,
  type DiscordEvent,
  type DiscordSettingsBody,
  type IntegrationError,
  type IntegrationProblem,
  type IntegrationsOverview,
  type PlayerRiotAccount,
  type RiotGame,
  type RiotGameComparison,
  type RiotIdBody,
  type RiotPlatform,
  riotPlatformSchema,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toIso, toIsoOrNull } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { languageOf } from "../accounts/service.ts";
import { sessionActions, sessionOwnership } from "../drafts/service.ts";
import { getRoster } from "../workspaces/roster.ts";
import { decideAccess, requireWorkspaceRole, workspaceRef } from "../workspaces/service.ts";
import { testMessage } from "./discord-messages.ts";
import { discordSettingsOf } from "./discord-settings.ts";
import { discordWords } from "./discord-words.ts";
import { scrimLedger } from "./ledger-link.ts";
import { compareWithDraft, ledgerResultOf, ourSideOf, summariseMatch } from "./match-summary.ts";
import {
  type ConnectionRow,
  deleteConnection,
  deleteRiotAccount,
  dropPendingDeliveries,
  findConnection,
  listDeliveries,
  listRiotAccounts,
  memberCalendarFeed,
  noteOutcome,
  saveConnection,
  saveRiotAccount,
  updateSettings,
} from "./repository.ts";
import { integrationsOf } from "./runtime.ts";
import { sealSecret, secretHint } from "./secrets.ts";
import type { ServiceFailure } from "./transport.ts";

/**
 * A workspace's integrations (decision 051). Any member sees what is connected and why a post
 * did not arrive; owners (`manage_workspace`) connect and disconnect; the roster's editors check
 * Riot IDs. No answer ever carries a secret: the webhook is `hint` only.
 */

function lastError(row: ConnectionRow | undefined): IntegrationError | null {
  if (!row?.last_error_problem || !row.last_error_at) return null;
  // An error older than the last success is history, not the state.
  if (row.last_success_at && toIso(row.last_success_at) > toIso(row.last_error_at)) return null;
  return {
    problem: row.last_error_problem as IntegrationProblem,
    detail: row.last_error_detail ?? "",
    at: toIso(row.last_error_at),
  };
}

function presentDelivery(row: Awaited<ReturnType<typeof listDeliveries>>[number]): DiscordDelivery {
  return {
    id: row.id,
    event: row.event as DiscordEvent | "test",
    title: row.title,
    status: row.status,
    attempts: Number(row.attempts),
    last_error:
      row.last_error_problem && row.last_error_at && row.status !== "sent"
        ? {
            problem: row.last_error_problem as IntegrationProblem,
            detail: row.last_error_detail ?? "",
            at: toIso(row.last_error_at),
          }
        : null,
    created_at: toIso(row.created_at),
    sent_at: toIsoOrNull(row.sent_at),
  };
}

export async function integrationsOverview(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<IntegrationsOverview> {
  const access = await requireWorkspaceRole(db, userId, workspaceId, "read");
  const runtime = integrationsOf(db);
  const [discord, riot, deliveries, feed] = await Promise.all([
    findConnection(db, workspaceId, "discord"),
    findConnection(db, workspaceId, "riot"),
    listDeliveries(db, workspaceId, 20),
    memberCalendarFeed(db, workspaceId, userId),
  ]);
  const discordSettings = discord ? discordSettingsOf(discord.settings) : undefined;
  const region = riot
    ? riotPlatformSchema.safeParse(fromJson<{ region?: string }>(riot.settings).region)
    : undefined;
  return {
    discord: {
      available: true,
      connected: discord !== undefined,
      connected_at: toIsoOrNull(discord?.connected_at),
      last_success_at: toIsoOrNull(discord?.last_success_at),
      last_error: lastError(discord),
      hint: discord?.hint ?? null,
      events: discordSettings ? [...discordSettings.events] : [],
      // Not connected: the language a connection would take, the reader's own.
      language: discordSettings?.language ?? (await languageOf(db, userId)),
    },
    riot: {
      available: runtime.riot !== undefined,
      connected: riot !== undefined && runtime.riot !== undefined,
      connected_at: toIsoOrNull(riot?.connected_at),
      last_success_at: toIsoOrNull(riot?.last_success_at),
      last_error: lastError(riot),
      region: region?.success ? region.data : null,
    },
    tournament: { available: runtime.tournament !== undefined },
    calendar: { active: feed !== undefined, created_at: toIsoOrNull(feed?.created_at) },
    deliveries: deliveries.map(presentDelivery),
    may_manage: access.may("manage_workspace"),
  };
}

const webhookInvalid = () =>
  new AppError(400, "validation_error", "Invalid input.", {
    webhook_url: "This is not a Discord webhook URL (https://discord.com/api/webhooks/…)",
  });

export async function connectDiscord(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: DiscordConnectBody,
): Promise<IntegrationsOverview> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  const runtime = integrationsOf(db);
  const webhook = runtime.discord.parseWebhookUrl(body.webhook_url);
  if (!webhook) throw webhookInvalid();
  const url = body.webhook_url.trim().split(/[?#]/)[0]!.replace(/\/$/, "");
  await dropPendingDeliveries(db, workspaceId);
  await saveConnection(db, {
    workspace_id: workspaceId,
    service: "discord",
    secret: sealSecret(url, runtime.config.integrations.secretKey),
    hint: secretHint(webhook.token),
    settings: discordSettingsOf({
      events: body.events,
      language: body.language ?? (await languageOf(db, userId)),
    }),
    connected_by: userId,
    connected_at: nowIso(),
  });
  return integrationsOverview(db, userId, workspaceId);
}

/** Changes the channel's events, the posts' language, or both; what the body leaves out stays. */
export async function setDiscordSettings(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: DiscordSettingsBody,
): Promise<IntegrationsOverview> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  const connection = await findConnection(db, workspaceId, "discord");
  if (!connection) throw notConnected("Discord");
  const current = discordSettingsOf(connection.settings);
  await updateSettings(
    db,
    workspaceId,
    "discord",
    discordSettingsOf({ events: body.events ?? current.events, language: body.language ?? current.language }),
  );
  return integrationsOverview(db, userId, workspaceId);
}

export async function disconnect(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  service: "discord" | "riot",
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  if (service === "discord") await dropPendingDeliveries(db, workspaceId);
  if (!(await deleteConnection(db, workspaceId, service)))
    throw notConnected(service === "discord" ? "Discord" : "Riot");
}

const notConnected = (service: string) =>
  new AppError(409, "integration_not_connected", `${service} is not connected to this workspace.`);

/**
 * Sends a test message now (not through the queue, so the owner sees the answer at once) and
 * keeps it in the list of posts, sent or with the reason it was not.
 */
export async function sendDiscordTest(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<DiscordDelivery> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  const runtime = integrationsOf(db);
  const name = (await workspaceRef(db, workspaceId))?.title ?? "";
  const id = await runtime.enqueue(workspaceId, "test", (language) => ({
    title: discordWords(language).testListTitle,
    message: testMessage(name, language),
  }));
  if (!id) throw notConnected("Discord");
  await runtime.settled();
  await runtime.sendDue();
  const row = (await listDeliveries(db, workspaceId, 20)).find((delivery) => delivery.id === id);
  if (!row) throw notConnected("Discord");
  return presentDelivery(row);
}

// --- Riot -----------------------------------------------------------------------------------

function riotClient(db: Kysely<Database>) {
  const client = integrationsOf(db).riot;
  if (!client) {
    throw new AppError(
      409,
      "integration_not_configured",
      "Riot's API is not set up on this server (no RIOT_API_KEY): ask its operator.",
    );
  }
  return client;
}

async function workspaceRegion(db: Kysely<Database>, workspaceId: string): Promise<RiotPlatform> {
  const row = await findConnection(db, workspaceId, "riot");
  const region = row
    ? riotPlatformSchema.safeParse(fromJson<{ region?: string }>(row.settings).region)
    : undefined;
  if (!region?.success) {
    throw new AppError(409, "integration_not_connected", "Choose the workspace's Riot region first.");
  }
  return region.data;
}

/** What a Riot failure means for the user, in words; also kept as the connection's last error. */
function riotFailure(failure: ServiceFailure): AppError {
  const detail =
    failure.problem === "rejected"
      ? `Riot refused this server's API key (${failure.status}): it is missing, expired or lacks this API. Ask the operator for a new RIOT_API_KEY.`
      : failure.problem === "rate_limited"
        ? "Riot's rate limit for this server is reached. Try again in a minute."
        : failure.problem === "timeout"
          ? "Riot did not answer in time. Try again later."
          : failure.problem === "malformed"
            ? "Riot sent an answer this server cannot read."
            : failure.problem === "busy"
              ? "Too many Riot requests are waiting on this server. Try again shortly."
              : "Riot's service cannot be reached right now. Try again later.";
  return new AppError(502, "integration_failed", detail);
}

async function noteRiot(db: Kysely<Database>, workspaceId: string, failure?: ServiceFailure) {
  const error = failure ? { problem: failure.problem, detail: riotFailure(failure).detail } : undefined;
  await noteOutcome(db, workspaceId, "riot", nowIso(), error);
}

export async function setRiotRegion(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  region: RiotPlatform,
): Promise<IntegrationsOverview> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  riotClient(db);
  const existing = await findConnection(db, workspaceId, "riot");
  if (existing) await updateSettings(db, workspaceId, "riot", { region });
  else {
    await saveConnection(db, {
      workspace_id: workspaceId,
      service: "riot",
      secret: null,
      hint: null,
      settings: { region },
      connected_by: userId,
      connected_at: nowIso(),
    });
  }
  return integrationsOverview(db, userId, workspaceId);
}

/** The roster, each player with the Riot account checked for them. */
export async function riotAccounts(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<PlayerRiotAccount[]> {
  const [roster, accounts] = await Promise.all([
    getRoster(db, userId, workspaceId),
    listRiotAccounts(db, workspaceId),
  ]);
  const byPlayer = new Map(accounts.map((row) => [row.player_id, row]));
  return roster.map((player) => {
    const row = byPlayer.get(player.id);
    return {
      player_id: player.id,
      name: player.name,
      position: player.position,
      riot: row
        ? {
            game_name: row.game_name,
            tag_line: row.tag_line,
            puuid: row.puuid,
            checked_at: toIso(row.checked_at),
          }
        : null,
    };
  });
}

/** Checks a roster player's Riot ID with Account-V1 and stores it with its PUUID. */
export async function setPlayerRiotId(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  playerId: string,
  body: RiotIdBody,
): Promise<PlayerRiotAccount> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_roster");
  const roster = await getRoster(db, userId, workspaceId);
  const player = roster.find((candidate) => candidate.id === playerId);
  if (!player) throw new AppError(404, "not_found", "Player not found.");
  const client = riotClient(db);
  const region = await workspaceRegion(db, workspaceId);
  const result = await client.accountByRiotId(region, body.game_name, body.tag_line);
  if (!result.ok) {
    if (result.problem === "not_found") {
      throw new AppError(400, "riot_id_not_found", `Riot has no player ${body.game_name}#${body.tag_line}.`, {
        game_name: "Riot has no player with this Riot ID",
      });
    }
    await noteRiot(db, workspaceId, result);
    throw riotFailure(result);
  }
  await noteRiot(db, workspaceId);
  const riot = {
    // Riot's spelling, when it gives one (the capitals a player chose).
    game_name: result.value.gameName ?? body.game_name,
    tag_line: result.value.tagLine ?? body.tag_line,
    puuid: result.value.puuid,
    checked_at: nowIso(),
  };
  await saveRiotAccount(db, { workspace_id: workspaceId, player_id: playerId, ...riot });
  return { player_id: playerId, name: player.name, position: player.position, riot };
}

export async function removePlayerRiotId(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  playerId: string,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_roster");
  if (!(await deleteRiotAccount(db, workspaceId, playerId))) {
    throw new AppError(404, "not_found", "This player has no Riot ID.");
  }
}

export type Drafted = { BLUE: number[]; RED: number[] };

/** A drafted session's picks per side. */
export async function draftedPicks(db: Kysely<Database>, sessionId: string): Promise<Drafted> {
  const actions = await sessionActions(db, sessionId);
  const picks = (side: "BLUE" | "RED") =>
    actions
      .filter(
        (action) => action.action_type === "PICK" && action.team_side === side && action.champion_id !== null,
      )
      .map((action) => action.champion_id!);
  return { BLUE: picks("BLUE"), RED: picks("RED") };
}

/** The ledger game a lookup is for (404 unless it is a game of this workspace's scrim). */
async function ledgerGameOf(db: Kysely<Database>, workspaceId: string, scrimId: string, gameId: string) {
  const scrim = await scrimLedger()?.scrim(db, scrimId);
  const game = scrim?.workspaceId === workspaceId ? scrim.games.find((g) => g.id === gameId) : undefined;
  if (!scrim || !game) throw new AppError(404, "not_found", "Scrim game not found.");
  return { scrim, game };
}

/**
 * Our side in a played game: where the roster's checked Riot IDs played; else where our drafted
 * champions were played (the client may swap sides); else the drafted side.
 */
export function playedSide(
  summary: RiotGame,
  puuids: ReadonlySet<string>,
  drafted: Drafted | undefined,
  draftedSide: "BLUE" | "RED" | null,
): "BLUE" | "RED" | null {
  const byRoster = ourSideOf(summary, puuids);
  if (byRoster) return byRoster;
  if (drafted && draftedSide) {
    const ours = new Set(drafted[draftedSide]);
    const on = (side: "BLUE" | "RED") =>
      summary.players.filter((player) => player.side === side && ours.has(player.champion_id)).length;
    if (on("BLUE") !== on("RED")) return on("BLUE") > on("RED") ? "BLUE" : "RED";
  }
  return draftedSide;
}

/** Reads one Match-V5 game with its timeline; a failure is the page's message (and the last error). */
async function readMatch(db: Kysely<Database>, workspaceId: string, region: RiotPlatform, matchId: string) {
  const client = riotClient(db);
  const match = await client.match(region, matchId);
  if (!match.ok) {
    if (match.problem === "not_found") {
      throw new AppError(
        404,
        "not_found",
        `Riot has no game ${matchId} (custom games are only there when made from a tournament code).`,
      );
    }
    await noteRiot(db, workspaceId, match);
    throw riotFailure(match);
  }
  // The timeline only adds gold at 15: without it the game is still filled, gold left empty.
  const timeline = await client.timeline(region, matchId);
  await noteRiot(db, workspaceId, timeline.ok || timeline.problem === "not_found" ? undefined : timeline);
  return summariseMatch(match.value, timeline.ok ? timeline.value : null);
}

async function compared(
  db: Kysely<Database>,
  workspaceId: string,
  summary: RiotGame,
  drafted: Drafted | undefined,
  draftedSide: "BLUE" | "RED" | null,
  forLedger: boolean,
): Promise<RiotGameComparison> {
  const comparison = drafted
    ? compareWithDraft(summary, drafted)
    : {
        summary,
        champions_match: true,
        only_in_draft: [],
        only_in_match: [],
        our_side: null,
        ledger_result: null,
      };
  const accounts = await listRiotAccounts(db, workspaceId);
  const rosterByPuuid = new Map(accounts.map((row) => [row.puuid, row.player_id]));
  const ourSide = playedSide(summary, new Set(rosterByPuuid.keys()), drafted, draftedSide);
  return {
    ...comparison,
    our_side: ourSide,
    ledger_result: forLedger && ourSide ? ledgerResultOf(summary, ourSide, rosterByPuuid) : null,
  };
}

/**
 * A Match-V5 game (and its timeline, for gold at 15) summarised for a ledger game; with a
 * session or a ledger game, compared with its drafted champions (a mismatch is reported, never
 * merged) and, for a ledger game, given as the ledger result the form is filled with.
 */
export async function lookupMatch(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: {
    match_id: string;
    session_id?: string | undefined;
    scrim_id?: string | undefined;
    game_id?: string | undefined;
  },
): Promise<RiotGameComparison> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_drafts");
  let sessionId = body.session_id;
  let draftedSide: "BLUE" | "RED" | null = null;
  const forLedger = body.scrim_id !== undefined && body.game_id !== undefined;
  if (forLedger) {
    const { game } = await ledgerGameOf(db, workspaceId, body.scrim_id!, body.game_id!);
    sessionId ??= game.sessionId ?? undefined;
    draftedSide = game.ourSide;
  }
  let drafted: Drafted | undefined;
  if (sessionId) {
    const owner = await sessionOwnership(db, sessionId);
    if (!owner || owner.workspace_id !== workspaceId)
      throw new AppError(404, "not_found", "Draft session not found.");
    drafted = await draftedPicks(db, sessionId);
    // A ledger game whose draft has no picks yet has nothing to compare; a session asked for is compared.
    if (!body.session_id && drafted.BLUE.length + drafted.RED.length === 0) drafted = undefined;
  }
  riotClient(db);
  const region = await workspaceRegion(db, workspaceId);
  const summary = await readMatch(db, workspaceId, region, body.match_id);
  return compared(db, workspaceId, summary, drafted, draftedSide, forLedger);
}

/** How far around a scrim's start the roster's games are looked for. */
const RECENT_BEFORE_MS = 2 * 3_600_000;
const RECENT_AFTER_MS = 10 * 3_600_000;
/** Games read for one list (each is two Riot calls). */
const RECENT_GAMES_MAX = 6;

/**
 * The roster's Riot games that fit a scrim's time (from two hours before its start to ten after),
 * newest first, each compared with the ledger game's draft: the staff chooses the one played.
 */
export async function recentScrimGames(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  scrimId: string,
  gameId: string,
): Promise<RiotGameComparison[]> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_drafts");
  const { scrim, game } = await ledgerGameOf(db, workspaceId, scrimId, gameId);
  const client = riotClient(db);
  const region = await workspaceRegion(db, workspaceId);
  const accounts = await listRiotAccounts(db, workspaceId);
  if (accounts.length === 0) {
    throw new AppError(
      409,
      "integration_not_connected",
      "No player of the roster has a checked Riot ID: add them on the integrations page, or enter the match id.",
    );
  }
  const start = Date.parse(scrim.startsAt);
  const ids = new Set<string>();
  // Two players are enough: a scrim's games are the whole team's.
  for (const account of accounts.slice(0, 2)) {
    const found = await client.matchIds(region, account.puuid, {
      startTime: Math.floor((start - RECENT_BEFORE_MS) / 1000),
      endTime: Math.floor((start + RECENT_AFTER_MS) / 1000),
      count: 20,
    });
    if (!found.ok) {
      await noteRiot(db, workspaceId, found);
      throw riotFailure(found);
    }
    for (const id of found.value) ids.add(id);
  }
  await noteRiot(db, workspaceId);
  const drafted = game.sessionId ? await draftedPicks(db, game.sessionId) : undefined;
  const usable = drafted && drafted.BLUE.length + drafted.RED.length > 0 ? drafted : undefined;
  const results: RiotGameComparison[] = [];
  for (const id of [...ids].sort().reverse().slice(0, RECENT_GAMES_MAX)) {
    const summary = await readMatch(db, workspaceId, region, id);
    results.push(await compared(db, workspaceId, summary, usable, game.ourSide, true));
  }
  return results.sort((a, b) => (b.summary.started_at ?? "").localeCompare(a.summary.started_at ?? ""));
}

/** Whether a user may still read a workspace (a calendar feed of a former member stops). */
export async function mayRead(db: Kysely<Database>, userId: number, workspaceId: string): Promise<boolean> {
  const access = await decideAccess(db, userId, workspaceId);
  return access?.may("read") ?? false;
}
