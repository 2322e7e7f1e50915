import "@/lib/i18n.ts";
import type { IntegrationsOverview, RiotGameComparison } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { GAME_ID, gameOf, SCRIM_ID, scrimOf } from "./fixtures.test-data.ts";
import ScrimPage from "./ScrimPage.tsx";

const CHAMPIONS = [
  { id: 68, name: "Rumble", key: "Rumble" },
  { id: 103, name: "Ahri", key: "Ahri" },
  { id: 64, name: "Lee Sin", key: "LeeSin" },
];

const overview = (riot: Partial<IntegrationsOverview["riot"]>, tournament = false): IntegrationsOverview => ({
  discord: {
    available: true,
    connected: false,
    connected_at: null,
    last_success_at: null,
    last_error: null,
    hint: null,
    events: [],
    language: "en",
  },
  riot: {
    available: true,
    connected: true,
    connected_at: null,
    last_success_at: null,
    last_error: null,
    region: "euw1",
    ...riot,
  },
  tournament: { available: tournament },
  calendar: { active: false, created_at: null },
  deliveries: [],
  may_manage: false,
});

const comparison: RiotGameComparison = {
  summary: {
    match_id: "EUW1_7000000001",
    winner: "BLUE",
    duration_seconds: 1865,
    patch: "16.6",
    started_at: "2026-11-30T18:10:00.000Z",
    tournament_code: null,
    objectives: {
      BLUE: { towers: 9, dragons: 3, barons: 1, heralds: 1, first_blood: true, first_tower: true },
      RED: { towers: 2, dragons: 1, barons: 0, heralds: 0, first_blood: false, first_tower: false },
    },
    players: [],
    source: "riot_match_v5",
  },
  champions_match: false,
  only_in_draft: [68],
  only_in_match: [64],
  our_side: "BLUE",
  ledger_result: {
    status: "played",
    winner: "us",
    our_side: "BLUE",
    duration_seconds: 1865,
    figures: { kills_us: 21, kills_them: 7 },
    players: [
      {
        position: "top",
        roster_player_id: null,
        name: "Player1#EUW",
        champion_id: 64,
        kills: 3,
        deaths: 1,
        assists: 5,
        gold_at_15: 6100,
      },
    ],
    source: "imported",
    provider: "riot-match-v5",
  },
};

function renderScrim(routes: Parameters<typeof stubApi>[0]) {
  const workspace = workspaceAs("coach");
  stubApi([
    ...routes,
    [/^GET \/api\/scrims\/[^/]+\/$/, scrimOf()],
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/workspaces\/[^/]+\/roster\/$/, []],
    [/^GET \/api\/drafts\/champions\/$/, CHAMPIONS],
    [/^GET \/api\/workspaces\/[^/]+\/scrims\/tags\/$/, { suggestions: [] }],
    [/^GET \/api\/draft-plans\//, { results: [] }],
    [/^GET \/api\/items\/scrim\/[^/]+\/comments\//, { results: [], count: 0, next: null, previous: null }],
  ]);
  renderInApp(<ScrimPage />, {
    at: `/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`,
    route: "/app/workspaces/:workspaceId/scrims/:scrimId",
  });
  return globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
}

function bodyOf(spy: ReturnType<typeof vi.fn>, method: string, path: RegExp): unknown {
  const call = spy.mock.calls.find(
    ([url, init]) => (init?.method ?? "GET") === method && path.test(String(url)),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe("a scrim game's result from Riot's match data", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a champion mismatch, fills the form only when asked, and saves it as an imported result", async () => {
    const fetchSpy = renderScrim([
      [/^GET \/api\/workspaces\/[^/]+\/integrations\/$/, overview({})],
      [/^POST \/api\/workspaces\/[^/]+\/integrations\/riot\/matches\/$/, comparison],
      [
        /^PUT \/api\/scrims\/[^/]+\/games\/[^/]+\/result\/$/,
        scrimOf({ games: [gameOf({ status: "played" })] }),
      ],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Enter result" }));
    fireEvent.click(await screen.findByText("Fill from Riot's match data"));
    fireEvent.change(screen.getByLabelText(/Match id/), { target: { value: "EUW1_7000000001" } });
    fireEvent.click(screen.getByRole("button", { name: "Look up" }));
    const warning = await screen.findByText(/The champions differ from the drafted game/);
    expect(warning.closest("[role=alert]")).not.toBeNull();
    expect(screen.getByText("Only in the draft: Rumble")).toBeVisible();
    expect(screen.getByText("Only in Riot's game: Lee Sin")).toBeVisible();
    expect(bodyOf(fetchSpy, "POST", /\/riot\/matches\/$/)).toEqual({
      match_id: "EUW1_7000000001",
      scrim_id: SCRIM_ID,
      game_id: GAME_ID,
    });
    // Nothing is filled until the staff chooses to use the game.
    const form = screen.getByRole("form", { name: "Result of game 1" });
    expect(within(form).getByLabelText(/Duration/)).toHaveValue("");
    fireEvent.click(screen.getByRole("button", { name: "Fill the form anyway" }));
    // The form starts again from the chosen game's values.
    const filled = screen.getByRole("form", { name: "Result of game 1" });
    expect(within(filled).getByLabelText(/Duration/)).toHaveValue("31:05");
    expect(screen.getByText(/Filled from Riot's game EUW1_7000000001/)).toBeVisible();
    fireEvent.click(within(filled).getByRole("button", { name: "Save result" }));
    await waitFor(() => expect(bodyOf(fetchSpy, "PUT", /\/result\/$/)).toBeDefined());
    expect(bodyOf(fetchSpy, "PUT", /\/result\/$/)).toMatchObject({
      status: "played",
      winner: "us",
      our_side: "BLUE",
      duration_seconds: 1865,
      figures: { kills_us: 21, kills_them: 7 },
      players: [{ position: "top", champion_id: 64, kills: 3, deaths: 1, assists: 5 }],
      source: "imported",
      provider: "riot-match-v5",
    });
  });

  it("says in plain words why Riot's game could not be read, and keeps the manual form", async () => {
    renderScrim([
      [/^GET \/api\/workspaces\/[^/]+\/integrations\/$/, overview({})],
      [
        /^POST \/api\/workspaces\/[^/]+\/integrations\/riot\/matches\/$/,
        () =>
          Response.json(
            { detail: "Riot's service cannot be reached right now.", code: "integration_failed" },
            { status: 502 },
          ),
      ],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Enter result" }));
    fireEvent.click(await screen.findByText("Fill from Riot's match data"));
    fireEvent.change(screen.getByLabelText(/Match id/), { target: { value: "EUW1_1" } });
    fireEvent.click(screen.getByRole("button", { name: "Look up" }));
    expect(await screen.findByText(/Riot's service could not be reached/)).toBeVisible();
    expect(screen.getByRole("form", { name: "Result of game 1" })).toBeVisible();
  });

  it("lists the roster's games around the scrim's start, and makes a code per game when the server has a tournament key", async () => {
    const matching = {
      ...comparison,
      summary: { ...comparison.summary, match_id: "EUW1_7000000002" },
      champions_match: true,
      only_in_draft: [],
      only_in_match: [],
    };
    const fetchSpy = renderScrim([
      [/^GET \/api\/workspaces\/[^/]+\/integrations\/$/, overview({}, true)],
      [
        /^GET \/api\/workspaces\/[^/]+\/integrations\/riot\/scrims\/[^/]+\/games\/[^/]+\/recent\/$/,
        { results: [matching] },
      ],
      [/^GET \/api\/workspaces\/[^/]+\/integrations\/tournament\/scrims\/[^/]+\/codes\/$/, { results: [] }],
      [
        /^POST \/api\/workspaces\/[^/]+\/integrations\/tournament\/codes\/$/,
        {
          results: [
            {
              code: "EUW04ABCD-TOURNAMENT",
              scrim_id: SCRIM_ID,
              game_number: 1,
              room_id: null,
              match_id: null,
              filed_at: null,
              created_at: "2026-11-29T10:00:00.000Z",
            },
          ],
        },
      ],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Make the codes" }));
    expect(await screen.findByText("EUW04ABCD-TOURNAMENT")).toBeVisible();
    expect(screen.getByText("Waiting for the game")).toBeVisible();
    expect(bodyOf(fetchSpy, "POST", /\/tournament\/codes\/$/)).toMatchObject({ scrim_id: SCRIM_ID });

    fireEvent.click(await screen.findByRole("button", { name: "Enter result" }));
    fireEvent.click(await screen.findByText("Fill from Riot's match data"));
    fireEvent.click(screen.getByRole("button", { name: "Find the roster's games around the scrim's start" }));
    const found = await screen.findByRole("list", { name: "Games found" });
    expect(within(found).getByText("EUW1_7000000002")).toBeVisible();
    expect(within(found).getByText("Same ten champions as the drafted game.")).toBeVisible();
    expect(within(found).queryByRole("alert")).toBeNull();
    fireEvent.click(within(found).getByRole("button", { name: "Fill the form with this game" }));
    const form = screen.getByRole("form", { name: "Result of game 1" });
    expect(within(form).getByLabelText(/Duration/)).toHaveValue("31:05");
  });

  it("explains, instead of offering, Riot's fill and tournament codes when the server has no keys", async () => {
    renderScrim([
      [/^GET \/api\/workspaces\/[^/]+\/integrations\/$/, overview({ available: false, connected: false })],
    ]);
    expect(await screen.findByText(/Tournament codes need a Riot Tournament API key/)).toBeVisible();
    fireEvent.click(await screen.findByRole("button", { name: "Enter result" }));
    expect(await screen.findByText(/needs a Riot API key on this server/)).toBeVisible();
    expect(screen.queryByText("Fill from Riot's match data")).toBeNull();
    expect(screen.queryByRole("button", { name: "Make the codes" })).toBeNull();
  });
});
