import "@/lib/i18n.ts";
import type { ActivityEntry, ActivityPage } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID } from "@/test/workspace-fixtures.ts";
import { ActivityFeed } from "./ActivityFeed.tsx";

const SESSION = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";
const PLAN = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const GONE = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const ZEUS = "6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d";

let id = 0;
const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
  id: `00000000-0000-4000-8000-${String(++id).padStart(12, "0")}`,
  verb: "locked",
  item_type: "session",
  item_id: SESSION,
  item_title: "Scrim vs G2 (final)",
  actor: null,
  count: 1,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  item_available: true,
  ...patch,
});

const page: ActivityPage = {
  next_before: null,
  results: [
    entry({ seat: { kind: "captain", side: "RED", team_name: "G2" }, count: 3 }),
    entry({
      actor: { id: 4, username: "ana", name: "Ana Pérez" },
      seat: { kind: "captain", side: "BLUE", team_name: null },
      count: 2,
    }),
    entry({ seat: { kind: "clock", side: "BLUE", team_name: "T1 Academy" } }),
    entry({
      verb: "changed",
      item_type: "plan",
      item_id: PLAN,
      item_title: "Plan B",
      actor: { id: 4, username: "ana", name: "Ana Pérez" },
    }),
    entry({
      verb: "changed",
      item_type: "pool",
      item_id: ZEUS,
      item_title: "Faker",
      actor: { id: 5, username: "kim", name: null },
    }),
    entry({
      verb: "joined",
      item_type: "workspace",
      item_id: WORKSPACE_ID,
      item_title: "T1 Academy",
      actor: { id: 6, username: "lee", name: null },
    }),
    entry({
      verb: "created",
      item_id: GONE,
      item_title: "Old draft",
      item_available: false,
      actor: { id: 4, username: "ana", name: "Ana Pérez" },
    }),
  ],
};

function renderFeed() {
  stubApi([[/^GET \/api\/workspaces\/[^/]+\/activity\//, page]]);
  renderInApp(<ActivityFeed workspaceId={WORKSPACE_ID} />);
}

const rows = async () => within(await screen.findByTestId("activity-feed")).getAllByRole("listitem");

describe("the activity feed tells the truth", () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("credits room locks to the seat and team that made them, never to someone else", async () => {
    renderFeed();
    const [red, blue, clock] = await rows();
    expect(red).toHaveTextContent(/^G2 captain \(link\)locked picks in draftScrim vs G2 \(final\)×3/);
    expect(blue).toHaveTextContent(/^Ana Pérez \(@ana\), Blue captainlocked picks in draft/);
    expect(clock).toHaveTextContent(/^T1 Academy's timerlocked picks in draft/);
  });

  it("links each entry to its item under the item's current name, and the pool to its player", async () => {
    renderFeed();
    const [session, , , plan, pool, joined, gone] = await rows();
    expect(within(session!).getByRole("link", { name: "Scrim vs G2 (final)" })).toHaveAttribute(
      "href",
      `/app/draft/${SESSION}`,
    );
    expect(within(plan!).getByRole("link", { name: "Plan B" })).toHaveAttribute(
      "href",
      `/app/draft-plans/${PLAN}`,
    );
    expect(pool).toHaveTextContent(/^@kimchanged the champion pool ofFaker/);
    expect(within(pool!).getByRole("link", { name: "Faker" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/pools?player=${ZEUS}`,
    );
    expect(joined).toHaveTextContent(/^@leejoined the workspace/);
    expect(within(joined!).queryByRole("link")).toBeNull();
    // An item no longer here is named, not linked.
    expect(within(gone!).queryByRole("link")).toBeNull();
    expect(gone).toHaveTextContent("Old draft (no longer here)");
  });

  it("says the same in Spanish", async () => {
    await i18n.changeLanguage("es");
    renderFeed();
    const [red, , , , pool, joined] = await rows();
    expect(red).toHaveTextContent(/^Capitán de G2 \(enlace\)fijó picks en el draft/);
    expect(pool).toHaveTextContent(/^@kimmodificó el pool de campeones deFaker/);
    expect(joined).toHaveTextContent(/^@leese unió al espacio/);
  });
});
