import "@/lib/i18n.ts";
import { type Champion, type DraftPlanLive, draftPlanContentSchema } from "@draftroom/contracts";
import { DRAFT_SEQUENCE, fromActions } from "@draftroom/draft";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi } from "@/test/workspace-fixtures.ts";
import { PlanFollowPanel } from "./PlanFollowPanel.tsx";

const SESSION = "3f1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const PLAN = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

// A complete draft: champions 1..20 in order.
const complete = fromActions(
  DRAFT_SEQUENCE.map((step, index) => ({
    phase_number: index,
    action_type: step.type,
    team_side: step.side,
    champion_id: index + 1,
  })),
);
const champions = new Map<number, Champion>(
  Array.from({ length: 20 }, (_, i) => [
    i + 1,
    {
      id: i + 1,
      name: `Champ${i + 1}`,
      champion_key: "",
      role: "Fighter",
      tags: [],
      icon_url: "",
      splash_url: "",
    },
  ]),
);

// What a live room's blue team followed, as the session's board now reads it (scope "room").
const followed: DraftPlanLive = {
  scope: "room",
  session_id: SESSION,
  room_id: "9b1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  team: "A",
  side: "BLUE",
  plan: {
    id: PLAN,
    name: "vs Rivals",
    version: 2,
    content: draftPlanContentSchema.parse({ name: "vs Rivals" }),
  },
  selected_at: "2026-11-29T10:00:00.000Z",
  review: {
    version: 1,
    our_side: "BLUE",
    taken: [],
    final_path: [],
    off_plan: null,
    no_answer_steps: [],
    at_off_plan: null,
    final_win: { ours: 0.46, low: 0.17, high: 0.78, games: 17 },
    steps: 20,
  },
  branches: [],
};

function show(mayChange: boolean, selection: DraftPlanLive | null = followed) {
  const requests = stubApi([
    [/^GET \/api\/draft-plans\/live\/sessions\/[^/]+\/$/, { selection }],
    [/^GET \/api\/workspaces\/$/, []],
    [/^GET \/api\/draft-plans\//, { results: [] }],
    [/^GET \/api\/drafts\/champions\/positions\/$/, { positions: {} }],
  ]);
  renderInApp(
    <PlanFollowPanel
      target={{ kind: "session", sessionId: SESSION }}
      state={complete}
      championsById={champions}
      mayChange={mayChange}
    />,
  );
  return requests;
}

describe("the plan a session followed, after the draft", () => {
  beforeEach(signInForTest);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a reader the plan its room followed and plan vs actual, with nothing to pick or save", async () => {
    const requests = show(false);
    const review = await screen.findByTestId("plan-review");
    expect(screen.getByTestId("plan-follow")).toHaveTextContent("vs Rivals · Blue side");
    expect(screen.queryByRole("combobox", { name: "Follow a plan" })).toBeNull();
    // The win estimate is a sentence with a plain confidence word; the range is there on request.
    const win = within(review).getByText(/Our win chance with this draft/);
    expect(win).toHaveTextContent(
      "Our win chance with this draft: about 46%, little more than a guess (17 games).",
    );
    expect(win).toHaveAttribute("title", "Likely between 17% and 78%");
    expect(review.textContent).not.toMatch(/\(17%–78%/);
    expect(requests.filter((request) => request.startsWith("POST") || request.startsWith("PUT"))).toEqual([]);
  });

  it("lets a member who may edit choose the plan, and shows a reader nothing when none was followed", async () => {
    show(true);
    expect(await screen.findByRole("combobox", { name: "Follow a plan" })).toBeVisible();
    cleanup();
    show(false, null);
    expect(screen.queryByTestId("plan-follow")).toBeNull();
  });
});
