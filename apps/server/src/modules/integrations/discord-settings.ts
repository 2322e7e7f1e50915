import {
  DEFAULT_LANGUAGE,
  DISCORD_EVENTS,
  type DiscordEvent,
  LANGUAGES,
  type Language,
} from "@draftroom/contracts";
import { fromJson } from "../../db/values.ts";

/**
 * What a workspace chose for its Discord channel, kept as the connection's `settings` JSON: the
 * events it posts and the language the posts are written in. A connection made before posts had a
 * language writes English, as it always did.
 */
export interface DiscordSettings {
  readonly events: readonly DiscordEvent[];
  readonly language: Language;
}

/**
 * Settings as stored (JSON or a row's value) read into their shape, and settings about to be stored
 * put in it: the known events in the app's order, once each, and a known language.
 */
export function discordSettingsOf(stored: unknown): DiscordSettings {
  const raw = fromJson<{ events?: unknown; language?: unknown } | null>(stored) ?? {};
  const events = Array.isArray(raw.events) ? raw.events : [];
  return {
    events: DISCORD_EVENTS.filter((event) => events.includes(event)),
    language: LANGUAGES.find((language) => language === raw.language) ?? DEFAULT_LANGUAGE,
  };
}
