import type { MatchSummary } from "@draftroom/contracts";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n, { loadAllLanguages } from "@/lib/i18n.ts";
import { queryClient } from "@/lib/query-client.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import DataPage, { problemText } from "./DataPage.tsx";
import dataAhead from "./data.ahead.ts";

const summary: MatchSummary = {
  games: 52,
  players: 218,
  first_date: "2025-01-11 11:11:24",
  last_date: "2025-01-15 09:00:00",
  last_import: "2026-11-24T01:00:00.000Z",
  leagues: [
    { league: "LPL", games: 15 },
    { league: "NLC", games: 1 },
  ],
  patches: [{ patch: "15.01", games: 52 }],
  can_import: false,
  upload_limit_bytes: 134_217_728,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPage(client = testQueryClient()) {
  return renderInApp(<DataPage />, { client });
}

describe("DataPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a loading state, then the summary with plurals and the attribution", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(summary)),
    );
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading match data");
    expect(await screen.findByText("52 games played from Jan 11, 2025 to Jan 15, 2025")).toBeVisible();
    // The import is a moment: its day in the viewer's zone (01:00 UTC is the 23rd west of UTC-1).
    expect(screen.getByText(/· last import Nov 2[34], 2026/)).toBeVisible();
    expect(screen.getByText("Players").nextElementSibling).toHaveTextContent("218");
    // One game is singular, next to its league.
    expect(screen.getByText("NLC").closest("li")).toHaveTextContent(/^NLC1 game$/);
    expect(screen.getByRole("link", { name: "Oracle's Elixir" }).getAttribute("href")).toBe(
      "https://oracleselixir.com",
    );
    expect(screen.getByText("Only data administrators can import match data.")).toBeVisible();
    expect(screen.queryByLabelText("CSV file")).toBeNull();
  });

  it("tells a member what the data means for them and shows no operator setting", async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        requests.push(String(input));
        return json(summary);
      }),
    );
    renderPage();
    const meaning = await screen.findByRole("region", { name: "What this means for you" });
    expect(meaning).toHaveTextContent(
      "weigh how often professionals pick and ban each champion in these 52 games",
    );
    expect(meaning).toHaveTextContent("(2 leagues)");
    expect(meaning).toHaveTextContent("The newest game is from Jan 15, 2025");
    expect(screen.queryByText("Scheduled updates")).toBeNull();
    expect(document.body.textContent).not.toContain("MATCH_DATA_URL");
    // The sources card is not even asked for.
    expect(requests.some((url) => url.includes("/data/sources/"))).toBe(false);
  });

  it("shows the empty state and the upload form to an administrator", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({
          ...summary,
          games: 0,
          players: 0,
          leagues: [],
          patches: [],
          first_date: null,
          last_date: null,
          can_import: true,
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText("No match data yet")).toBeVisible();
    expect(screen.getByLabelText("CSV file")).toHaveAttribute("type", "file");
    expect(screen.getByText(/up to 128 MB/)).toBeVisible();
  });

  it("shows an error with a retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ detail: "boom", code: "internal_error" }, 500)),
    );
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("The match data could not be loaded.");
  });

  it("translates row problems from their code and params, with plurals, in both languages", async () => {
    await loadAllLanguages();
    const problems = [
      { line: 15, game_id: "G1", code: "side_invalid", params: { value: "Purple" }, message: "x" },
      { line: 2, game_id: "G1", code: "player_count", params: { side: "red", count: 1 }, message: "x" },
      {
        line: 9,
        game_id: "G2",
        code: "duplicate_position",
        params: { side: "blue", position: "jungle" },
        message: "x",
      },
      { line: 30, game_id: "G3", code: "rows_apart", params: { first_line: 4 }, message: "x" },
    ] as const;
    const en = i18n.getFixedT("en", "data");
    const es = i18n.getFixedT("es", "data");
    expect(problems.map((problem) => problemText(en, { ...problem, params: { ...problem.params } }))).toEqual(
      [
        'side "Purple" is not Blue or Red',
        "the red side has 1 player row, 5 expected",
        "a second Jungle player for the blue side",
        "the rows of game G3 are not together (it started on line 4)",
      ],
    );
    expect(problems.map((problem) => problemText(es, { ...problem, params: { ...problem.params } }))).toEqual(
      [
        "el lado «Purple» no es Blue ni Red",
        "el lado rojo tiene 1 fila de jugador; se esperaban 5",
        "un segundo jugador de Jungla para el lado azul",
        "las filas de la partida G3 no están juntas (empezó en la línea 4)",
      ],
    );
  });
});

describe("a page load of the Data page asks for its data ahead", () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  /** Answers the summary (and, for an administrator, the sources); records every read's path. */
  function stubServer(canImport: boolean): string[] {
    const reads: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url, "http://localhost").pathname;
        reads.push(path);
        if (path === "/api/matches/summary/") return json({ ...summary, can_import: canImport });
        if (path === "/api/data/sources/")
          return json({ enabled: false, can_update: true, interval_minutes: 360, sources: [] });
        return json({ detail: "Not found.", code: "not_found" }, 404);
      }),
    );
    return reads;
  }

  async function settle() {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }

  it("a member's first render shows the summary, and nothing is asked for twice or for operators", async () => {
    const reads = stubServer(false);
    await dataAhead();
    renderPage(queryClient);
    expect(screen.queryByText("Loading match data…")).toBeNull();
    expect(screen.getByText("52 games played from Jan 11, 2025 to Jan 15, 2025")).toBeVisible();
    await settle();
    expect(reads).toEqual(["/api/matches/summary/"]);
  });

  it("a data administrator's sources are asked for with the summary, once", async () => {
    const reads = stubServer(true);
    await dataAhead();
    expect(reads).toEqual(["/api/matches/summary/", "/api/data/sources/"]);
    renderPage(queryClient);
    expect(screen.getByLabelText("CSV file")).toHaveAttribute("type", "file");
    await settle();
    expect(reads).toEqual(["/api/matches/summary/", "/api/data/sources/"]);
  });

  it("a summary that fails is left to the page, which asks again and shows it", async () => {
    let reads = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        reads += 1;
        return json({ detail: "You do not have permission.", code: "forbidden" }, 403);
      }),
    );
    await expect(dataAhead()).resolves.toBeUndefined();
    renderPage(queryClient);
    expect((await screen.findByRole("alert")).textContent).toContain("The match data could not be loaded.");
    expect(reads).toBe(2);
  });
});
