import {
  type RiotGame,
  type RiotPlatform,
  riotPlatformSchema,
  type ScrimResultBody,
  TOURNAMENT_REGIONS,
  type TournamentCode,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toIso, toIsoOrNull } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { requireWorkspaceRole } from "../workspaces/service.ts";
import { scrimNameOf, tournamentGameMessage } from "./discord-messages.ts";
import { discordWords } from "./discord-words.ts";
import { type LedgerScrim, scrimLedger } from "./ledger-link.ts";
import { ledgerResultOf, summariseMatch } from "./match-summary.ts";
import {
  claimCodeResult,
  codesOfScrim,
  findCode,
  findConnection,
  findProvider,
  insertCode,
  listRiotAccounts,
  providerByCallback,
  releaseCodeResult,
  saveProvider,
} from "./repository.ts";
import { integrationsOf } from "./runtime.ts";
import { hashToken, newToken } from "./secrets.ts";
import { draftedPicks, playedSide } from "./service.ts";

/**
 * Tournament codes (decision 051): with the operator's Tournament-V5 key, a workspace gets a
 * provider (its callback URL carries an unguessable token, kept as a hash) and a tournament; a
 * scrim's games get a code each, whose metadata names the scrim, the game and the room. When Riot
 * calls back, the result is read from Match-V5, never from the callback's body, and only when
 * Match-V5's game carries the same code: a forged call changes nothing. The code's row is filed
 * by one conditional update, so Riot's retries and two processes file the game once.
 */

function tournamentClient(db: Kysely<Database>) {
  const client = integrationsOf(db).tournament;
  if (!client) {
    throw new AppError(
      409,
      "integration_not_configured",
      "Tournament codes need a Tournament-V5 key on this server (RIOT_TOURNAMENT_API_KEY): ask its operator.",
    );
  }
  return client;
}

async function platformOf(db: Kysely<Database>, workspaceId: string): Promise<RiotPlatform> {
  const row = await findConnection(db, workspaceId, "riot");
  const region = row
    ? riotPlatformSchema.safeParse(fromJson<{ region?: string }>(row.settings).region)
    : undefined;
  if (!region?.success)
    throw new AppError(409, "integration_not_connected", "Choose the workspace's Riot region first.");
  return region.data;
}

const failed = (detail: string) => new AppError(502, "integration_failed", detail);

function present(row: Awaited<ReturnType<typeof codesOfScrim>>[number]): TournamentCode {
  return {
    code: row.code,
    scrim_id: row.scrim_id,
    game_number: Number(row.game_number),
    room_id: row.room_id,
    match_id: row.match_id,
    filed_at: toIsoOrNull(row.filed_at),
    created_at: toIso(row.created_at),
  };
}

/** The workspace's provider and tournament, registered with Riot on first use. */
async function ensureProvider(db: Kysely<Database>, workspaceId: string, platform: RiotPlatform) {
  const existing = await findProvider(db, workspaceId);
  if (existing) return existing;
  const region = TOURNAMENT_REGIONS[platform];
  if (!region)
    throw new AppError(409, "integration_not_configured", "Riot offers no tournament codes in this region.");
  const runtime = integrationsOf(db);
  const client = tournamentClient(db);
  const token = newToken();
  const provider = await client.registerProvider(region, `${runtime.publicUrl}/api/riot/callback/${token}`);
  if (!provider.ok) throw failed(`Riot did not register our tournament provider: ${provider.detail}`);
  const tournament = await client.createTournament(provider.value, `Draftroom ${workspaceId.slice(0, 8)}`);
  if (!tournament.ok) throw failed(`Riot did not create our tournament: ${tournament.detail}`);
  await saveProvider(db, {
    workspace_id: workspaceId,
    provider_id: provider.value,
    tournament_id: tournament.value,
    callback_hash: hashToken(token),
    region,
    created_at: nowIso(),
  });
  return (await findProvider(db, workspaceId))!;
}

/** A code for each of a scrim's games that has none; answers all of the scrim's codes. */
export async function createScrimCodes(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: { scrim_id: string; games: number; room_id?: string | undefined },
): Promise<TournamentCode[]> {
  await requireWorkspaceRole(db, userId, workspaceId, "edit_drafts");
  const client = tournamentClient(db);
  // A code names a game of the ledger: the scrim must be this workspace's (else its 404), and
  // each game's code carries that game and its own room.
  const ledger = scrimLedger();
  const scrim = ledger ? await ledger.scrim(db, body.scrim_id) : undefined;
  if (ledger && (!scrim || scrim.workspaceId !== workspaceId))
    throw new AppError(404, "not_found", "Scrim not found.");
  const platform = await platformOf(db, workspaceId);
  const provider = await ensureProvider(db, workspaceId, platform);
  const have = new Set(
    (await codesOfScrim(db, workspaceId, body.scrim_id)).map((row) => Number(row.game_number)),
  );
  const games = scrim ? Math.min(body.games, scrim.games.length) : body.games;
  for (let game = 1; game <= games; game += 1) {
    if (have.has(game)) continue;
    const ledgerGame = scrim?.games.find((candidate) => candidate.number === game);
    const roomId = ledgerGame?.roomId ?? body.room_id ?? null;
    const metadata = JSON.stringify({
      workspace: workspaceId,
      scrim: body.scrim_id,
      game,
      ...(ledgerGame ? { scrim_game: ledgerGame.id } : {}),
      room: roomId,
    });
    const codes = await client.createCodes(Number(provider.tournament_id), 1, { metadata });
    if (!codes.ok) throw failed(`Riot did not make a tournament code: ${codes.detail}`);
    await insertCode(db, {
      code: codes.value[0]!,
      workspace_id: workspaceId,
      scrim_id: body.scrim_id,
      game_number: game,
      room_id: roomId,
      created_at: nowIso(),
    });
  }
  return (await codesOfScrim(db, workspaceId, body.scrim_id)).map(present);
}

export async function scrimCodes(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  scrimId: string,
): Promise<TournamentCode[]> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  return (await codesOfScrim(db, workspaceId, scrimId)).map(present);
}

export type CallbackOutcome = "filed" | "already_filed";

const forged = () => new AppError(404, "not_found", "Not found.");

/**
 * Riot's callback for a game made from one of our codes. Unknown token, unknown code, or a game
 * Match-V5 does not show with that code: 404 and nothing changes. The same game again (Riot
 * retries; another process got it first): 200, nothing changes.
 */
export async function receiveTournamentCallback(
  db: Kysely<Database>,
  token: string,
  body: { shortCode: string; gameId: number | string },
): Promise<CallbackOutcome> {
  const provider = await providerByCallback(db, hashToken(token));
  if (!provider) throw forged();
  const code = await findCode(db, provider.workspace_id, body.shortCode);
  if (!code) throw forged();
  if (code.match_id !== null) return "already_filed";
  const runtime = integrationsOf(db);
  const client = runtime.riot ?? runtime.tournament;
  if (!client)
    throw new AppError(409, "integration_not_configured", "Riot's API is not set up on this server.");
  const platform = await platformOf(db, provider.workspace_id);
  const matchId = `${platform.toUpperCase()}_${body.gameId}`;
  const match = await client.match(platform, matchId);
  if (!match.ok) {
    if (match.problem === "not_found") throw forged();
    // Riot retries a callback that fails: answering 502 lets the next try file it.
    throw failed(`Match-V5 could not be read: ${match.detail}`);
  }
  if (match.value.info.tournamentCode !== body.shortCode) throw forged();
  const timeline = await client.timeline(platform, matchId);
  const summary = summariseMatch(match.value, timeline.ok ? timeline.value : null);
  if (!(await claimCodeResult(db, code.code, matchId, summary, nowIso()))) return "already_filed";
  let filing: LedgerFiling = { outcome: "missing" };
  try {
    filing = await fileIntoLedger(db, provider.workspace_id, code, summary);
  } catch (error) {
    await releaseCodeResult(db, code.code);
    throw error;
  }
  // A game filed into the ledger is posted with the ledger's change (subscriptions.ts); the
  // code's own post says why a game was not filed.
  if (filing.outcome === "filed") return "filed";
  const game = Number(code.game_number);
  const outcome =
    filing.result?.winner === "us"
      ? "won"
      : filing.result?.winner === "them"
        ? "lost"
        : summary.winner === null
          ? "noWinner"
          : summary.winner === "BLUE"
            ? "blueWon"
            : "redWon";
  const post = {
    // A scrim gone since is not named: the post's text says it is gone.
    name: filing.scrim && filing.outcome !== "missing" ? scrimNameOf(filing.scrim) : null,
    game,
    outcome,
    filing: filing.outcome,
    matchId,
    minutes: Math.round(summary.duration_seconds / 60),
    patch: summary.patch,
  } as const;
  await runtime.enqueue(
    provider.workspace_id,
    "scrim_result",
    (language) => ({
      title: discordWords(language).resultListTitle(game),
      message: tournamentGameMessage(post, language),
    }),
    0,
    `tournament:${code.code}`,
  );
  return "filed";
}

/** How a tournament game went into the ledger, with the scrim it was made for (when it is there). */
interface LedgerFiling {
  readonly outcome: "filed" | "kept" | "missing" | "side_unknown";
  readonly result?: ScrimResultBody;
  readonly scrim?: LedgerScrim;
}

/**
 * Files a tournament game into its ledger game (decision 057): our side is the one the roster's
 * checked Riot IDs played on, else the one our drafted champions were played on, else the drafted
 * side; the ledger files it only into a game without a result.
 */
async function fileIntoLedger(
  db: Kysely<Database>,
  workspaceId: string,
  code: { scrim_id: string; game_number: number | string },
  summary: RiotGame,
): Promise<LedgerFiling> {
  const ledger = scrimLedger();
  if (!ledger) return { outcome: "missing" };
  const scrim = await ledger.scrim(db, code.scrim_id);
  const gameNumber = Number(code.game_number);
  const ledgerGame =
    scrim?.workspaceId === workspaceId ? scrim.games.find((g) => g.number === gameNumber) : undefined;
  if (!ledgerGame) return { outcome: "missing" };
  const accounts = await listRiotAccounts(db, workspaceId);
  const rosterByPuuid = new Map(accounts.map((row) => [row.puuid, row.player_id]));
  // The roster's PUUIDs tell, else our drafted champions (the client may swap the sides).
  const drafted = ledgerGame.sessionId ? await draftedPicks(db, ledgerGame.sessionId) : undefined;
  const ourSide = playedSide(
    summary,
    new Set(rosterByPuuid.keys()),
    drafted && drafted.BLUE.length + drafted.RED.length > 0 ? drafted : undefined,
    ledgerGame.ourSide,
  );
  if (!ourSide) return { outcome: "side_unknown", scrim };
  const result = { ...ledgerResultOf(summary, ourSide, rosterByPuuid), provider: "tournament" };
  const outcome = await ledger.file(db, {
    workspaceId,
    scrimId: code.scrim_id,
    gameNumber,
    result,
    provider: "tournament",
    matchId: summary.match_id,
  });
  return { outcome, result, scrim };
}
