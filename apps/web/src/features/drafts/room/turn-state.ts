import type { RoomPermissions, Side } from "@draftroom/draft";

/** How urgent the clock looks: calm, amber (getting short), red (last 10 s, pulsing). */
export type ClockTone = "calm" | "amber" | "red";

/** Seconds left at which the clock turns amber, then red and pulses. */
export const AMBER_SECONDS = 20;
export const RED_SECONDS = 10;

/**
 * The clock's tone for the time left on the running clock (turn, then bank). A paused or
 * untimed clock is calm.
 *
 * @example
 * clockTone(25_000, false); // "calm"
 * clockTone(15_000, false); // "amber"
 * clockTone(9_000, false);  // "red"
 */
export function clockTone(msLeft: number | null, paused: boolean): ClockTone {
  if (msLeft === null || paused) return "calm";
  const seconds = Math.ceil(Math.max(0, msLeft) / 1000);
  if (seconds <= RED_SECONDS) return "red";
  if (seconds <= AMBER_SECONDS) return "amber";
  return "calm";
}

/**
 * The clock as a player reads it in a tab title or a banner: always m:ss.
 *
 * @example
 * clockText(12_000); // "0:12"
 * clockText(95_400); // "1:36"
 */
export function clockText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** What the turn banner says, to this seat, about the step on the clock. */
export type TurnHeadline =
  | { kind: "lobby" }
  | { kind: "complete" }
  | { kind: "paused" }
  | { kind: "resuming"; seconds: number }
  /** A correction is pending: the clock stands still while `deciding` decides. */
  | { kind: "correction"; asker: Side; decider: "you" | "other_team" | "organiser_or_other" }
  /** This seat acts now. */
  | { kind: "yours"; action: "PICK" | "BAN" }
  /** This seat's team acts now and this seat (a member) may suggest. */
  | { kind: "your_team"; action: "PICK" | "BAN" }
  /** Another team acts; `mine` is false for spectators and the organiser too. */
  | { kind: "theirs"; side: Side; action: "PICK" | "BAN" };

export interface TurnInput {
  status: "lobby" | "running" | "paused" | "complete";
  /** The step on the clock (null when the draft is complete). */
  next: { side: Side; type: "PICK" | "BAN" } | null;
  /** The side this seat plays for (captain or member), null for the organiser and spectators. */
  mySide: Side | null;
  /**
   * What the room's rules let this seat do now: `can(seat, state, now)` (packages/draft
   * room-permissions). The headline says it, never re-derives it from the seat's role.
   */
  may: Pick<RoomPermissions, "lock" | "suggest" | "decideCorrection">;
  resumesInMs: number;
  /** A pending correction: the side that asked. */
  correctionSide: Side | null;
}

/** A seat that may do nothing (the organiser's status card, a spectator). */
export const MAY_NOTHING: TurnInput["may"] = { lock: false, suggest: false, decideCorrection: false };

/**
 * Whose turn it is, said right to each seat: "Your pick" to the seat that may lock, "Your team
 * picks" to a member who may suggest, "Fnatic is picking" to everyone else, and who decides a
 * pending correction.
 *
 * @example
 * turnHeadline({ status: "running", next: { side: "BLUE", type: "PICK" }, mySide: "BLUE",
 *   may: { lock: true, suggest: false, decideCorrection: false }, resumesInMs: 0,
 *   correctionSide: null }); // { kind: "yours", action: "PICK" }
 */
export function turnHeadline(input: TurnInput): TurnHeadline {
  if (input.status === "complete" || input.next === null) return { kind: "complete" };
  if (input.status === "lobby") return { kind: "lobby" };
  if (input.correctionSide !== null) {
    const asker = input.correctionSide;
    const decider = input.may.decideCorrection
      ? "you"
      : input.mySide === asker
        ? "other_team"
        : "organiser_or_other";
    return { kind: "correction", asker, decider };
  }
  if (input.status === "paused") return { kind: "paused" };
  if (input.resumesInMs > 0) return { kind: "resuming", seconds: Math.ceil(input.resumesInMs / 1000) };
  const { side, type } = input.next;
  if (input.may.lock) return { kind: "yours", action: type };
  if (input.may.suggest) return { kind: "your_team", action: type };
  return { kind: "theirs", side, action: type };
}

/** The side whose colour the banner takes (the acting side, or the asking side of a correction). */
export function bannerSide(headline: TurnHeadline, next: { side: Side } | null): Side | null {
  if (headline.kind === "correction") return headline.asker;
  if (headline.kind === "theirs") return headline.side;
  return next?.side ?? null;
}
