import { randomInt } from "node:crypto";
import type { Practice, PracticeReview, PracticeStart, PracticeStartBody } from "@draftroom/contracts";
import { DEFAULT_DRAFT_FORMAT } from "@draftroom/contracts";
import { buildTeamProfile, type Side, type TeamProfile, teamKey } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toIsoOrNull, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { createGameSession, getSession, sessionActions } from "../drafts/service.ts";
import { changeLink, linkRowId, openLiveRoom, runRoomCommand } from "../rooms/service.ts";
import { createWithinDraftLimit } from "../subscriptions/service.ts";
import { findPracticeTeam, practiceTeamGames } from "./history.ts";
import type { PracticeDraftsTable } from "./tables.ts";

/**
 * Practice drafts: a live room whose one captain seat is the user's and the other the modelled
 * opponent's (opponent-driver.ts acts for it through the rooms' `runRoomCommand`, so the room's
 * timers, format and fearless locks apply to it exactly as to a person).
 */

export type PracticeRow = PracticeDraftsTable;

export interface PracticeTimers {
  /** Live-room timers of a new practice, in ms (the room's test overrides apply). */
  turnMs: number;
  bankMs: number;
}

/** A team's profile per user, cached briefly: the opponent reads it at every one of its turns. */
const profiles = new Map<string, { at: number; profile: TeamProfile }>();
const PROFILE_TTL_MS = 60_000;

export async function teamProfileFor(
  db: Kysely<Database>,
  userId: number,
  team: string,
): Promise<TeamProfile> {
  const key = `${userId}:${teamKey(team)}`;
  const cached = profiles.get(key);
  if (cached && Date.now() - cached.at < PROFILE_TTL_MS) return cached.profile;
  const profile = buildTeamProfile(await practiceTeamGames(db, userId, team), team);
  if (profiles.size > 500) profiles.clear();
  profiles.set(key, { at: Date.now(), profile });
  return profile;
}

export function toPractice(row: PracticeRow): Practice {
  return {
    session_id: row.session_id,
    room_id: row.room_id,
    opponent_team: row.opponent_team,
    user_side: row.user_side,
    style: row.style,
    review: row.review === null || row.review === undefined ? null : fromJson<PracticeReview>(row.review),
    created_at: toIsoOrNull(row.created_at) ?? String(row.created_at),
    completed_at: toIsoOrNull(row.completed_at),
  };
}

export function findPracticeRow(db: Kysely<Database>, sessionId: string): Promise<PracticeRow | undefined> {
  return db
    .selectFrom("practice_drafts")
    .selectAll()
    .where("session_id", "=", sessionId)
    .executeTakeFirst() as Promise<PracticeRow | undefined>;
}

export function findPracticeByRoom(db: Kysely<Database>, roomId: string): Promise<PracticeRow | undefined> {
  return db
    .selectFrom("practice_drafts")
    .selectAll()
    .where("room_id", "=", roomId)
    .executeTakeFirst() as Promise<PracticeRow | undefined>;
}

/**
 * Starts a practice: a new session (or the user's given one that has not started, e.g. a fearless
 * series game) turned into a live room; the opponent's seat is ready at once, the user's captain
 * link is in the answer only.
 */
export async function startPractice(
  db: Kysely<Database>,
  userId: number,
  body: PracticeStartBody & { side: Side },
  timers: PracticeTimers,
): Promise<PracticeStart> {
  const team = await findPracticeTeam(db, userId, body.opponent_team);
  if (!team) {
    throw new AppError(400, "validation_error", "No games of this team in the data.", {
      opponent_team: "No games of this team in the data",
    });
  }
  const userSide = body.side;
  let sessionId = body.session_id;
  if (sessionId) {
    const session = await getSession(db, userId, sessionId);
    if (!session) throw new AppError(404, "not_found", "Draft session not found.");
    if ((await sessionActions(db, sessionId)).length > 0 || session.status === "complete")
      throw new AppError(409, "already_started", "This draft has already started.");
    if (await findPracticeRow(db, sessionId))
      throw new AppError(409, "room_exists", "This session is already a practice.");
  } else {
    // No league team ids: a practice never counts as either team's history.
    const ours = body.team_name ?? "Practice";
    sessionId = await createWithinDraftLimit(
      db,
      userId,
      (trx) =>
        createGameSession(trx, userId, {
          title: body.title ?? `Practice vs ${team.name}`,
          league: null,
          blue: { id: null, name: userSide === "BLUE" ? ours : team.name },
          red: { id: null, name: userSide === "RED" ? ours : team.name },
          settings: {
            ban_timer: timerSeconds(timers.turnMs),
            pick_timer: timerSeconds(timers.turnMs),
            auto_advance: true,
          },
          format: DEFAULT_DRAFT_FORMAT,
        }),
      // A practice in a workspace the caller may practise in: its plan covers it (decision 053).
      { inCoveredWorkspace: Boolean(body.workspace_id) },
    );
  }
  // The user's side is ours (decision 046): once the practice is in a workspace, its pools and
  // priorities feed the user's seat, as in any room of the team (decision 053).
  const room = await openLiveRoom(db, userId, sessionId, {
    turnMs: timers.turnMs,
    bankMs: timers.bankMs,
    ourSide: userSide,
  });
  const userKind = userSide === "BLUE" ? "blue_captain" : "red_captain";
  const userLink = room.links.find((link) => link.kind === userKind)!;
  const botLink = room.links.find((link) => link.role === "captain" && link.kind !== userKind)!;
  const botLinkRow = await linkRowId(db, room.id, botLink.id);
  if (botLinkRow === undefined) throw new Error(`Practice room ${room.id} lost its opponent's link`);
  const row: PracticeRow = {
    session_id: sessionId,
    room_id: room.id,
    user_id: userId,
    opponent_team: team.name,
    user_side: userSide,
    bot_team: botLink.team!,
    bot_link_id: botLinkRow,
    style: body.style ?? "balanced",
    seed: randomInt(0, 2 ** 31),
    review: null,
    created_at: new Date().toISOString(),
    completed_at: null,
  };
  await db
    .insertInto("practice_drafts")
    .values({
      session_id: row.session_id,
      room_id: row.room_id,
      user_id: row.user_id,
      opponent_team: row.opponent_team,
      user_side: row.user_side,
      bot_team: row.bot_team,
      bot_link_id: row.bot_link_id,
      style: row.style,
      seed: row.seed,
      // Written by the app (ISO, as every timestamp), so the answer and the row agree.
      created_at: row.created_at,
    })
    .execute();
  // The modelled opponent is always ready: the draft starts when the user is.
  await runRoomCommand(db, { roomId: room.id }, opponentSeat(row), { type: "ready", ready: true });
  const stored = (await findPracticeRow(db, sessionId))!;
  return { practice: toPractice(stored), path: userLink.path! };
}

/** The session's stored timer setting (10-300 s) for a room turn time (tests use shorter turns). */
const timerSeconds = (turnMs: number) => Math.max(10, Math.min(300, Math.round(turnMs / 1000)));

export function opponentSeat(row: Pick<PracticeRow, "bot_team" | "bot_link_id">) {
  return { role: "captain" as const, team: row.bot_team, linkId: Number(row.bot_link_id) };
}

/** The practice of a session, for anyone holding its public id (the review is part of the draft). */
export async function getPractice(db: Kysely<Database>, sessionId: string): Promise<Practice> {
  const row = await findPracticeRow(db, sessionId);
  if (!row) throw new AppError(404, "not_found", "This draft is not a practice.");
  return toPractice(row);
}

/** The practice of a session, or null when the session is not one (or unknown). */
export async function lookupPractice(db: Kysely<Database>, sessionId: string): Promise<Practice | null> {
  const row = await findPracticeRow(db, sessionId);
  return row ? toPractice(row) : null;
}

/** The answer for a practice that does not exist or is not the caller's to reach. */
export function practiceNotFound(): AppError {
  return new AppError(404, "not_found", "Practice not found.");
}

/**
 * Back into a practice: a new token for the user's captain link (only its hash is stored, so the
 * old one cannot be given back; it stops working). 404 when not the caller's.
 */
export async function resumePractice(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<PracticeStart> {
  const row = await findPracticeRow(db, sessionId);
  if (!row || Number(row.user_id) !== userId) throw practiceNotFound();
  const link = await db
    .selectFrom("room_links")
    .select(["public_id"])
    .where("room_id", "=", row.room_id)
    .where("role", "=", "captain")
    .where("team", "!=", row.bot_team)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!link) throw practiceNotFound();
  const rotated = await changeLink(db, userId, row.room_id, link.public_id, "rotate");
  return { practice: toPractice(row), path: rotated.path! };
}

/** Stores a finished practice's review (again after a later change of the draft). */
export async function storeReview(db: Kysely<Database>, sessionId: string, review: unknown): Promise<void> {
  await db
    .updateTable("practice_drafts")
    .set({ review: toJson(review), completed_at: new Date().toISOString() })
    .where("session_id", "=", sessionId)
    .execute();
}
