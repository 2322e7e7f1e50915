import { describe, expect, it } from "vitest";
import { seriesRoomSides, seriesRoomStage } from "./series-room.ts";

describe("seriesRoomSides", () => {
  it("puts team A on blue when A is the blue team, and on red otherwise", () => {
    expect(seriesRoomSides("A")).toEqual({ A: "BLUE", B: "RED" });
    expect(seriesRoomSides("B")).toEqual({ A: "RED", B: "BLUE" });
  });
});

describe("seriesRoomStage", () => {
  it("is drafting until the draft ends, whatever the series says", () => {
    expect(seriesRoomStage({ draftComplete: false, gameWinner: null, next: "waiting" })).toBe("drafting");
    expect(seriesRoomStage({ draftComplete: false, gameWinner: "A", next: "ready" })).toBe("drafting");
  });

  it("waits for the result of a finished draft", () => {
    expect(seriesRoomStage({ draftComplete: true, gameWinner: null, next: "waiting" })).toBe(
      "awaiting_result",
    );
  });

  it("offers the next game once the result is in, and ends with the series", () => {
    expect(seriesRoomStage({ draftComplete: true, gameWinner: "B", next: "ready" })).toBe("next_ready");
    expect(seriesRoomStage({ draftComplete: true, gameWinner: "A", next: "complete" })).toBe("series_over");
  });
});
