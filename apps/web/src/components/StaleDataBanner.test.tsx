import type { DataFreshness } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi } from "@/test/workspace-fixtures.ts";
import { StaleDataBanner } from "./StaleDataBanner.tsx";

const freshness = (overrides: Partial<DataFreshness> = {}): DataFreshness => ({
  stale: true,
  match_data: { last_game_date: "2025-01-15", days_old: 686, stale: true },
  patch: { champion_patch: "16.6", newest_game_patch: "15.01", behind: true },
  ...overrides,
});

describe("the stale-data banner", () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("says why the data is old, with the newest game's day in the reader's language", async () => {
    stubApi([[/^GET \/api\/data\/freshness\/$/, freshness()]]);
    renderInApp(<StaleDataBanner />);
    const banner = await screen.findByRole("status");
    expect(banner).toHaveTextContent("The newest imported game is from Jan 15, 2025 (686 days ago).");
    expect(banner).toHaveTextContent("16.6");
    expect(banner).toHaveTextContent("15.01");

    cleanup();
    await i18n.changeLanguage("es");
    renderInApp(<StaleDataBanner />);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "La partida importada más reciente es del 15 ene 2025 (hace 686 días).",
    );
  });

  it("shows nothing while the data is current", async () => {
    const requests = stubApi([
      [
        /^GET \/api\/data\/freshness\/$/,
        freshness({
          stale: false,
          match_data: { last_game_date: "2026-12-01", days_old: 1, stale: false },
          patch: { champion_patch: "16.6", newest_game_patch: "16.6", behind: false },
        }),
      ],
    ]);
    const { container } = renderInApp(<StaleDataBanner />);
    await vi.waitFor(() => expect(requests).toContain("GET /api/data/freshness/"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
