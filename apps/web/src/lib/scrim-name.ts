import { type Language, type ScrimKind, untitledScrimName } from "@draftroom/contracts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "./i18n.ts";

/** What names a scrim: the staff's title, or (none given) its kind and opponent. */
export interface ScrimNameParts {
  readonly title: string;
  readonly untitled: boolean;
  readonly kind: ScrimKind;
  readonly opponent: string;
}

/**
 * A scrim's name as the app shows it: the title its staff gave, else its kind and opponent in
 * `language` ("Partido oficial contra UCAM Esports"). The API's `title` of an untitled scrim is
 * the English default; the calendar feed and the Discord posts name it the same way (contracts).
 */
export const scrimName = (scrim: ScrimNameParts, language: Language): string =>
  scrim.untitled ? untitledScrimName(scrim.kind, scrim.opponent, language) : scrim.title;

/** `scrimName` in the app's current language (a change of language renders the caller again). */
export function useScrimName(): (scrim: ScrimNameParts) => string {
  useTranslation();
  const language = currentLanguage();
  return useCallback((scrim: ScrimNameParts) => scrimName(scrim, language), [language]);
}

/** The naming parts of the scrim a draft was drafted for (`ScrimOfDraft`). */
export const partsOfScrimGame = (game: {
  title: string;
  untitled: boolean;
  kind: ScrimKind;
  opponent_name: string;
}): ScrimNameParts => ({
  title: game.title,
  untitled: game.untitled,
  kind: game.kind,
  opponent: game.opponent_name,
});

/** The naming parts of a scrim or a ledger summary of one. */
export const partsOfScrim = (scrim: {
  title: string;
  untitled: boolean;
  kind: ScrimKind;
  opponent: { name: string };
}): ScrimNameParts => ({
  title: scrim.title,
  untitled: scrim.untitled,
  kind: scrim.kind,
  opponent: scrim.opponent.name,
});
