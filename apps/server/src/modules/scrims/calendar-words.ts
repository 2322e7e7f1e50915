import { type Language, type ScrimKind, untitledScrimName } from "@draftroom/contracts";

/**
 * The words of a scrim's calendar event, in the feed's member's language. The web app's locale
 * files hold the same terms (scrims.json: "Official match" / "Partido oficial"); the feed is
 * written by the server without them. The scrim's title and the opponent's name are a member's
 * words and stay as written; a scrim without a title is named in the member's language
 * (`untitledScrimName`, which the description starts with too).
 */
interface CalendarWords {
  readonly official: (title: string) => string;
  readonly description: (opts: {
    kind: ScrimKind;
    opponent: string;
    games: number;
    planned: boolean;
  }) => string;
}

const en: CalendarWords = {
  official: (title) => `Official match: ${title}`,
  description: ({ kind, opponent, games, planned }) =>
    `${untitledScrimName(kind, opponent, "en")}, ${games} ${games === 1 ? "game" : "games"}${planned ? " (not confirmed yet)" : ""}.`,
};

const es: CalendarWords = {
  official: (title) => `Partido oficial: ${title}`,
  description: ({ kind, opponent, games, planned }) =>
    `${untitledScrimName(kind, opponent, "es")}, ${games} ${games === 1 ? "partida" : "partidas"}${planned ? " (sin confirmar)" : ""}.`,
};

const WORDS: Readonly<Record<Language, CalendarWords>> = { en, es };

export const calendarWords = (language: Language): CalendarWords => WORDS[language];
