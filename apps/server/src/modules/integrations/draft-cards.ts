import type { Language } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * The finished draft's card (the social PNG of decision 015) under its Discord post. The images
 * are drawn by the sharing module, which registers its drawing here for its app when it starts
 * (decision 039: this module imports nothing of it). Without a registered source, or when drawing
 * fails (a full render queue), the post goes without its image: its text holds the picks and bans.
 */
export type DraftCardSource = (sessionId: string, language: Language) => Promise<Uint8Array>;

/** Each app's drawing, by the app's database handle (several apps may share a process). */
const sources = new WeakMap<Kysely<Database>, DraftCardSource>();

/** Registers an app's drawing of draft cards (share/routes.ts, at start); answers the removal. */
export function registerDraftCardSource(db: Kysely<Database>, source: DraftCardSource): () => void {
  sources.set(db, source);
  return () => {
    if (sources.get(db) === source) sources.delete(db);
  };
}

/** The card of a draft as a PNG, or undefined when none can be drawn now. */
export async function draftCardPng(
  db: Kysely<Database>,
  sessionId: string,
  language: Language,
): Promise<Uint8Array | undefined> {
  const source = sources.get(db);
  if (!source) return undefined;
  try {
    return await source(sessionId, language);
  } catch {
    return undefined;
  }
}
