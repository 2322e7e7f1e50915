import "@/lib/i18n.ts";
import {
  DEFAULT_DRAFT_SETTINGS,
  type DraftAction,
  type DraftSession,
  type Workspace,
} from "@draftroom/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "@/components/ui/toast-store.ts";
import { queryClient } from "@/lib/query-client.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { draftSession, SESSION_ID } from "@/test/session-fixtures.ts";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { draftKeys } from "./api/drafts.ts";
import DraftSessionPage from "./DraftSessionPage.tsx";
import sessionBoardAhead from "./session-board.ahead.ts";

const session = (patch: Partial<DraftSession> = {}): DraftSession =>
  draftSession({ settings: { ...DEFAULT_DRAFT_SETTINGS, timed: false }, ...patch });

const champions = Array.from({ length: 24 }, (_, index) => ({
  id: index + 1,
  name: `Champion ${index + 1}`,
  champion_key: `C${index + 1}`,
  role: "Mage" as const,
  tags: ["Mage"],
  icon_url: "",
  splash_url: "",
}));

/** A full draft's actions in the tournament order (blue and red take turns as the format says). */
function fullDraft(): DraftAction[] {
  const sides = "BRBRBRBRRBBRRBRBRBBR";
  const types = "BBBBBBPPPPPPBBBBPPPP";
  return [...sides].map((side, step) => ({
    id: step + 1,
    champion: null,
    champion_id: step + 1,
    phase_number: step,
    action_type: types[step] === "B" ? "BAN" : "PICK",
    team_side: side === "B" ? "BLUE" : "RED",
    is_auto: false,
    created_at: "2026-11-20T10:00:00.000Z",
  }));
}

/** The server of one draft, as its board reads it; returns every request made. */
function stubBoard(
  workspace: Workspace | null,
  draft: DraftSession,
  actions: DraftAction[] = [],
  more: Parameters<typeof stubApi>[0] = [],
) {
  return stubApi([
    ...more,
    [/^GET \/api\/drafts\/sessions\/[^/]+\/$/, draft],
    [/^GET \/api\/drafts\/sessions\/[^/]+\/actions\/$/, actions],
    [/^GET \/api\/drafts\/champions\/$/, champions],
    [/^GET \/api\/drafts\/champions\/positions\/$/, { positions: {} }],
    [
      /^GET \/api\/items\/session\/[^/]+\/context\/$/,
      { workspace_id: workspace?.id ?? null, last_edited: null },
    ],
    [/^GET \/api\/workspaces\/$/, workspace ? [workspace] : []],
    [/^GET \/api\/rooms\/sessions\/[^/]+\/$/, { room: null }],
    [/^GET \/api\/comments\//, { workspace_id: WORKSPACE_ID, results: [] }],
    [/^GET \/api\/scrims\/of-draft\/[^/]+\/$/, { game: null }],
  ]);
}

function renderBoard(client: QueryClient) {
  renderInApp(<DraftSessionPage />, {
    at: `/app/draft/${SESSION_ID}`,
    route: "/app/draft/:sessionId",
    client,
  });
}

function renderPage(workspace: Workspace | null, draft: DraftSession, actions: DraftAction[] = []) {
  const requests = stubBoard(workspace, draft, actions);
  renderBoard(testQueryClient());
  return requests;
}

describe("the session board offers only what the member may do", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("gives a viewer the board and the suggestions to read, says why, and no Edit, Live room or lock", async () => {
    renderPage(workspaceAs("viewer"), session());
    expect(await screen.findByText("Viewers can read drafts but not change them.")).toBeVisible();
    expect(await screen.findByTestId("read-only-turn")).toHaveTextContent("T1 Academy is banning");
    // Suggestions are reading too (a player's comfort picks show there).
    expect(await screen.findByRole("heading", { name: /^Suggested/ })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Live room" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Ban Champion/ })).toBeNull();
  });

  it("gives a coach Edit, Live room and the pick panel, with nothing to explain", async () => {
    renderPage(workspaceAs("coach"), session());
    expect(await screen.findByRole("button", { name: "Edit" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Live room" })).toBeVisible();
    expect(await screen.findByRole("button", { name: /Ban Champion/ })).toBeInTheDocument();
    expect(screen.queryByTestId("access-note")).toBeNull();
    expect(screen.queryByTestId("read-only-turn")).toBeNull();
  });

  it("tells a coach of a read-only workspace why nothing can change", async () => {
    renderPage(workspaceAs("coach", { readOnly: true }), session());
    expect((await screen.findAllByTestId("access-note"))[0]).toHaveTextContent(
      /^This workspace is read-only:/,
    );
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("shows a viewer a finished draft's result without 'Who won?' or Start New Draft", async () => {
    renderPage(
      workspaceAs("viewer"),
      session({ status: "complete", current_step: 20, current_phase: 4, winner: "RED" }),
      fullDraft(),
    );
    expect(await screen.findByTestId("draft-result")).toHaveTextContent("G2 won");
    expect(screen.queryByText("Who won?")).toBeNull();
    expect(screen.queryByRole("button", { name: "Start New Draft" })).toBeNull();
    expect(screen.getByText("Viewers can read drafts but not change them.")).toBeVisible();
  });

  it("asks a coach who won and offers Start New Draft", async () => {
    renderPage(
      workspaceAs("coach"),
      session({ status: "complete", current_step: 20, current_phase: 4 }),
      fullDraft(),
    );
    expect(await screen.findByText("Who won?")).toBeVisible();
    expect(screen.getByRole("button", { name: /G2 won/ })).toBeVisible();
    expect(screen.getByRole("button", { name: "Start New Draft" })).toBeVisible();
  });

  it("says why a result was not saved: a scrim game's result is kept on the scrim's page", async () => {
    toastStore.set([]);
    stubBoard(
      workspaceAs("coach"),
      session({ status: "complete", current_step: 20, current_phase: 4, winner: "BLUE" }),
      fullDraft(),
      [
        [
          /^PATCH \/api\/drafts\/sessions\/[^/]+\/$/,
          () =>
            Response.json(
              { detail: "This draft is a scrim game.", code: "scrim_result_kept" },
              { status: 409 },
            ),
        ],
      ],
    );
    renderBoard(testQueryClient());
    await act(async () => (await screen.findByRole("button", { name: "Clear result" })).click());
    await vi.waitFor(() =>
      expect(toastStore.get().find((toast) => toast.type === "error")).toMatchObject({
        title: "Failed to save the result",
        message:
          "This draft is a scrim game: its result is kept on the scrim's page. Correct or clear it there",
      }),
    );
  });

  it("links a scrim game's draft to its scrim, and leaves clearing a kept result to the scrim's page", async () => {
    const scrimGame = (resultKept: boolean, kind: "scrim" | "official" = "scrim") => ({
      game: {
        scrim_id: "5b0c7c4e-2f7e-4d8a-9a51-0c1d2e3f4a5b",
        workspace_id: WORKSPACE_ID,
        title: "Scrim vs Team Liquid Academy",
        untitled: true,
        kind,
        opponent_name: "Team Liquid Academy",
        game_id: "6c1d8d5f-3a8f-4e9b-8b62-1d2e3f4a5b6c",
        number: 2,
        result_kept: resultKept,
      },
    });
    const scrimPage = `/app/workspaces/${WORKSPACE_ID}/scrims/5b0c7c4e-2f7e-4d8a-9a51-0c1d2e3f4a5b`;
    const finished = session({ status: "complete", current_step: 20, current_phase: 4, winner: "BLUE" });
    stubBoard(workspaceAs("coach"), finished, fullDraft(), [
      [/^GET \/api\/scrims\/of-draft\/[^/]+\/$/, scrimGame(true)],
    ]);
    renderBoard(testQueryClient());
    expect(await screen.findByRole("link", { name: "Scrim game 2" })).toHaveAttribute("href", scrimPage);
    expect(
      screen.getByText(
        "This draft is game 2 of a scrim: the winner you choose is its result in the scrim ledger.",
      ),
    ).toBeVisible();
    expect(screen.getByTestId("scrim-result-kept")).toHaveTextContent(
      "The scrim ledger keeps this result: correct it here, or clear it on the scrim's page.",
    );
    expect(screen.getByRole("link", { name: "Open the scrim" })).toHaveAttribute("href", scrimPage);
    expect(screen.queryByRole("button", { name: "Clear result" })).toBeNull();
    // Choosing the other side is still offered: it corrects the ledger's result.
    expect(screen.getByRole("button", { name: /G2 won/ })).toBeEnabled();
    cleanup();

    // No result in the ledger yet (a winner from before the game had a side): clearing is the draft's.
    stubBoard(workspaceAs("coach"), finished, fullDraft(), [
      [/^GET \/api\/scrims\/of-draft\/[^/]+\/$/, scrimGame(false)],
    ]);
    renderBoard(testQueryClient());
    expect(await screen.findByRole("link", { name: "Scrim game 2" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Clear result" })).toBeVisible();
    expect(screen.queryByTestId("scrim-result-kept")).toBeNull();
    cleanup();

    // An official match's game is named as one, and so is the page that keeps its result.
    stubBoard(workspaceAs("coach"), finished, fullDraft(), [
      [/^GET \/api\/scrims\/of-draft\/[^/]+\/$/, scrimGame(true, "official")],
    ]);
    renderBoard(testQueryClient());
    expect(await screen.findByRole("link", { name: "Official match game 2" })).toHaveAttribute(
      "href",
      scrimPage,
    );
    expect(
      screen.getByText(
        "This draft is game 2 of an official match: the winner you choose is its result in the scrim ledger.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Open the match" })).toHaveAttribute("href", scrimPage);
  });

  it("asks a personal draft nothing of scrims", async () => {
    const requests = renderPage(
      null,
      session({ status: "complete", current_step: 20, current_phase: 4 }),
      fullDraft(),
    );
    expect(await screen.findByText("Who won?")).toBeVisible();
    expect(screen.getByText("Optional: the result feeds your statistics.")).toBeVisible();
    expect(requests.some((request) => request.includes("/scrims/"))).toBe(false);
  });

  it("keeps a personal draft as it was: everything offered, no note", async () => {
    renderPage(null, session());
    expect(await screen.findByRole("button", { name: "Edit" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Live room" })).toBeVisible();
    expect(screen.queryByTestId("access-note")).toBeNull();
  });
});

describe("a page load of a session's board asks for the board's data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("the board's first render is the board, and the board asks again only for its actions", async () => {
    signInForTest();
    const requests = stubBoard(workspaceAs("coach"), session());
    await sessionBoardAhead({ sessionId: SESSION_ID });
    // Everything the page ever adds to the document, even what a later render removes at once.
    const shown: string[] = [];
    const note = (records: MutationRecord[]) => {
      for (const record of records) for (const node of record.addedNodes) shown.push(node.textContent ?? "");
    };
    const observer = new MutationObserver(note);
    observer.observe(document.body, { childList: true, subtree: true });
    renderBoard(queryClient);
    note(observer.takeRecords());
    observer.disconnect();
    expect(shown.join("\n")).not.toContain("Loading Draft Session...");
    expect(screen.getByRole("heading", { name: "Scrim vs G2" })).toBeVisible();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    for (const path of [
      `/api/drafts/sessions/${SESSION_ID}/`,
      "/api/drafts/champions/",
      "/api/drafts/champions/positions/",
    ]) {
      expect(requests.filter((request) => request === `GET ${path}`)).toHaveLength(1);
    }
    // The actions are read again as any board mounts (its saved locks are not written back).
    expect(
      requests.filter((request) => request === `GET /api/drafts/sessions/${SESSION_ID}/actions/`),
    ).toHaveLength(2);
  });
  it("asks too for what the suggestions beside it read: both teams' priorities and the step on the clock's", async () => {
    signInForTest();
    const team = (id: number, name: string) => ({
      id,
      name,
      short_name: name,
      league_id: 1,
      is_custom: false,
    });
    const actions = fullDraft().slice(0, 3);
    const suggestions = { side: "RED", action: "BAN", items: [], summary: [], basis: { advice: false } };
    const requests = stubBoard(
      workspaceAs("coach"),
      session({ blue_team: team(11, "T1 Academy"), red_team: team(13, "G2") }),
      actions,
      [
        [/^GET \/api\/drafts\/teams\/1[13]\/priorities\/$/, { priorities: [] }],
        [/^GET \/api\/drafts\/sessions\/[^/]+\/recommendations\//, suggestions],
      ],
    );
    await sessionBoardAhead({ sessionId: SESSION_ID });
    expect(requests).toEqual(
      expect.arrayContaining([
        "GET /api/drafts/teams/11/priorities/",
        "GET /api/drafts/teams/13/priorities/",
        `GET /api/drafts/sessions/${SESSION_ID}/recommendations/?limit=5`,
      ]),
    );
    // In the cache under the keys the board reads, before it first renders.
    expect(queryClient.getQueryData(draftKeys.priorities(11))).toEqual([]);
    expect(queryClient.getQueryData(draftKeys.priorities(13))).toEqual([]);
    expect(queryClient.getQueryData(draftKeys.recommendations(SESSION_ID, actions.length))).toEqual(
      suggestions,
    );
  });
});
