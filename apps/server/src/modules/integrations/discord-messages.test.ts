import { describe, expect, it } from "vitest";
import type { DiscordMessage } from "./discord-client.ts";
import {
  draftFinishedMessage,
  scrimConfirmedMessage,
  scrimResultMessage,
  scrimRoomFields,
  scrimStartingMessage,
  scrimTitle,
  tournamentGameMessage,
} from "./discord-messages.ts";
import { discordSettingsOf } from "./discord-settings.ts";

describe("a channel's settings", () => {
  it("reads a connection made before posts had a language as English, and drops unknown events", () => {
    expect(discordSettingsOf(JSON.stringify({ events: ["room_opened", "nope"] }))).toEqual({
      events: ["room_opened"],
      language: "en",
    });
    expect(discordSettingsOf({ events: ["scrim_result", "room_opened"], language: "es" })).toEqual({
      events: ["room_opened", "scrim_result"],
      language: "es",
    });
    expect(discordSettingsOf({ language: "fr" })).toEqual({ events: [], language: "en" });
    expect(discordSettingsOf(null)).toEqual({ events: [], language: "en" });
  });
});

describe("the posts in the channel's language", () => {
  const scrim = {
    name: { kind: "scrim" as const, title: "Bloque vs KC", opponent: "Karmine Corp" },
    startsAt: "2026-12-05T17:00:00.000Z",
    timeZone: "Europe/Madrid",
    url: "https://draftroom.example/app/scrims/1",
  };

  it("dates a scrim in the channel's language and the scrim's zone", () => {
    const [es] = scrimStartingMessage(scrim, "es").embeds!;
    const [en] = scrimStartingMessage(scrim, "en").embeds!;
    expect(es!.title).toBe("Empieza pronto: Bloque vs KC");
    // Saturday 5 December, 18:00 in Madrid.
    expect(es!.description).toMatch(/^sáb.* 5 dic.*18:00 \(Europe\/Madrid\), <t:\d+:R>$/);
    expect(en!.description).toMatch(/^Sat 5 Dec.*18:00 \(Europe\/Madrid\), <t:\d+:R>$/);
  });

  it("names an official match as one, and a scrim without a title by its opponent, in the channel's language", () => {
    const titleOf = (message: DiscordMessage) => message.embeds![0]!.title;
    const official = {
      ...scrim,
      name: { kind: "official" as const, title: "LEC week 1", opponent: "G2 Esports" },
    };
    expect(titleOf(scrimConfirmedMessage(official, "en"))).toBe("Official match confirmed: LEC week 1");
    expect(titleOf(scrimConfirmedMessage(official, "es"))).toBe("Partido oficial confirmado: LEC week 1");
    expect(titleOf(scrimConfirmedMessage(scrim, "en"))).toBe("Scrim confirmed: Bloque vs KC");
    const untitled = { ...scrim, name: { kind: "scrim" as const, title: null, opponent: "Karmine Corp" } };
    expect(titleOf(scrimConfirmedMessage(untitled, "en"))).toBe("Scrim vs Karmine Corp confirmed");
    expect(titleOf(scrimConfirmedMessage(untitled, "es"))).toBe("Scrim contra Karmine Corp confirmado");
    expect(titleOf(scrimStartingMessage(untitled, "es"))).toBe("Empieza pronto: Scrim contra Karmine Corp");
    const untitledOfficial = { ...untitled, name: { ...untitled.name, kind: "official" as const } };
    expect(titleOf(scrimConfirmedMessage(untitledOfficial, "es"))).toBe(
      "Partido oficial contra Karmine Corp confirmado",
    );
    const result = { name: untitledOfficial.name, game: 2, winner: "us" as const, url: scrim.url };
    expect(titleOf(scrimResultMessage(result, "en"))).toBe("Official match vs Karmine Corp, game 2: we won");
    expect(scrimTitle(untitledOfficial.name, "es")).toBe("Partido oficial contra Karmine Corp");
  });

  it("gives the reminder each game's room, or the one room a series drafts every game in", () => {
    const room = (id: string) => `https://draftroom.example/app/room/${id}`;
    const fields = (rooms: { game: number; url: string }[], language: "en" | "es") =>
      scrimRoomFields(rooms, language);
    expect(
      fields(
        [
          { game: 1, url: room("a") },
          { game: 2, url: room("b") },
        ],
        "es",
      ),
    ).toEqual([
      { name: "Sala de la partida 1", value: room("a") },
      { name: "Sala de la partida 2", value: room("b") },
    ]);
    expect(
      fields(
        [
          { game: 1, url: room("s") },
          { game: 2, url: room("s") },
        ],
        "en",
      ),
    ).toEqual([{ name: "Draft room", value: room("s") }]);
    expect(fields([], "en")).toEqual([]);
  });

  it("names a draft's unnamed sides in the channel's language and never translates a team's name", () => {
    const post = {
      title: "Scrim",
      url: "https://draftroom.example/drafts/1",
      teams: { BLUE: "Los Heretics", RED: null },
      actions: [],
    };
    const names = (language: "en" | "es") =>
      draftFinishedMessage(post, language).embeds![0]!.fields!.map((field) => field.name);
    expect(names("es")).toEqual([
      "Picks de Los Heretics (azul)",
      "Picks del lado rojo",
      "\u200b",
      "Bans del lado azul",
      "Bans del lado rojo",
    ]);
    expect(names("en").slice(0, 2)).toEqual(["Los Heretics (blue) picks", "Red picks"]);
  });

  it("says why a tournament game was not filed, under its scrim's name, escaping what Riot sent", () => {
    const post = {
      name: { kind: "official", title: null, opponent: "Team_Vitality" },
      game: 2,
      outcome: "blueWon",
      filing: "side_unknown",
      matchId: "EUW1_1",
      minutes: 31,
      patch: "15.1",
    } as const;
    expect(tournamentGameMessage(post, "en").embeds![0]!.title).toBe(
      "Official match vs Team\\_Vitality, game 2: blue side won",
    );
    expect(tournamentGameMessage({ ...post, name: null }, "en").embeds![0]!.title).toBe(
      "Game 2: blue side won",
    );
    const message = tournamentGameMessage(post, "es");
    expect(message.embeds![0]).toMatchObject({
      title: "Partido oficial contra Team\\_Vitality, partida 2: ganó el lado azul",
      description:
        "Sin registrar: ningún Riot ID comprobado de la plantilla la jugó, introduce el resultado a mano, según los datos de partida de Riot (EUW1\\_1), 31 min, parche 15.1.",
    });
  });
});
