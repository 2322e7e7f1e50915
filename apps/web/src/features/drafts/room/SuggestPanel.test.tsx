import type { Champion } from "@draftroom/contracts";
import { buildFormat } from "@draftroom/draft";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { SuggestPanel } from "./SuggestPanel.tsx";

const ahri = { id: 103, name: "Ahri", icon_url: "", tags: [] } as unknown as Champion;

describe("SuggestPanel", () => {
  afterEach(cleanup);

  it("says which turn of the room's own format it is", async () => {
    await i18n.loadNamespaces("drafts");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { headers: { "content-type": "application/json" } })),
    );
    // Two bans a team switched off: 16 turns; the fifth is blue's first pick.
    const format = buildFormat({ order: "tournament", disabled_slots: [4, 5, 14, 15], first_pick: "BLUE" });
    const step = format.steps[4];
    if (!step) throw new Error("no fifth step");
    renderInApp(
      <SuggestPanel
        step={step}
        champions={[ahri]}
        used={new Set()}
        usage={new Map()}
        captainHover={null}
        totalSteps={format.steps.length}
        suggested={null}
        send={async () => undefined}
      />,
    );
    expect(screen.getByText("Step 5 of 16")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Suggest a pick to your captain" })).toBeVisible();
    vi.unstubAllGlobals();
  });
});
