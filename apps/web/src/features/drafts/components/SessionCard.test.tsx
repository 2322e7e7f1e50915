import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n.ts";
import { draftSession } from "@/test/session-fixtures.ts";
import { SessionCard } from "./SessionCard.tsx";

function show(session: ReturnType<typeof draftSession>) {
  render(
    <MemoryRouter>
      <SessionCard session={session} onShare={() => undefined} />
    </MemoryRouter>,
  );
}

describe("SessionCard's progress", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("en");
  });

  it("counts the steps of the session's own format", async () => {
    await i18n.loadNamespaces("drafts");
    show(draftSession({ current_phase: 2, current_step: 8 }));
    expect(screen.getByText("8 of 20 steps")).toBeVisible();
    expect(screen.getByRole("progressbar", { name: "8 of 20 steps" })).toHaveAttribute("aria-valuenow", "40");
    cleanup();

    // Two bans a team switched off: 16 turns, so step 8 is half the draft.
    show(
      draftSession({
        current_phase: 2,
        current_step: 8,
        format: { order: "tournament", disabled_slots: [4, 5, 14, 15], first_pick: "BLUE" },
      }),
    );
    expect(screen.getByText("8 of 16 steps")).toBeVisible();
    expect(screen.getByRole("progressbar", { name: "8 of 16 steps" })).toHaveAttribute("aria-valuenow", "50");

    await i18n.changeLanguage("es");
    await i18n.loadNamespaces("drafts");
    expect(await screen.findByText("8 de 16 pasos")).toBeVisible();
  });
});
