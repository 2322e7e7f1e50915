import type { DraftAction, DraftSession, League, Team } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { setPlan } from "../../src/cli/set-plan.ts";
import type { Database } from "../../src/db/schema.ts";

/** Helpers of the drafts, leagues, recommendations and matches integration tests. */

let counter = 0;

export interface Caller {
  id: number;
  username: string;
  headers: { authorization: string };
}

/** Registers a fresh user through the API (Community plan). */
export async function newUser(app: FastifyInstance, plan?: "plus" | "pro"): Promise<Caller> {
  counter += 1;
  const username = `drafter${Date.now().toString(36)}${counter}`;
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: {
      username,
      email: `${username}@example.com`,
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Dra",
      last_name: "Fter",
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: number } };
  if (plan) await setPlan(app.db as Kysely<Database>, username, plan);
  return { id: json.user.id, username, headers: { authorization: `Token ${json.token}` } };
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
