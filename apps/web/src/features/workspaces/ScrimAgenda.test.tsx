import "@/lib/i18n.ts";
import type { ScrimAgenda as Agenda } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import {
  scrimSummaryOf as block,
  signInForTest,
  stubApi,
  WORKSPACE_ID,
  workspaceAs,
} from "@/test/workspace-fixtures.ts";
import { ScrimAgenda } from "./ScrimAgenda.tsx";

const AGENDA = /^GET \/api\/workspaces\/[^/]+\/scrims\/agenda\/$/;

const EMPTY: Agenda = { next: [], results_due: [], results_due_count: 0 };

function show(role: "owner" | "coach" | "viewer") {
  renderInApp(<ScrimAgenda workspace={workspaceAs(role)} />, { client: testQueryClient() });
}

describe("the workspace's scrim agenda", () => {
  beforeEach(() => signInForTest());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("lists the blocks whose results are due, then the next ones, each linking to its scrim", async () => {
    stubApi([
      [
        AGENDA,
        {
          next: [
            block("n1", "Scrim vs GiantX", "2026-12-06T18:00:00.000Z", {
              status: "confirmed",
              games_count: 2,
            }),
          ],
          results_due: [block("d1", "Scrim vs Koi", "2026-12-01T18:00:00.000Z")],
          results_due_count: 4,
        },
      ],
    ]);
    show("coach");
    const agenda = await screen.findByRole("region", { name: "Scrims" });
    expect(await within(agenda).findByText("Results due")).toBeVisible();
    const links = within(agenda).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["All scrims", `/app/workspaces/${WORKSPACE_ID}/scrims`],
      ["Scrim vs Koi", `/app/workspaces/${WORKSPACE_ID}/scrims/d1`],
      ["3 more on the scrims page", `/app/workspaces/${WORKSPACE_ID}/scrims`],
      ["Scrim vs GiantX", `/app/workspaces/${WORKSPACE_ID}/scrims/n1`],
    ]);
    // The start in the zone it was agreed in, its status and its games.
    expect(within(agenda).getByText("Sun, Dec 6, 07:00 PM (Europe/Madrid)")).toBeVisible();
    expect(within(agenda).getByText("Confirmed · 2 games")).toBeVisible();
    expect(within(agenda).getByText("Planned · 3 games")).toBeVisible();
  });

  it("says nothing is coming up, and tells the staff where to plan the next block", async () => {
    stubApi([[AGENDA, EMPTY]]);
    show("viewer");
    expect(await screen.findByText("No scrim coming up.")).toBeVisible();
    expect(screen.queryByText("Results due")).toBeNull();
    cleanup();
    show("owner");
    expect(
      await screen.findByText("No scrim coming up. Plan the next block on the scrims page."),
    ).toBeVisible();
  });

  it("shows a failed answer with a retry that asks again", async () => {
    let calls = 0;
    stubApi([
      [
        AGENDA,
        () => {
          calls += 1;
          return calls === 1
            ? Response.json({ detail: "The database is busy.", code: "server_error" }, { status: 503 })
            : EMPTY;
        },
      ],
    ]);
    show("coach");
    const agenda = await screen.findByRole("region", { name: "Scrims" });
    expect(await within(agenda).findByRole("alert")).toHaveTextContent("The request failed (status 503)");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/^No scrim coming up/)).toBeVisible();
    expect(calls).toBe(2);
  });

  it("reads in Spanish", async () => {
    await i18n.changeLanguage("es");
    stubApi([
      [
        AGENDA,
        {
          ...EMPTY,
          results_due: [block("d1", "Scrim vs Koi", "2026-12-01T18:00:00.000Z")],
          results_due_count: 1,
        },
      ],
    ]);
    show("coach");
    const agenda = await screen.findByRole("region", { name: "Scrims" });
    expect(await within(agenda).findByText("Faltan resultados")).toBeVisible();
    expect(within(agenda).getByText("Planificado · 3 partidas")).toBeVisible();
    expect(within(agenda).getByRole("link", { name: "Todos los scrims" })).toBeVisible();
  });
});
