import "@/lib/i18n.ts";
import type { MatchSummary } from "@draftroom/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import DataPage from "./DataPage.tsx";

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

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DataPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("DataPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a loading state, then the summary with plurals and the attribution", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(summary)));
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading match data");
    expect(await screen.findByText("52 games played from 2025-01-11 to 2025-01-15")).toBeTruthy();
    expect(screen.getByText("218")).toBeTruthy();
    expect(screen.getByText("1 game")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Oracle's Elixir" }).getAttribute("href")).toBe(
      "https://oracleselixir.com",
    );
    expect(screen.getByText("Only data administrators can import match data.")).toBeTruthy();
    expect(screen.queryByLabelText("CSV file")).toBeNull();
  });

  it("shows the empty state and the upload form to an administrator", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({ ...summary, games: 0, players: 0, leagues: [], patches: [], first_date: null, last_date: null, can_import: true }),
      ),
    );
    renderPage();
    expect(await screen.findByText("No match data yet")).toBeTruthy();
    expect(screen.getByLabelText("CSV file")).toBeTruthy();
    expect(screen.getByText(/up to 128 MB/)).toBeTruthy();
  });

  it("shows an error with a retry", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ detail: "boom", code: "internal_error" }, 500)));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("The match data could not be loaded.");
  });
});
