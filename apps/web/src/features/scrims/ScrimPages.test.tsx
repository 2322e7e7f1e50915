import type { Workspace } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { analyticsOf, GAME_ID, gameOf, SCRIM_ID, scrimOf, summaryOf } from "./fixtures.test-data.ts";
import ScrimAnalyticsPage from "./ScrimAnalyticsPage.tsx";
import ScrimPage from "./ScrimPage.tsx";
import ScrimsPage from "./ScrimsPage.tsx";

const PLAN_ID = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const CHAMPIONS = [
  { id: 68, name: "Rumble", key: "Rumble" },
  { id: 103, name: "Ahri", key: "Ahri" },
];

type ApiRoutes = Parameters<typeof stubApi>[0];

function renderAt(path: string, workspace: Workspace, routes: ApiRoutes) {
  const requests = stubApi([
    ...routes,
    [/^GET \/api\/workspaces\/[^/]+\/$/, workspace],
    [/^GET \/api\/workspaces\/$/, [workspace]],
    [/^GET \/api\/workspaces\/[^/]+\/roster\/$/, []],
    [/^GET \/api\/drafts\/champions\/$/, CHAMPIONS],
    [
      /^GET \/api\/workspaces\/[^/]+\/scrims\/tags\/$/,
      {
        suggestions: [
          { tag: "early game", uses: 0 },
          { tag: "engage", uses: 3 },
        ],
      },
    ],
    [/^GET \/api\/draft-plans\//, { results: [] }],
    [/^GET \/api\/items\/scrim\/[^/]+\/comments\//, { results: [], count: 0, next: null, previous: null }],
  ]);
  renderInApp(
    <Routes>
      <Route path="/app/workspaces/:workspaceId/scrims" element={<ScrimsPage />} />
      <Route path="/app/workspaces/:workspaceId/scrims/analytics" element={<ScrimAnalyticsPage />} />
      <Route path="/app/workspaces/:workspaceId/scrims/:scrimId" element={<ScrimPage />} />
    </Routes>,
    { at: path },
  );
  return requests;
}

/** The JSON body of the first request matching `method path`. */
function bodyOf(spy: ReturnType<typeof vi.fn>, method: string, path: RegExp): unknown {
  const call = spy.mock.calls.find(
    ([url, init]) => (init?.method ?? "GET") === method && path.test(String(url)),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

const LIST = /^GET \/api\/workspaces\/[^/]+\/scrims\/\?page=1$/;
const ONE = /^GET \/api\/scrims\/[^/]+\/$/;

describe("scrim ledger pages", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shelves scrims into results due, upcoming, played and cancelled, and hides New scrim from a viewer", async () => {
    const day = 86_400_000;
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims`, workspaceAs("viewer"), [
      [
        LIST,
        {
          count: 5,
          next: null,
          previous: null,
          results: [
            summaryOf({ id: "a", title: "Scrim vs Koi", status: "confirmed" }),
            summaryOf({
              id: "e",
              title: "Scrim vs Fnatic TQ",
              status: "planned",
              starts_at: new Date(Date.now() - 2 * day).toISOString(),
            }),
            summaryOf({
              id: "d",
              title: "Scrim vs GiantX",
              starts_at: new Date(Date.now() + day).toISOString(),
            }),
            summaryOf({ id: "b", title: "Scrim vs BDS", status: "played", score: { us: 2, them: 1 } }),
            summaryOf({ id: "c", title: "Scrim vs MKOI", status: "cancelled" }),
          ],
        },
      ],
    ]);
    // Koi's (28 November) and Fnatic's (two days ago) starts have passed without a result: their
    // results are due, the latest first, above what is coming. GiantX plays tomorrow.
    const due = await screen.findByRole("region", { name: /Results due/ });
    expect(
      within(due)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Scrim vs Fnatic TQ"), expect.stringContaining("Scrim vs Koi")]);
    expect(within(due).getByText(/enter each game's result, or cancel a scrim/)).toBeVisible();
    const upcoming = screen.getByRole("region", { name: /Upcoming/ });
    expect(
      within(upcoming)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Scrim vs GiantX")]);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Results due (2)", "Upcoming (1)", "Played (1)", "Cancelled (1)"]);
    expect(
      within(screen.getByRole("region", { name: /Played/ })).getByText("Score: us 2, them 1"),
    ).toBeVisible();
    expect(
      within(screen.getByRole("region", { name: /Cancelled/ })).getByText("Scrim vs MKOI"),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: /New scrim/ })).toBeNull();
    expect(screen.getByText("Viewers can read scrims but not plan or change them.")).toBeVisible();
  });

  it("names an untitled scrim by its kind and opponent in the page's language, a given title as given", async () => {
    await i18n.changeLanguage("es");
    try {
      const untitled = { title: "Scrim vs UCAM Esports", untitled: true, kind: "official" as const };
      const opponent = { team_id: null, name: "UCAM Esports", contact_note: "", key: "name:ucam esports" };
      renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims`, workspaceAs("coach"), [
        [
          LIST,
          {
            count: 2,
            next: null,
            previous: null,
            results: [
              summaryOf({ id: "a", ...untitled, opponent, status: "played" }),
              summaryOf({ id: "b", title: "Scrim vs Koi (bloque 2)", status: "played" }),
            ],
          },
        ],
      ]);
      const played = await screen.findByRole("region", { name: /Jugados/ });
      expect(
        within(played)
          .getAllByRole("link")
          .map((link) => link.firstElementChild?.firstElementChild?.textContent),
      ).toEqual(["Partido oficial contra UCAM Esports", "Scrim vs Koi (bloque 2)"]);
      cleanup();

      renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`, workspaceAs("coach"), [
        [ONE, scrimOf({ ...untitled, opponent })],
      ]);
      expect(
        await screen.findByRole("heading", { level: 1, name: "Partido oficial contra UCAM Esports" }),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("an empty ledger tells a viewer the staff's scrims will show, and invites a coach to plan one", async () => {
    const empty = { count: 0, next: null, previous: null, results: [] };
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims`, workspaceAs("viewer"), [[LIST, empty]]);
    expect(
      await screen.findByText("The team's scrims will appear here once its staff plans one."),
    ).toBeVisible();
    expect(screen.queryByText(/^Plan a scrim block/)).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims`, workspaceAs("coach"), [[LIST, empty]]);
    expect(await screen.findByText(/^Plan a scrim block/)).toBeVisible();
  });

  it("lets a coach plan a scrim: the opponent is required, the start is sent in its own time zone", async () => {
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims`, workspaceAs("coach"), [
      [LIST, { count: 0, next: null, previous: null, results: [] }],
      [/^POST \/api\/workspaces\/[^/]+\/scrims\/$/, scrimOf()],
      [ONE, scrimOf()],
      [
        /^GET \/api\/data\/freshness\/$/,
        {
          stale: false,
          match_data: { last_game_date: "2026-11-28", days_old: 1, stale: false },
          patch: { champion_patch: "16.6", newest_game_patch: "16.6", behind: false },
        },
      ],
    ]);
    expect(await screen.findByText("No scrims yet")).toBeVisible();
    fireEvent.click(screen.getAllByRole("button", { name: /New scrim/ })[0] as HTMLElement);
    const form = await screen.findByRole("form", { name: "Plan a scrim" });
    // The patch's example is the one the game is on now, not a fixed old one.
    await waitFor(() => expect(within(form).getByLabelText("Patch")).toHaveAttribute("placeholder", "16.6"));
    fireEvent.change(within(form).getByLabelText("Start*"), { target: { value: "2026-12-01T19:00" } });
    fireEvent.change(within(form).getByLabelText("Time zone"), { target: { value: "Europe/Madrid" } });
    fireEvent.click(within(form).getByRole("button", { name: "Plan scrim" }));
    expect(await within(form).findByText("Choose a league team or type the opponent's name.")).toBeVisible();
    // An empty title names the scrim by its kind and opponent, as the form stands.
    expect(within(form).getByLabelText("Title")).toHaveAttribute("placeholder", "Scrim vs opponent");
    fireEvent.change(within(form).getByLabelText("Opponent name*"), { target: { value: "Koi" } });
    expect(within(form).getByLabelText("Title")).toHaveAttribute("placeholder", "Scrim vs Koi");
    expect(within(form).getByText("Leave it empty for “Scrim vs Koi”.")).toBeVisible();
    fireEvent.change(within(form).getByLabelText("Rules"), { target: { value: "fearless" } });
    fireEvent.click(within(form).getByRole("button", { name: "Plan scrim" }));
    const fetchSpy = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    await waitFor(() => expect(bodyOf(fetchSpy, "POST", /\/scrims\/$/)).toBeDefined());
    expect(bodyOf(fetchSpy, "POST", /\/scrims\/$/)).toMatchObject({
      opponent: { team_id: null, name: "Koi" },
      starts_at: "2026-12-01T18:00:00.000Z",
      time_zone: "Europe/Madrid",
      games_count: 3,
      rules: { mode: "fearless" },
      prepare_rooms: true,
    });
  }, 60_000);

  it("lets a player enter a result in a few taps, but not the verdict", async () => {
    const scrim = scrimOf({ can_edit: false });
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`, workspaceAs("player"), [
      [ONE, scrim],
      [
        /^PUT \/api\/scrims\/[^/]+\/games\/[^/]+\/result\/$/,
        scrimOf({ status: "played", games: [gameOf({ status: "played" })] }),
      ],
    ]);
    // Confirmed, and its start has passed: its results are due until the first one plays it.
    expect(await screen.findByText("Results due")).toBeVisible();
    fireEvent.click(await screen.findByRole("button", { name: "Enter result" }));
    expect(screen.queryByRole("button", { name: "Verdict" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    const form = screen.getByRole("form", { name: "Result of game 1" });
    fireEvent.click(within(form).getByRole("button", { name: "Save result" }));
    expect(await within(form).findByText("Choose the winner.")).toBeVisible();
    fireEvent.click(within(within(form).getByRole("group", { name: "Winner" })).getByLabelText("Us"));
    fireEvent.change(within(form).getByLabelText(/Duration/), { target: { value: "31:05" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save result" }));
    const fetchSpy = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    await waitFor(() => expect(bodyOf(fetchSpy, "PUT", /\/result\/$/)).toBeDefined());
    expect(bodyOf(fetchSpy, "PUT", new RegExp(`/games/${GAME_ID}/result/$`))).toMatchObject({
      status: "played",
      winner: "us",
      our_side: "BLUE",
      duration_seconds: 1865,
      players: [],
    });
    await waitFor(() => expect(screen.queryByText("Results due")).toBeNull());
  });

  it("marks a remake as a status with no winner, and shows a stored result's source", async () => {
    const stored = scrimOf({
      games: [
        gameOf({
          status: "played",
          result: {
            winner: "them",
            duration_seconds: 1500,
            figures: { kills_us: 8, kills_them: 15 },
            players: [],
            source: "typed",
            provider: null,
            entered_by: { id: 4, username: "faker", name: "Lee Sang-hyeok" },
            entered_at: "2026-11-28T19:00:00.000Z",
            corrections: 2,
          },
        }),
      ],
    });
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`, workspaceAs("coach"), [
      [ONE, stored],
      [/^PUT /, stored],
    ]);
    expect(await screen.findByText(/Typed by Lee Sang-hyeok \(@faker\)/)).toBeVisible();
    expect(screen.getByText(/corrected 2 times/)).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Correct result" }));
    const form = screen.getByRole("form", { name: "Result of game 1" });
    fireEvent.click(within(within(form).getByRole("group", { name: "Game" })).getByLabelText("Remake"));
    expect(within(form).queryByRole("group", { name: "Winner" })).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    const fetchSpy = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    await waitFor(() => expect(bodyOf(fetchSpy, "PUT", /\/result\/$/)).toBeDefined());
    expect(bodyOf(fetchSpy, "PUT", /\/result\/$/)).toMatchObject({
      status: "remake",
      winner: null,
      duration_seconds: 1500,
    });
  });

  it("lets an analyst give the verdict with a suggested tag and a typed one", async () => {
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`, workspaceAs("analyst"), [
      [ONE, scrimOf()],
      [/^PUT \/api\/scrims\/[^/]+\/games\/[^/]+\/review\/$/, scrimOf()],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Verdict" }));
    const form = screen.getByRole("form", { name: "Verdict on game 1" });
    fireEvent.click(within(form).getByLabelText("Draft won it"));
    fireEvent.click(await within(form).findByRole("button", { name: "+ engage" }));
    fireEvent.change(within(form).getByLabelText("New tag"), { target: { value: "  Lane Swap " } });
    fireEvent.keyDown(within(form).getByLabelText("New tag"), { key: "Enter" });
    fireEvent.click(within(form).getByRole("button", { name: "Save verdict" }));
    const fetchSpy = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    await waitFor(() => expect(bodyOf(fetchSpy, "PUT", /\/review\/$/)).toBeDefined());
    expect(bodyOf(fetchSpy, "PUT", /\/review\/$/)).toEqual({
      verdict: "draft_won",
      tags: ["engage", "lane swap"],
      position_notes: {},
      notes: "",
    });
  });

  it("answers another workspace's scrim as not found", async () => {
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/${SCRIM_ID}`, workspaceAs("coach"), [
      [ONE, scrimOf({ workspace_id: "ffffffff-7f1e-4f0e-9a53-3f4f3bb1c001" })],
    ]);
    expect(await screen.findByText("Scrim not found")).toBeVisible();
  });

  it("shows analytics with samples, small samples marked, and a mixed warning", async () => {
    const requests = renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/analytics`, workspaceAs("coach"), [
      [
        /^GET \/api\/workspaces\/[^/]+\/scrims\/analytics\/\?kind=all/,
        analyticsOf({ kind: "all", mixed: true }),
      ],
      [/^GET \/api\/workspaces\/[^/]+\/scrims\/analytics\//, analyticsOf()],
    ]);
    expect(await screen.findByTestId("overall-record")).toHaveTextContent("8-3 (73%)");
    expect(screen.getByText("11 of 12 games counted · 1 remakes and 0 stopped early left out")).toBeVisible();
    const table = screen.getByRole("table", { name: "By side" });
    expect(within(table).getByText("4 (Small sample: fewer than 5 games)")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Wunder/ })).toHaveTextContent("7-2 (78%)");
    expect(screen.getByRole("row", { name: /Wunder/ })).toHaveTextContent("40/20/50 (4.5)");
    expect(screen.getByRole("region", { name: "Comfort versus results" })).toHaveTextContent(
      /Ahri.*1-4 \(20%\).*keeps losing/,
    );
    expect(screen.getByRole("button", { name: /Export CSV/ })).toBeVisible();
    expect(
      requests.some((r) => /analytics\/\?.*kind=scrim/.test(r) && /from=\d{4}-\d{2}-\d{2}/.test(r)),
    ).toBe(true);
    fireEvent.change(screen.getByLabelText("Games"), { target: { value: "all" } });
    expect(await screen.findByText("Scrims and official games mixed")).toBeVisible();
  });

  it("reads a week without a counted game as none, not as 0 %, and a trend with no week as empty", async () => {
    const week = (day: string, wins: number, losses: number) => ({
      week: day,
      n: wins + losses,
      wins,
      losses,
      win_rate: wins + losses === 0 ? null : wins / (wins + losses),
      small_sample: true,
    });
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/analytics`, workspaceAs("coach"), [
      [/analytics\/\?.*kind=all/, analyticsOf({ kind: "all", mixed: true, trend: [] })],
      [
        /analytics\//,
        analyticsOf({
          trend: [week("2026-11-16", 2, 1), week("2026-11-23", 0, 0), week("2026-11-30", 0, 2)],
        }),
      ],
    ]);
    const trend = await screen.findByRole("table", { name: "Win rate by week" });
    expect(
      within(trend)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/2-1 \(67%\) · n=3$/),
      expect.stringMatching(/No counted games$/),
      expect.stringMatching(/0-2 \(0%\) · n=2$/),
    ]);
    fireEvent.change(screen.getByLabelText("Games"), { target: { value: "all" } });
    const card = (await screen.findByRole("heading", { name: "Win rate by week" })).closest("section")!;
    expect(await within(card).findByText("No counted games")).toBeVisible();
    expect(screen.queryByRole("table", { name: "Win rate by week" })).toBeNull();
  });

  it("names every group in the page's language, those the server names in English included", async () => {
    await i18n.changeLanguage("es");
    try {
      const base = analyticsOf();
      renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/analytics`, workspaceAs("coach"), [
        [
          /^GET \/api\/workspaces\/[^/]+\/scrims\/analytics\//,
          analyticsOf({
            by: {
              ...base.by,
              first_pick: [
                { ...base.by.side[0]!, key: "first_pick", label: "First pick" },
                { ...base.by.side[1]!, key: "second_pick", label: "Second pick" },
              ],
              first_selection: [
                { ...base.by.side[0]!, key: "us_side", label: "We had first selection and chose the side" },
              ],
              plan: [{ ...base.by.side[0]!, key: PLAN_ID, label: "Contra Koi" }],
              branch: [
                { ...base.by.side[0]!, key: `${PLAN_ID}:`, label: "Contra Koi / root" },
                { ...base.by.side[1]!, key: `${PLAN_ID}:ori`, label: "Contra Koi / Si banean Orianna" },
              ],
            },
          }),
        ],
      ]);
      const firstPick = await screen.findByRole("table", { name: "Por primer pick" });
      expect(
        within(firstPick)
          .getAllByRole("rowheader")
          .map((cell) => cell.textContent),
      ).toEqual(["Primer pick", "Segundo pick"]);
      const selection = screen.getByRole("table", { name: "Por primera selección" });
      expect(within(selection).getByRole("rowheader")).toHaveTextContent("Elegimos lado");
      expect(screen.getByRole("table", { name: "Por lado" })).toHaveTextContent("Lado azul");
      const branches = screen.getByRole("table", { name: "Por rama del plan" });
      expect(
        within(branches)
          .getAllByRole("rowheader")
          .map((cell) => cell.textContent),
      ).toEqual(["Contra Koi / Línea principal", "Contra Koi / Si banean Orianna"]);
      expect(screen.queryByText(/\broot\b/)).toBeNull();
      expect(screen.queryByText(/First pick|first selection/)).toBeNull();
      // A player's KDA ratio as a Spanish reader writes a decimal.
      expect(screen.getByRole("row", { name: /Wunder/ })).toHaveTextContent("40/20/50 (4,5)");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("says so when a period has no games, and when the figures fail", async () => {
    renderAt(`/app/workspaces/${WORKSPACE_ID}/scrims/analytics`, workspaceAs("coach"), [
      [
        /analytics\/\?.*patch=/,
        () => Response.json({ detail: "Boom", code: "server_error" }, { status: 500 }),
      ],
      [
        /analytics\//,
        analyticsOf({
          games: { total: 0, counted: 0, excluded: { remake: 0, stopped_early: 0, unfinished: 0 } },
        }),
      ],
    ]);
    expect(await screen.findByText("No games for these filters")).toBeVisible();
    fireEvent.change(screen.getByLabelText("Patch"), { target: { value: "14.23" } });
    expect(await screen.findByText("The figures could not be loaded")).toBeVisible();
  });
});
