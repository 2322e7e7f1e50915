import type { RoomLink } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { linksMessage } from "./links-message.ts";

const link = (n: number, kind: RoomLink["kind"], path: string | null, role: RoomLink["role"] = "captain") =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    kind,
    role,
    team: null,
    token: null,
    path,
    delay_seconds: 0,
    revoked_at: null,
  }) as unknown as RoomLink;

describe("linksMessage", () => {
  it("lists captains, then spectators, then team links, under the title, without the organiser's link", () => {
    const text = linksMessage(
      "Scrim night",
      [
        link(5, "red_team", "/app/room/r#e", "member"),
        link(3, "spectator", "/app/room/r#c", "spectator"),
        link(9, "spectator", "/app/room/r#org", "organiser"),
        link(2, "red_captain", "/app/room/r#b"),
        link(1, "blue_captain", "/app/room/r#a"),
        link(4, "blue_team", null, "member"),
      ],
      "https://draft.example",
      (kind) => kind.toUpperCase(),
    );
    expect(text.split("\n")).toEqual([
      "Scrim night",
      "BLUE_CAPTAIN: https://draft.example/app/room/r#a",
      "RED_CAPTAIN: https://draft.example/app/room/r#b",
      "SPECTATOR: https://draft.example/app/room/r#c",
      "RED_TEAM: https://draft.example/app/room/r#e",
    ]);
  });
});
