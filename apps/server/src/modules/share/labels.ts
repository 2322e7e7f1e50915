import type { Language } from "@draftroom/contracts";

/**
 * The few words a draft image prints, in each language of the app. The web app's locale files
 * hold the same terms (drafts.json `phase`, board.json); the server renders images without them.
 */
export interface CardLabels {
  readonly phase: Readonly<Record<1 | 2 | 3 | 4, string>>;
  readonly complete: string;
  readonly picks: string;
  readonly bans: string;
  readonly skipped: string;
  readonly blueSide: string;
  readonly redSide: string;
  readonly won: string;
  readonly game: (n: number) => string;
  readonly bestOf: (n: number) => string;
  readonly notPlayed: string;
  readonly inProgress: string;
  readonly footer: string;
}

const en: CardLabels = {
  phase: { 1: "Ban Phase 1", 2: "Pick Phase 1", 3: "Ban Phase 2", 4: "Pick Phase 2" },
  complete: "Final draft",
  picks: "Picks",
  bans: "Bans",
  skipped: "No ban",
  blueSide: "Blue side",
  redSide: "Red side",
  won: "Won",
  game: (n) => `Game ${n}`,
  bestOf: (n) => `Best of ${n}`,
  notPlayed: "Not played yet",
  inProgress: "In progress",
  footer: "Draftroom",
};

const es: CardLabels = {
  phase: { 1: "Fase de bans 1", 2: "Fase de picks 1", 3: "Fase de bans 2", 4: "Fase de picks 2" },
  complete: "Draft final",
  picks: "Picks",
  bans: "Bans",
  skipped: "Sin ban",
  blueSide: "Lado azul",
  redSide: "Lado rojo",
  won: "Ganó",
  game: (n) => `Partida ${n}`,
  bestOf: (n) => `Al mejor de ${n}`,
  notPlayed: "Sin jugar",
  inProgress: "En curso",
  footer: "Draftroom",
};

const LABELS: Readonly<Record<Language, CardLabels>> = { en, es };

export function cardLabels(language: Language): CardLabels {
  return LABELS[language];
}

/** "24 Nov 2026" / "24 nov 2026", in UTC so every process prints the same day. */
export function cardDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(date)
    .replace(/\./g, "");
}
