import type { RoomSnapshot } from "@draftroom/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReadyCheck } from "./ReadyCheck.tsx";
import type { RoomPresence } from "./room-state.ts";

// Only what the lobby reads of a room: its sides and who said ready.
const snapshot = { sides: { A: "BLUE", B: "RED" }, ready: { A: false, B: true } } as unknown as RoomSnapshot;
const presence = {
  spectators: 0,
  seats: [{ role: "captain", team: "A", connected: true }],
} as unknown as RoomPresence;

function show(modelledSide: "BLUE" | "RED" | null) {
  render(
    <ReadyCheck
      snapshot={snapshot}
      names={{ BLUE: "Los Heretics", RED: "Weibo Gaming" }}
      presence={presence}
      modelledSide={modelledSide}
      myTeam="A"
      mayStart={false}
      busy={false}
      onReady={() => {}}
      onStart={() => {}}
    />,
  );
}

describe("ReadyCheck", () => {
  it("says a practice's modelled team is played by the model, not that its captain is away", () => {
    show("RED");
    expect(screen.getByText("Waiting · connected")).toBeVisible();
    expect(screen.getByText("Ready · played by the model")).toBeVisible();
    expect(screen.queryByText(/not connected/)).toBeNull();
  });

  it("says a live room's absent captain is not connected", () => {
    show(null);
    expect(screen.getByText("Ready · not connected")).toBeVisible();
  });
});
