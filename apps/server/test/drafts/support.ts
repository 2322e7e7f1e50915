import type { DraftAction, DraftSession, League, Team } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import type { FastifyInstance } from "fastify";
import { registerUser, type TestUser } from "../helpers/users.ts";

/** Helpers of the drafts, leagues, recommendations and matches integration tests. */

export type Caller = TestUser;

/** A fresh user (registerUser), on the Community plan unless `plan` says otherwise. */
export function newUser(app: FastifyInstance, plan?: "plus" | "pro"): Promise<Caller> {
  return registerUser(app, { plan });
}

export async function firstLeagueWithTeams(app: FastifyInstance): Promise<{ league: League; teams: Team[] }> {
  const leagues = (await app.inject({ method: "GET", url: "/api/drafts/leagues/" })).json() as League[];
  const league = leagues.find((candidate) => candidate.name === "LEC") ?? leagues[0]!;
  const teams = (
    await app.inject({ method: "GET", url: `/api/drafts/leagues/${league.id}/teams/` })
  ).json() as Team[];
  return { league, teams };
}

export async function createSession(
  app: FastifyInstance,
  caller: Caller,
  overrides: Record<string, unknown> = {},
): Promise<DraftSession> {
  const { league, teams } = await firstLeagueWithTeams(app);
  const res = await app.inject({
    method: "POST",
    url: "/api/drafts/sessions/",
    headers: caller.headers,
    payload: {
      title: "Scrim vs rivals",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as DraftSession;
}

/** Champion ids of the seeded pool, in name order. */
export async function championIds(app: FastifyInstance): Promise<number[]> {
  const res = await app.inject({ method: "GET", url: "/api/drafts/champions/" });
  return (res.json() as Array<{ id: number }>).map((champion) => champion.id);
}

/** The body of step `index` with a champion. */
export function stepBody(index: number, championId: number | null) {
  const step = DRAFT_SEQUENCE[index]!;
  return { phase_number: index, action_type: step.type, team_side: step.side, champion_id: championId };
}

/** Plays steps [from, to) with distinct champions from `pool` (champion i = pool[i]). */
export async function playSteps(
  app: FastifyInstance,
  caller: Caller,
  sessionId: string,
  pool: readonly number[],
  to: number,
  from = 0,
): Promise<DraftAction[]> {
  const saved: DraftAction[] = [];
  for (let index = from; index < to; index += 1) {
    const res = await app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${sessionId}/actions/`,
      headers: caller.headers,
      payload: stepBody(index, pool[index]!),
    });
    if (res.statusCode !== 201) throw new Error(`step ${index} failed: ${res.statusCode} ${res.body}`);
    saved.push(res.json() as DraftAction);
  }
  return saved;
}
