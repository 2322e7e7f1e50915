import type { DraftAction } from "@draftroom/contracts";
import type { DiscordMessage } from "./discord-client.ts";

/**
 * The Discord posts of a workspace's events (decision 051), as plain data: what each says is
 * decided here, sending is the delivery queue's. Text that members wrote (titles, team names) is
 * escaped so it cannot format or mention; Discord's `allowed_mentions` is off as well.
 */

const BLUE = 0x3b82f6;
const NEUTRAL = 0x64748b;
const GREEN = 0x22c55e;

/** Escapes Discord markdown in text a member wrote. */
export function plain(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()@-])/g, "\\$1").slice(0, 240);
}

export function testMessage(workspaceName: string): DiscordMessage {
  return {
    embeds: [
      {
        title: "Draftroom is connected",
        description: `This channel will get the events ${plain(workspaceName)} chose on its integrations page.`,
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
  readonly links: readonly { readonly label: string; readonly url: string }[];
}

export function roomOpenedMessage(post: RoomOpenedPost): DiscordMessage {
  return {
    content: `Draft room open: ${plain(post.title)}`,
    embeds: [
      {
        title: `Draft room open: ${plain(post.title)}`,
        url: post.roomUrl,
        description:
          post.links.length > 0
            ? "Our team's links (keep them in this channel):"
            : "Open the room in Draftroom to take your seat.",
        fields: post.links.map((link) => ({ name: link.label, value: link.url })),
        color: NEUTRAL,
      },
    ],
  };
}

export interface DraftFinishedPost {
  readonly title: string;
  readonly url: string;
  readonly teams: { readonly BLUE: string; readonly RED: string };
  readonly actions: readonly Pick<DraftAction, "action_type" | "team_side" | "champion">[];
}

export function draftFinishedMessage(post: DraftFinishedPost): DiscordMessage {
  const list = (side: "BLUE" | "RED", type: "PICK" | "BAN") =>
    post.actions
      .filter((action) => action.team_side === side && action.action_type === type)
      .map((action) => action.champion?.name ?? "—")
      .join(", ") || "—";
  return {
    embeds: [
      {
        title: `Draft finished: ${plain(post.title)}`,
        url: post.url,
        color: BLUE,
        fields: [
          { name: `${plain(post.teams.BLUE)} (blue) picks`, value: list("BLUE", "PICK"), inline: true },
          { name: `${plain(post.teams.RED)} (red) picks`, value: list("RED", "PICK"), inline: true },
          { name: "\u200b", value: "\u200b", inline: false },
          { name: "Blue bans", value: list("BLUE", "BAN"), inline: true },
          { name: "Red bans", value: list("RED", "BAN"), inline: true },
        ],
      },
    ],
  };
}

const PLAN_VERBS: Readonly<Record<string, string>> = {
  created: "New plan",
  imported: "Plan imported",
  changed: "Plan changed",
  deleted: "Plan deleted",
};

export function planChangedMessage(post: {
  verb: string;
  title: string;
  by: string | null;
  url: string | null;
}): DiscordMessage {
  const heading = `${PLAN_VERBS[post.verb] ?? "Plan changed"}: ${plain(post.title)}`;
  return {
    embeds: [
      {
        title: heading,
        ...(post.url ? { url: post.url } : {}),
        ...(post.by ? { description: `by ${plain(post.by)}` } : {}),
        color: GREEN,
      },
    ],
  };
}

export interface ScrimPost {
  readonly title: string;
  readonly startsAt: string;
  readonly timeZone: string;
  readonly url: string;
}

/** "Sat 30 Nov, 18:00 (Europe/Madrid)" and Discord's own timestamp, shown in each reader's zone. */
function when(post: ScrimPost): string {
  const at = new Date(post.startsAt);
  const local = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: post.timeZone,
  }).format(at);
  return `${local} (${post.timeZone}), <t:${Math.floor(at.getTime() / 1000)}:R>`;
}

export function scrimConfirmedMessage(post: ScrimPost): DiscordMessage {
  return {
    embeds: [
      {
        title: `Scrim confirmed: ${plain(post.title)}`,
        url: post.url,
        description: when(post),
        color: GREEN,
      },
    ],
  };
}

export function scrimStartingMessage(post: ScrimPost): DiscordMessage {
  return {
    content: `Starting soon: ${plain(post.title)}`,
    embeds: [
      { title: `Starting soon: ${plain(post.title)}`, url: post.url, description: when(post), color: BLUE },
    ],
  };
}

export function scrimResultMessage(post: {
  title: string;
  game: number;
  winner: "us" | "them";
  url: string;
}): DiscordMessage {
  return {
    embeds: [
      {
        title: `${plain(post.title)}, game ${post.game}: ${post.winner === "us" ? "we won" : "we lost"}`,
        url: post.url,
        color: post.winner === "us" ? GREEN : NEUTRAL,
      },
    ],
  };
}
