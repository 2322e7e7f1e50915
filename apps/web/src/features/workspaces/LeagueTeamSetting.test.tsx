import "@/lib/i18n.ts";
import type { League, Team, Workspace } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { planFeaturesOf } from "@/test/workspace-fixtures.ts";
import { LeagueTeamSetting } from "./LeagueTeamSetting.tsx";

const league = (id: number, name: string, region: string): League => ({
  id,
  name,
  short_name: name,
  region,
  is_custom: false,
});
const LEC = league(1, "LEC", "Europe");
const LCK = league(2, "LCK", "Korea");
const team = (id: number, name: string, league: League): Team => ({
  id,
  name,
  short_name: name.slice(0, 3).toUpperCase(),
  league_id: league.id,
  is_custom: false,
});
const G2 = team(7, "G2 Esports", LEC);
const T1 = team(9, "T1", LCK);

const owner: Workspace = {
  id: "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001",
  name: "Scrim Squad",
  tag: "SQD",
  colour: "#0ea5e9",
  team_id: null,
  team_name: null,
  role: "owner",
  capabilities: ["read", "edit_drafts", "manage_members", "manage_workspace"],
  read_only: false,
  read_only_reason: null,
  seats: { staff_used: 1, staff_limit: 5, roster_used: 0, roster_limit: 15 },
  plan_features: planFeaturesOf("pro"),
  billing: { owner: { user_id: 1, username: "ana", name: null }, offer: null },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

/** Answers leagues and teams (or fails them) and the PATCH, recording every write. */
function stubApi(options: { teams?: Team[]; failLeagues?: number } = {}) {
  const writes: { url: string; method: string; body: unknown }[] = [];
  let leagueFailures = options.failLeagues ?? 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && url.endsWith("/drafts/leagues/")) {
        if (leagueFailures > 0) {
          leagueFailures -= 1;
          return Response.json({ detail: "Down.", code: "internal_error" }, { status: 503 });
        }
        return Response.json([LEC, LCK]);
      }
      if (method === "GET" && url.endsWith("/drafts/teams/")) return Response.json(options.teams ?? [G2, T1]);
      const body = init?.body ? (JSON.parse(String(init.body)) as { team_id: number | null }) : null;
      writes.push({ url, method, body });
      const linked = [G2, T1].find((candidate) => candidate.id === body?.team_id);
      return Response.json({ ...owner, team_id: linked?.id ?? null, team_name: linked?.name ?? null });
    }),
  );
  return writes;
}

function show(workspace: Workspace) {
  return renderInApp(<LeagueTeamSetting workspace={workspace} />);
}

describe("the workspace's league team", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lets an owner search the teams by league, link one, and go back to none", async () => {
    const writes = stubApi();
    show(owner);
    expect(screen.getByRole("status")).toHaveTextContent("Loading league teams…");
    const picker = await screen.findByRole("combobox", { name: "Our league team" });
    expect(picker).toHaveTextContent("None: we are outside any league");
    // The line under it states where the team stands, not the option's wording.
    expect(screen.getByText("Now: Outside any league")).toBeVisible();

    fireEvent.click(picker);
    const search = await screen.findByPlaceholderText("Search teams or leagues…");
    fireEvent.change(search, { target: { value: "lck" } });
    const list = screen.getByRole("listbox");
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["T1 · LCK"]),
    );
    fireEvent.click(within(list).getByRole("option", { name: "T1 · LCK" }));
    await waitFor(() =>
      expect(writes).toEqual([
        { url: `/api/workspaces/${owner.id}/`, method: "PATCH", body: { team_id: T1.id } },
      ]),
    );

    // The page answers with the linked workspace; "none" unlinks it.
    cleanup();
    show({ ...owner, team_id: T1.id, team_name: T1.name });
    const linked = await screen.findByRole("combobox", { name: "Our league team" });
    expect(linked).toHaveTextContent("T1 · LCK");
    fireEvent.click(linked);
    fireEvent.click(await screen.findByRole("option", { name: "None: we are outside any league" }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: "PATCH", body: { team_id: null } }));
  });

  it("shows everyone else the team and its league, with no control", async () => {
    stubApi();
    show({
      ...owner,
      role: "coach",
      capabilities: ["read", "edit_drafts"],
      team_id: G2.id,
      team_name: G2.name,
    });
    await waitFor(() => expect(screen.getByTestId("workspace-team")).toHaveTextContent("G2 Esports · LEC"));
    expect(screen.getByTestId("workspace-team")).toHaveTextContent("Owners change it.");
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("says when the teams cannot be loaded and retries; with no team only none is offered", async () => {
    const writes = stubApi({ failLeagues: 1, teams: [] });
    show(owner);
    expect(await screen.findByRole("alert")).toHaveTextContent("The league teams could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    const picker = await screen.findByRole("combobox", { name: "Our league team" });
    expect(screen.getByText("No league team to choose yet: add one when you create a draft.")).toBeVisible();
    fireEvent.click(picker);
    const list = await screen.findByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["None: we are outside any league"]);
    expect(writes).toEqual([]);
  });
});
