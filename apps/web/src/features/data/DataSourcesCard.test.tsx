import type { DataSources } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n, { loadAllLanguages } from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { DataSourcesCard } from "./DataSourcesCard.tsx";

const run = {
  id: "r1",
  source: "data_dragon" as const,
  trigger: "manual" as const,
  status: "failed" as const,
  started_at: "2026-11-27T06:00:00.000Z",
  finished_at: "2026-11-27T06:00:01.000Z",
  added: 0,
  changed: 0,
  progress: 0,
  version: null,
  error: "The versions list is not a list of Data Dragon versions (damaged or cut off).",
};
const sources: DataSources = {
  enabled: true,
  can_update: true,
  interval_minutes: 360,
  sources: [
    {
      source: "data_dragon",
      configured: true,
      host: "ddragon.leagueoflegends.com",
      version: "16.6.1",
      last_checked_at: "2026-11-27T06:00:01.000Z",
      last_success_at: "2026-11-26T06:00:01.000Z",
      last_error: run.error,
      last_error_code: "invalid_versions",
      last_error_params: {},
      next_check_at: "2026-11-27T12:00:01.000Z",
      running: null,
      runs: [run],
    },
    {
      source: "match_data",
      configured: false,
      host: null,
      version: null,
      last_checked_at: null,
      last_success_at: null,
      last_error: null,
      last_error_code: null,
      last_error_params: null,
      next_check_at: null,
      running: null,
      runs: [],
    },
  ],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("DataSourcesCard", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each source's state and last error in plain words; a data admin starts an update", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes("/data/sources/data_dragon/update/") && init?.method === "POST")
        return json({ ...run, status: "running", error: null, finished_at: null }, 202);
      return json(sources);
    });
    vi.stubGlobal("fetch", fetch);
    renderInApp(<DataSourcesCard />);
    // Each source's state sits in that source's own section.
    const dragon = await screen.findByRole("region", {
      name: "Champions, patch and portraits (Data Dragon)",
    });
    const matches = screen.getByRole("region", { name: "Professional games (Oracle's Elixir)" });
    expect(within(dragon).getByText("16.6.1")).toBeVisible();
    expect(within(dragon).getByText(/The versions list is not a list of Data Dragon versions/)).toBeVisible();
    expect(within(dragon).getByText("failed, nothing changed")).toBeVisible();
    expect(within(matches).getByText("Not configured (set MATCH_DATA_URL)")).toBeVisible();
    // Only the configured source offers "Update now".
    const buttons = screen.getAllByRole("button", { name: /Update now/ });
    expect(buttons).toHaveLength(1);
    expect(dragon).toContainElement(buttons[0]!);
    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => String(url).includes("/update/") && init?.method === "POST"),
      ).toBe(true),
    );
  });

  it("says the last error in the reader's language from its code, and in English when the code is unknown", async () => {
    await loadAllLanguages();
    await i18n.changeLanguage("es");
    try {
      const failed = {
        ...sources.sources[0]!,
        last_error: "127.0.0.1:9 answered HTTP 503 instead of the file.",
        last_error_code: "http_status",
        last_error_params: { host: "127.0.0.1:9", status: 503 },
      };
      const unknown = {
        ...sources.sources[1]!,
        configured: true,
        last_error: "A future failure in English.",
        last_error_code: "some_future_code",
        last_error_params: {},
      };
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => json({ ...sources, sources: [failed, unknown] })),
      );
      renderInApp(<DataSourcesCard />);
      expect(await screen.findByText("127.0.0.1:9 respondió HTTP 503 en lugar del archivo.")).toBeVisible();
      expect(screen.queryByText(/answered HTTP 503/)).toBeNull();
      expect(screen.getByText("A future failure in English.")).toBeVisible();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
