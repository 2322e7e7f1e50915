import type { RoomLink } from "@draftroom/contracts";

/** The links handed out, in the order a message lists them (captains and spectators first). */
const ORDER: readonly RoomLink["kind"][] = [
  "blue_captain",
  "red_captain",
  "spectator",
  "blue_team",
  "red_team",
];

/**
 * One message with every link the organiser can hand out, ready to paste in a team chat: a title
 * line, then one line per link ("Blue captain (Fnatic): https://…"). Links whose token is not
 * known on this device are left out; the organiser's own link is never in it.
 *
 * @example
 * linksMessage("Scrim night", links, origin, label); // "Scrim night\nBlue captain (Fnatic): https://…/app/room/…#…"
 */
export function linksMessage(
  title: string,
  links: readonly RoomLink[],
  origin: string,
  label: (kind: RoomLink["kind"]) => string,
): string {
  const lines = [...links]
    .filter((link) => link.path !== null && link.role !== "organiser" && ORDER.includes(link.kind))
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
    .map((link) => `${label(link.kind)}: ${origin}${link.path}`);
  return [title, ...lines].join("\n");
}
