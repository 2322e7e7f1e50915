import "@/lib/i18n.ts";
import { STORAGE_KEYS } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { signInForTest, stubApi, WORKSPACE_ID, workspaceAs } from "@/test/workspace-fixtures.ts";
import { workspaceKeys } from "./api.ts";
import { SetUpSteps } from "./SetUpSteps.tsx";

const PLAN = { id: "9a1c2d3e-4b5f-4a6b-8c7d-0e1f2a3b4c5d", name: "vs Rivals", version: 1 };

/** The workspace's data as the API answers it: what exists decides which steps are done. */
function answers({ invites = [], roster = [], plans = [], scrims = [] }: Record<string, unknown[]> = {}) {
  return stubApi([
    [/^GET \/api\/workspaces\/[^/]+\/invites\/$/, invites],
    [/^GET \/api\/workspaces\/[^/]+\/roster\/$/, roster],
    [/^GET \/api\/draft-plans\/\?workspace_id=/, { results: plans }],
    [/^GET \/api\/workspaces\/[^/]+\/scrims\/$/, { results: scrims, next: null }],
  ]);
}

function show(role: "owner" | "coach" | "analyst" | "player" | "viewer", options = {}) {
  renderInApp(<SetUpSteps workspace={{ ...workspaceAs(role), ...options }} />, {
    client: testQueryClient({ staleTime: Infinity }),
  });
}

describe("the staff's set-up steps in a new workspace", () => {
  beforeEach(() => {
    localStorage.clear();
    signInForTest();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("lists an owner's four steps, each with where to take it, ticked from the workspace's data", async () => {
    answers({ plans: [PLAN] });
    show("owner");
    const card = await screen.findByRole("region", { name: "Set up your team" });
    expect(card).toHaveTextContent("1 of 4 done");
    const items = within(card).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Invite your team \(to do\)/),
      expect.stringMatching(/^Put your players on the roster \(to do\)/),
      expect.stringMatching(/^Write a draft plan \(done\)/),
      expect.stringMatching(/^Plan a scrim \(to do\)/),
    ]);
    expect(within(card).getByRole("link", { name: "Open the roster" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/pools`,
    );
    expect(within(card).getByRole("link", { name: "Plan a scrim" })).toHaveAttribute(
      "href",
      `/app/workspaces/${WORKSPACE_ID}/scrims`,
    );
    expect(within(card).queryByRole("link", { name: "Write a plan" })).toBeNull();
    expect(within(card).getByRole("button", { name: "Create an invite link" })).toBeVisible();
  });

  it("shows each member only the steps their role may take, and nothing to players and viewers", async () => {
    answers();
    show("analyst");
    const card = await screen.findByRole("region", { name: "Set up your team" });
    expect(card).toHaveTextContent("0 of 2 done");
    expect(within(card).queryByText("Invite your team")).toBeNull();
    expect(within(card).queryByText("Put your players on the roster")).toBeNull();
    cleanup();
    show("player");
    show("viewer");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("goes once every step is done: a member joined, a player, a plan and a scrim", async () => {
    const seats = { staff_used: 1, staff_limit: 5, roster_used: 1, roster_limit: 15 };
    answers({ roster: [{ id: "p1" }], plans: [PLAN] });
    show("owner", { seats });
    expect(await screen.findByRole("region", { name: "Set up your team" })).toHaveTextContent("3 of 4 done");
    cleanup();
    answers({ roster: [{ id: "p1" }], plans: [PLAN], scrims: [{ id: "s1" }] });
    const client = testQueryClient({ staleTime: Infinity });
    renderInApp(<SetUpSteps workspace={{ ...workspaceAs("owner"), seats }} />, { client });
    // Every step's answer is in (the card waits for them all), and the card is not there.
    await vi.waitFor(() => expect(client.getQueryData(workspaceKeys.hasScrims(WORKSPACE_ID))).toBe(true));
    await vi.waitFor(() => expect(client.getQueryData(workspaceKeys.roster(WORKSPACE_ID))).toHaveLength(1));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("stays hidden in this workspace once hidden, and speaks Spanish", async () => {
    answers();
    show("coach");
    await userEvent.click(await screen.findByRole("button", { name: "Hide these steps" }));
    expect(screen.queryByRole("region")).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.setUpHidden) ?? "[]")).toEqual([WORKSPACE_ID]);
    cleanup();
    show("coach");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region")).toBeNull();
    cleanup();
    localStorage.clear();
    await i18n.changeLanguage("es");
    show("coach");
    expect(await screen.findByRole("region", { name: "Prepara a tu equipo" })).toHaveTextContent(
      "0 de 3 hechos",
    );
  });
});
