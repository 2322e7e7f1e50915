import { type DraftAction, type Language, untitledScrimName } from "@draftroom/contracts";
import type { DiscordMessage } from "./discord-client.ts";
import { discordWords, type ScrimName } from "./discord-words.ts";
import type { LedgerScrim } from "./ledger-link.ts";

/**
 * The Discord posts of a workspace's events (decision 051), as plain data: what each says is
 * decided here, in the channel's language (discord-words.ts); sending is the delivery queue's.
 * Text that members wrote (titles, team names) is escaped so it cannot format or mention;
 * Discord's `allowed_mentions` is off as well.
 */

const BLUE = 0x3b82f6;
const NEUTRAL = 0x64748b;
const GREEN = 0x22c55e;

/** Escapes Discord markdown in text a member wrote. */
export function plain(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()@-])/g, "\\$1").slice(0, 240);
}

export function testMessage(workspaceName: string, language: Language): DiscordMessage {
  const words = discordWords(language);
  return {
    embeds: [
      {
        title: words.testTitle,
        description: words.testDescription(plain(workspaceName)),
        color: NEUTRAL,
      },
    ],
  };
}

export interface RoomOpenedPost {
  readonly title: string;
  /** The room's page for members. */
  readonly roomUrl: string;
  /** Our team's links only (captain, team channel); never the other team's or the organiser's. */
  readonly links: readonly { readonly role: "captain" | "players"; readonly url: string }[];
}

export function roomOpenedMessage(post: RoomOpenedPost, language: Language): DiscordMessage {
  const words = discordWords(language);
  const heading = words.roomOpened(plain(post.title));
  return {
    content: heading,
    embeds: [
      {
        title: heading,
        url: post.roomUrl,
        description: post.links.length > 0 ? words.ourLinks : words.takeYourSeat,
        fields: post.links.map((link) => ({
          name: link.role === "captain" ? words.ourCaptain : words.ourPlayers,
          value: link.url,
        })),
        color: NEUTRAL,
      },
    ],
  };
}

export interface DraftFinishedPost {
  readonly title: string;
  readonly url: string;
  /** The teams' names; null: the draft named none (the post names the side alone). */
  readonly teams: { readonly BLUE: string | null; readonly RED: string | null };
  readonly actions: readonly Pick<DraftAction, "action_type" | "team_side" | "champion">[];
}

export function draftFinishedMessage(post: DraftFinishedPost, language: Language): DiscordMessage {
  const words = discordWords(language);
  const list = (side: "BLUE" | "RED", type: "PICK" | "BAN") =>
    post.actions
      .filter((action) => action.team_side === side && action.action_type === type)
      .map((action) => action.champion?.name ?? "—")
      .join(", ") || "—";
  const team = (side: "BLUE" | "RED") => (post.teams[side] ? plain(post.teams[side]) : null);
  return {
    embeds: [
      {
        title: words.draftFinished(plain(post.title)),
        url: post.url,
        color: BLUE,
        fields: [
          { name: words.picksOf(team("BLUE"), "BLUE"), value: list("BLUE", "PICK"), inline: true },
          { name: words.picksOf(team("RED"), "RED"), value: list("RED", "PICK"), inline: true },
          { name: "\u200b", value: "\u200b", inline: false },
          { name: words.bansOf("BLUE"), value: list("BLUE", "BAN"), inline: true },
          { name: words.bansOf("RED"), value: list("RED", "BAN"), inline: true },
        ],
      },
    ],
  };
}

type PlanVerb = "created" | "imported" | "changed" | "deleted";

export function planChangedMessage(
  post: { verb: string; title: string; by: string | null; url: string | null },
  language: Language,
): DiscordMessage {
  const words = discordWords(language);
  const verb = words.plan[post.verb as PlanVerb] ?? words.plan.changed;
  return {
    embeds: [
      {
        title: `${verb}: ${plain(post.title)}`,
        ...(post.url ? { url: post.url } : {}),
        ...(post.by ? { description: words.by(plain(post.by)) } : {}),
        color: GREEN,
      },
    ],
  };
}

export interface ScrimPost {
  readonly name: ScrimName;
  readonly startsAt: string;
  readonly timeZone: string;
  readonly url: string;
}

/** "Sat 30 Nov, 18:00 (Europe/Madrid)" and Discord's own timestamp, shown in each reader's zone. */
function when(post: ScrimPost, language: Language): string {
  const at = new Date(post.startsAt);
  const local = new Intl.DateTimeFormat(discordWords(language).locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: post.timeZone,
  }).format(at);
  return `${local} (${post.timeZone}), <t:${Math.floor(at.getTime() / 1000)}:R>`;
}

/** What a post names a ledger's scrim by: its staff's title, else (untitled) its kind and opponent. */
export function scrimNameOf(scrim: LedgerScrim): ScrimName {
  return { kind: scrim.kind, title: scrim.untitled ? null : scrim.title, opponent: scrim.opponentName };
}

/** A scrim's name in a post: the staff's title, or its kind and opponent in the channel's language. */
export function scrimTitle(name: ScrimName, language: Language): string {
  return name.title ?? untitledScrimName(name.kind, name.opponent, language);
}

export function scrimConfirmedMessage(post: ScrimPost, language: Language): DiscordMessage {
  const { kind, title, opponent } = post.name;
  return {
    embeds: [
      {
        title: discordWords(language).scrimConfirmed({
          kind,
          title: title === null ? null : plain(title),
          opponent: plain(opponent),
        }),
        url: post.url,
        description: when(post, language),
        color: GREEN,
      },
    ],
  };
}

export function scrimStartingMessage(post: ScrimPost, language: Language): DiscordMessage {
  const heading = discordWords(language).startingSoon(plain(scrimTitle(post.name, language)));
  return {
    content: heading,
    embeds: [{ title: heading, url: post.url, description: when(post, language), color: BLUE }],
  };
}

/**
 * A scrim's rooms as a reminder's fields, for members to open (signed in, a member takes the seat
 * their role gives, decision 046): each game's room, or the one series room all its games share.
 */
export function scrimRoomFields(
  rooms: readonly { readonly game: number; readonly url: string }[],
  language: Language,
): { name: string; value: string }[] {
  const words = discordWords(language);
  if (rooms.length > 0 && rooms.every((room) => room.url === rooms[0]!.url))
    return [{ name: words.gameRoom(null), value: rooms[0]!.url }];
  return rooms.map((room) => ({ name: words.gameRoom(room.game), value: room.url }));
}

export function scrimResultMessage(
  post: { name: ScrimName; game: number; winner: "us" | "them"; url: string },
  language: Language,
): DiscordMessage {
  return {
    embeds: [
      {
        title: discordWords(language).gameResult(
          plain(scrimTitle(post.name, language)),
          post.game,
          post.winner === "us",
        ),
        url: post.url,
        color: post.winner === "us" ? GREEN : NEUTRAL,
      },
    ],
  };
}

export type TournamentFiling = "kept" | "side_unknown" | "missing";

/** A tournament code's game that was not filed into the ledger, and why (tournament.ts). */
export function tournamentGameMessage(
  post: {
    /** The scrim the code was made for, or null when it is gone. */
    name: ScrimName | null;
    game: number;
    outcome: keyof ReturnType<typeof discordWords>["outcome"];
    filing: TournamentFiling;
    matchId: string;
    minutes: number;
    patch: string;
  },
  language: Language,
): DiscordMessage {
  const words = discordWords(language);
  return {
    embeds: [
      {
        title: words.tournamentGame(
          post.name === null ? null : plain(scrimTitle(post.name, language)),
          post.game,
          words.outcome[post.outcome],
        ),
        description: words.fromRiot(
          words.filed[post.filing],
          plain(post.matchId),
          post.minutes,
          plain(post.patch),
        ),
        color: NEUTRAL,
      },
    ],
  };
}
