import { type Language, type ScrimKind, untitledScrimName } from "@draftroom/contracts";

/** How a post names a scrim: the staff's title, or none (then by its kind and opponent). */
export interface ScrimName {
  readonly kind: ScrimKind;
  readonly title: string | null;
  readonly opponent: string;
}

/**
 * The words of a workspace's Discord posts, in each language of the app: a channel's posts are
 * written in the language its owners chose on the integrations page. The web app's locale files
 * hold the same terms (integrations.json, scrims.json); the server writes posts without them.
 * Names a member wrote (titles, teams) are never translated.
 */
export interface DiscordWords {
  /** Intl locale of the posts' dates ("Sat 30 Nov, 18:00"). */
  readonly locale: string;
  readonly testTitle: string;
  readonly testDescription: (workspace: string) => string;
  readonly testListTitle: string;
  readonly roomOpened: (title: string) => string;
  readonly ourLinks: string;
  readonly takeYourSeat: string;
  readonly ourCaptain: string;
  readonly ourPlayers: string;
  readonly draftFinished: (title: string) => string;
  /** A side's picks, under its team's name when the draft named one. */
  readonly picksOf: (team: string | null, side: "BLUE" | "RED") => string;
  readonly bansOf: (side: "BLUE" | "RED") => string;
  readonly plan: Readonly<Record<"created" | "imported" | "changed" | "deleted", string>>;
  readonly by: (name: string) => string;
  /** A scrim or official match confirmed: its title, or (untitled) `untitledScrimName`. */
  readonly scrimConfirmed: (scrim: ScrimName) => string;
  readonly startingSoon: (title: string) => string;
  /** A scrim's room in its reminder: one game's, or the one room all its games are drafted in. */
  readonly gameRoom: (game: number | null) => string;
  readonly gameResult: (title: string, game: number, won: boolean) => string;
  readonly resultListTitle: (game: number) => string;
  /** A tournament code's game not filed: under its scrim's name, or (the scrim gone) none. */
  readonly tournamentGame: (scrim: string | null, game: number, outcome: string) => string;
  readonly outcome: Readonly<Record<"won" | "lost" | "noWinner" | "blueWon" | "redWon", string>>;
  readonly filed: Readonly<Record<"kept" | "side_unknown" | "missing", string>>;
  readonly fromRiot: (filed: string, matchId: string, minutes: number, patch: string) => string;
}

const en: DiscordWords = {
  locale: "en-GB",
  testTitle: "Draftroom is connected",
  testDescription: (workspace) =>
    `This channel will get the events ${workspace} chose on its integrations page.`,
  testListTitle: "Test message",
  roomOpened: (title) => `Draft room open: ${title}`,
  ourLinks: "Our team's links (keep them in this channel):",
  takeYourSeat: "Open the room in Draftroom to take your seat.",
  ourCaptain: "Our captain",
  ourPlayers: "Our team (players)",
  draftFinished: (title) => `Draft finished: ${title}`,
  picksOf: (team, side) =>
    team === null
      ? `${side === "BLUE" ? "Blue" : "Red"} picks`
      : `${team} (${side === "BLUE" ? "blue" : "red"}) picks`,
  bansOf: (side) => (side === "BLUE" ? "Blue bans" : "Red bans"),
  plan: { created: "New plan", imported: "Plan imported", changed: "Plan changed", deleted: "Plan deleted" },
  by: (name) => `by ${name}`,
  scrimConfirmed: ({ kind, title, opponent }) =>
    title === null
      ? `${untitledScrimName(kind, opponent, "en")} confirmed`
      : `${kind === "official" ? "Official match" : "Scrim"} confirmed: ${title}`,
  startingSoon: (title) => `Starting soon: ${title}`,
  gameRoom: (game) => (game === null ? "Draft room" : `Game ${game} room`),
  gameResult: (title, game, won) => `${title}, game ${game}: ${won ? "we won" : "we lost"}`,
  resultListTitle: (game) => `Game ${game} result`,
  tournamentGame: (scrim, game, outcome) =>
    scrim === null ? `Game ${game}: ${outcome}` : `${scrim}, game ${game}: ${outcome}`,
  outcome: {
    won: "we won",
    lost: "we lost",
    noWinner: "no winner",
    blueWon: "blue side won",
    redWon: "red side won",
  },
  filed: {
    kept: "The ledger already had a result for this game: it was kept, check the difference",
    side_unknown: "Not filed: no checked Riot ID of the roster played it, enter the result by hand",
    missing: "Kept with the tournament code (the scrim is gone)",
  },
  fromRiot: (filed, matchId, minutes, patch) =>
    `${filed}, from Riot's match data (${matchId}), ${minutes} min, patch ${patch}.`,
};

const es: DiscordWords = {
  locale: "es-ES",
  testTitle: "Draftroom está conectado",
  testDescription: (workspace) =>
    `Este canal recibirá los eventos que ${workspace} eligió en su página de integraciones.`,
  testListTitle: "Mensaje de prueba",
  roomOpened: (title) => `Sala de draft abierta: ${title}`,
  ourLinks: "Los enlaces de nuestro equipo (guárdalos en este canal):",
  takeYourSeat: "Abre la sala en Draftroom para ocupar tu puesto.",
  ourCaptain: "Nuestro capitán",
  ourPlayers: "Nuestro equipo (jugadores)",
  draftFinished: (title) => `Draft terminado: ${title}`,
  picksOf: (team, side) =>
    team === null
      ? `Picks del lado ${side === "BLUE" ? "azul" : "rojo"}`
      : `Picks de ${team} (${side === "BLUE" ? "azul" : "rojo"})`,
  bansOf: (side) => (side === "BLUE" ? "Bans del lado azul" : "Bans del lado rojo"),
  plan: {
    created: "Nuevo plan",
    imported: "Plan importado",
    changed: "Plan modificado",
    deleted: "Plan eliminado",
  },
  by: (name) => `por ${name}`,
  scrimConfirmed: ({ kind, title, opponent }) =>
    title === null
      ? `${untitledScrimName(kind, opponent, "es")} confirmado`
      : `${kind === "official" ? "Partido oficial confirmado" : "Scrim confirmado"}: ${title}`,
  startingSoon: (title) => `Empieza pronto: ${title}`,
  gameRoom: (game) => (game === null ? "Sala de draft" : `Sala de la partida ${game}`),
  gameResult: (title, game, won) => `${title}, partida ${game}: ${won ? "ganamos" : "perdimos"}`,
  resultListTitle: (game) => `Resultado de la partida ${game}`,
  tournamentGame: (scrim, game, outcome) =>
    scrim === null ? `Partida ${game}: ${outcome}` : `${scrim}, partida ${game}: ${outcome}`,
  outcome: {
    won: "ganamos",
    lost: "perdimos",
    noWinner: "sin ganador",
    blueWon: "ganó el lado azul",
    redWon: "ganó el lado rojo",
  },
  filed: {
    kept: "El registro ya tenía un resultado para esta partida: se ha mantenido, revisa la diferencia",
    side_unknown:
      "Sin registrar: ningún Riot ID comprobado de la plantilla la jugó, introduce el resultado a mano",
    missing: "Guardado con el código de torneo (el scrim ya no existe)",
  },
  fromRiot: (filed, matchId, minutes, patch) =>
    `${filed}, según los datos de partida de Riot (${matchId}), ${minutes} min, parche ${patch}.`,
};

const WORDS: Readonly<Record<Language, DiscordWords>> = { en, es };

export function discordWords(language: Language): DiscordWords {
  return WORDS[language];
}
