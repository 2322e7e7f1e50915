import { foldText } from "./search-text.ts";

/**
 * @mentions in comment text: the word being typed at the caret (for autocomplete) and the text
 * split into plain parts and mentions (for display). The server resolves mentions the same way
 * (apps/server/src/modules/comments/service.ts `mentionedNames`).
 */

const NAME_CHAR = /[\p{L}\p{N}_.-]/u;

/**
 * The `@name` being typed just before the caret, or null.
 *
 * @example
 * mentionAt("hey @ze", 7); // { start: 4, query: "ze" }
 * mentionAt("mail a@b", 8); // null (inside a word)
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  let index = caret - 1;
  while (index >= 0 && NAME_CHAR.test(text[index] ?? "")) index--;
  if (index < 0 || text[index] !== "@") return null;
  const before = text[index - 1];
  if (before !== undefined && (NAME_CHAR.test(before) || before === "@")) return null;
  return { start: index, query: text.slice(index + 1, caret) };
}

/**
 * Replaces the `@query` at `start` with `@username ` and gives the caret after it.
 *
 * @example
 * insertMention("hey @ze!", 4, 7, "zeus"); // { text: "hey @zeus !", caret: 10 }
 */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

export type MentionPart = { kind: "text"; text: string } | { kind: "mention"; text: string };

/**
 * The text with the `@names` of mentioned usernames marked (case-insensitive).
 *
 * @example
 * splitMentions("hi @Zeus", ["zeus"]); // [{kind:"text",text:"hi "},{kind:"mention",text:"@Zeus"}]
 */
export function splitMentions(text: string, usernames: readonly string[]): MentionPart[] {
  const names = new Set(usernames.map((name) => name.toLowerCase()));
  const parts: MentionPart[] = [];
  let plain = "";
  const pattern = /@([\p{L}\p{N}_.-]+)/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const name = (match[1] ?? "").replace(/[.-]+$/, "");
    const at = match.index ?? 0;
    const before = text[at - 1];
    if (!names.has(name.toLowerCase()) || (before !== undefined && NAME_CHAR.test(before))) continue;
    plain += text.slice(last, at);
    if (plain) parts.push({ kind: "text", text: plain });
    plain = "";
    parts.push({ kind: "mention", text: `@${name}` });
    last = at + name.length + 1;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: "text", text: plain });
  return parts;
}

/**
 * Whether a member is offered for the @ being typed: the username starts with it, or a word of
 * the name the team knows them by ("@pere" finds Ana Pérez, whose username may be anything).
 *
 * @example
 * mentionMatches({ username: "xq_7", name: "Ana Pérez" }, "pere"); // true
 */
export function mentionMatches(member: { username: string; name: string | null }, query: string): boolean {
  const wanted = foldText(query);
  if (member.username.toLowerCase().startsWith(wanted)) return true;
  return (member.name ?? "").split(/\s+/).some((word) => word !== "" && foldText(word).startsWith(wanted));
}
