import type { APIRequestContext } from "@playwright/test";
import { SEQUENCE } from "../support/draft-order.ts";
import { authHeaders, expect, type TestUser } from "../support/fixtures.ts";

/** Shared by plans.spec.ts and analytics.spec.ts: plan changes and drafts through the API. */

export async function startProTrial(request: APIRequestContext, user: TestUser): Promise<void> {
  const tiers = (await (await request.get("/api/subscriptions/tiers/")).json()) as {
    id: number;
    key: string;
  }[];
  const pro = tiers.find((tier) => tier.key === "pro");
  expect(pro).toBeTruthy();
  const res = await request.post("/api/subscriptions/", {
    headers: authHeaders(user),
    data: { tier_id: pro!.id, trial: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

function asList<T>(data: T[] | { results: T[] }): T[] {
  return Array.isArray(data) ? data : data.results;
}

/** Creates a draft session in the first league; returns the raw response so limits can be checked. */
export async function createDraft(request: APIRequestContext, user: TestUser, title = "Scrim") {
  const headers = authHeaders(user);
  const leagues = asList(
    (await (await request.get("/api/drafts/leagues/", { headers })).json()) as { id: number }[],
  );
  const league = leagues[0]!;
  const teams = asList(
    (await (await request.get(`/api/drafts/leagues/${league.id}/teams/`, { headers })).json()) as {
      id: number;
    }[],
  );
  return request.post("/api/drafts/sessions/", {
    headers,
    data: { title, league_id: league.id, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id },
  });
}

export async function createDrafts(
  request: APIRequestContext,
  user: TestUser,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const res = await createDraft(request, user, `Scrim ${index + 1}`);
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

export async function championIds(request: APIRequestContext): Promise<Map<string, number>> {
  const list = (await (await request.get("/api/drafts/champions/")).json()) as { id: number; name: string }[];
  return new Map(list.map((champion) => [champion.name, champion.id]));
}

/** Plays a complete draft (20 champion names in step order) and records the winner. */
export async function playDraft(
  request: APIRequestContext,
  user: TestUser,
  ids: Map<string, number>,
  champions: readonly string[],
  winner: "BLUE" | "RED" | null,
): Promise<void> {
  const headers = authHeaders(user);
  const [id] = await createDrafts(request, user, 1);
  for (const [index, [side, type]] of SEQUENCE.entries()) {
    const name = champions[index]!;
    expect(ids.has(name), `champion ${name}`).toBe(true);
    const res = await request.post(`/api/drafts/sessions/${id}/actions/`, {
      headers,
      data: { champion_id: ids.get(name), phase_number: index, action_type: type, team_side: side },
    });
    expect(res.status(), `${name} at step ${index}: ${await res.text()}`).toBe(201);
  }
  if (winner) {
    const res = await request.patch(`/api/drafts/sessions/${id}/`, { headers, data: { winner } });
    expect(res.status(), await res.text()).toBe(200);
  }
}
