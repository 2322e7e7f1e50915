import type { RoomSeat, RoomTeam } from "./room.ts";

/**
 * A team's private channel in a live room: its members' suggestions and its chat. Pure rules the
 * server enforces per socket and the web app reuses to draw the same thing: who may hear a team,
 * what a valid name or message is, how fast a socket may talk, which suggestions are current.
 */

/** Longest chat message, in characters (after trimming). */
export const TEAM_CHAT_MAX_CHARS = 300;
/** Longest display name a team member may give. */
export const TEAM_MEMBER_NAME_MAX_CHARS = 32;
/** Messages a member reconnecting is sent (chat and suggestions, newest last). */
export const TEAM_HISTORY_LIMIT = 50;
/** A socket may send this many chat messages or suggestions in a burst… */
export const TEAM_TALK_BURST = 5;
/** …and then one more every this many ms. */
export const TEAM_TALK_REFILL_MS = 1000;

/**
 * Whether a seat hears team `team`'s channel: only that team's captain and members. The
 * organiser, spectators (by link or public id) and the other team never do.
 */
export function hearsTeam(seat: RoomSeat, team: RoomTeam): boolean {
  return (seat.role === "captain" || seat.role === "member") && seat.team === team;
}

/** Whether a seat may speak in its team's channel (and which team that is). */
export function talksFor(seat: RoomSeat): RoomTeam | null {
  return seat.role === "captain" || seat.role === "member" ? seat.team : null;
}

export type TeamTextResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: "malformed_message" | "message_too_long" };

/** Control characters (line breaks aside) never reach another screen. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

function clean(text: string): string {
  return text
    .replace(CONTROL, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A chat message as it is stored: trimmed, without control characters, 1-300 characters. */
export function teamChatText(raw: string): TeamTextResult {
  const text = clean(raw);
  if (text.length === 0) return { ok: false, code: "malformed_message" };
  if ([...text].length > TEAM_CHAT_MAX_CHARS) return { ok: false, code: "message_too_long" };
  return { ok: true, text };
}

/** A member's display name: one line, trimmed, 1-32 characters. */
export function memberName(raw: string): TeamTextResult {
  const text = clean(raw.replace(/\s+/g, " "));
  if (text.length === 0) return { ok: false, code: "malformed_message" };
  if ([...text].length > TEAM_MEMBER_NAME_MAX_CHARS) return { ok: false, code: "message_too_long" };
  return { ok: true, text };
}

/** A token bucket: `tokens` left at `atMs`. */
export interface TalkBucket {
  readonly tokens: number;
  readonly atMs: number;
}

export const FULL_BUCKET = (nowMs: number): TalkBucket => ({ tokens: TEAM_TALK_BURST, atMs: nowMs });

/**
 * Spends one token if there is one: a burst of TEAM_TALK_BURST, then one per TEAM_TALK_REFILL_MS.
 * Returns the bucket after, and whether the message may go.
 */
export function spendTalkToken(
  bucket: TalkBucket,
  nowMs: number,
): { readonly allowed: boolean; readonly bucket: TalkBucket } {
  const elapsed = Math.max(0, nowMs - bucket.atMs);
  const refilled = Math.min(TEAM_TALK_BURST, bucket.tokens + elapsed / TEAM_TALK_REFILL_MS);
  if (refilled < 1) return { allowed: false, bucket: { tokens: refilled, atMs: nowMs } };
  return { allowed: true, bucket: { tokens: refilled - 1, atMs: nowMs } };
}

/** What the suggestion list needs of a team message. */
export interface SuggestionLike {
  readonly id: string;
  readonly kind: "chat" | "suggestion";
  readonly step: number | null;
  readonly champion_id: number | null;
  /** Who said it: a member's id, or null for the captain. */
  readonly member_id: string | null;
  readonly name: string;
}

/**
 * The suggestions that still count for `step`: each member's latest one for that step (a new one
 * replaces theirs), minus champions already used; newest first. `messages` are oldest first (ids
 * are random, so the order is the list's).
 */
export function currentSuggestions<T extends SuggestionLike>(
  messages: readonly T[],
  step: number | null,
  used: ReadonlySet<number> = new Set(),
): T[] {
  if (step === null) return [];
  // A Map keeps the order of first insertion: delete before setting so a newer message moves last.
  const latest = new Map<string, T>();
  for (const message of messages) {
    if (message.kind !== "suggestion" || message.step !== step || message.champion_id === null) continue;
    const author = message.member_id === null ? `name:${message.name}` : `member:${message.member_id}`;
    latest.delete(author);
    latest.set(author, message);
  }
  return [...latest.values()].filter((message) => !used.has(message.champion_id!)).reverse();
}
