import { describe, expect, it } from "vitest";
import { emptyValues, fromServerFields, newPlayer, validate } from "./form.ts";

describe("review form validation", () => {
  it("requires every field with the spec's messages", async () => {
    expect(await validate(emptyValues())).toEqual({
      league_id: "leagueRequired",
      season: "seasonRequired",
      team_id: "teamRequired",
      title: "titleRequired",
      description: "descriptionRequired",
      review_text: "reviewTextRequired",
    });
  });

  it("accepts a complete review and checks player names", async () => {
    const values = {
      ...emptyValues(),
      league_id: 1,
      team_id: 2,
      season: "2026 Spring",
      title: "Jungle swap",
      description: "Summary",
      review_text: "Details",
    };
    expect(await validate(values)).toEqual({});
    expect(await validate({ ...values, players: [newPlayer()] })).toEqual({
      "players.0.name": "nameRequired",
    });
    expect(await validate({ ...values, title: "   " })).toEqual({ title: "titleRequired" });
  });

  it("maps English server messages back to keys", () => {
    expect(fromServerFields({ title: "Title is required", season: "Something else" })).toEqual({
      title: "titleRequired",
      season: "Something else",
    });
  });
});
