import type { DraftSession, Series, WorkspaceRole } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { championIds, createSession, firstLeagueWithTeams, playSteps, stepBody } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

type Actor = WorkspaceRole | "outsider";
const ACTORS: readonly Actor[] = ["owner", "coach", "analyst", "player", "viewer", "outsider"];
const STAFF = { owner: "ok", coach: "ok", analyst: "ok", player: 403, viewer: 403, outsider: 404 } as const;
const ROSTER_EDITORS = {
  owner: "ok",
  coach: "ok",
  analyst: 403,
  player: 403,
  viewer: 403,
  outsider: 404,
} as const;
const COMMENTERS = {
  owner: "ok",
  coach: "ok",
  analyst: "ok",
  player: "ok",
  viewer: 403,
  outsider: 404,
} as const;
const NOBODY = { owner: 403, coach: 403, analyst: 403, player: 403, viewer: 403, outsider: 404 } as const;
const EVERY_MEMBER = {
  owner: "ok",
  coach: "ok",
  analyst: "ok",
  player: "ok",
  viewer: "ok",
  outsider: 404,
} as const;

/**
 * The permission matrix of workspace items: every role x every session and series route, and the
 * activity, comment and export routes (decision 028), the PNG cards and roster reviews (033). The
 * expected table is written out, so changing any cell (in ROLE_CAPABILITIES or a route's
 * capability) fails this test. "ok" = the role passes the permission check (2xx, or a draft rule's
 * 409); the outsider owns a workspace of its own, so a 404 is also the cross-workspace IDOR check.
 */
const EXPECTED: Record<string, Record<Actor, "ok" | 403 | 404>> = {
  "GET session": EVERY_MEMBER,
  "GET session actions": EVERY_MEMBER,
  "GET session champions-status": EVERY_MEMBER,
  "GET session recommendations": EVERY_MEMBER,
  "PUT session": STAFF,
  "PATCH session": STAFF,
  "DELETE session": STAFF,
  "POST session action": STAFF,
  "PUT session action": STAFF,
  "DELETE session action": STAFF,
  "PUT session workspace": STAFF,
  "GET series": EVERY_MEMBER,
  "POST series game": STAFF,
  "PATCH series game": STAFF,
  "DELETE series": STAFF,
  "PUT series workspace": STAFF,
  "GET workspace session list": EVERY_MEMBER,
  "GET workspace series list": EVERY_MEMBER,
  "GET roster": EVERY_MEMBER,
  "GET roster records": EVERY_MEMBER,
  "POST roster player": ROSTER_EDITORS,
  "PUT another player's pool": ROSTER_EDITORS,
  "GET workspace priorities": EVERY_MEMBER,
  "PUT workspace priorities": STAFF,
  "POST practice in workspace": STAFF,
  "POST practice resume": STAFF,
  "POST session in workspace": STAFF,
  "POST session import in workspace": STAFF,
  "POST series in workspace": STAFF,
  "GET workspace activity": EVERY_MEMBER,
  "GET item context": EVERY_MEMBER,
  "GET session comments": EVERY_MEMBER,
  "POST session comment": COMMENTERS,
  "POST series comment": COMMENTERS,
  "PATCH a coach's comment": { ...NOBODY, coach: "ok" },
  "DELETE a coach's comment": { ...NOBODY, owner: "ok", coach: "ok" },
  "GET workspace export": { ...STAFF },
  "GET session image": EVERY_MEMBER,
  "GET series image": EVERY_MEMBER,
  "GET review": EVERY_MEMBER,
  "PUT review": STAFF,
  "DELETE review": STAFF,
  "PUT review workspace": STAFF,
  "POST review in workspace": STAFF,
  "GET workspace review list": EVERY_MEMBER,
  "GET workspace scrim list": EVERY_MEMBER,
  "POST scrim in workspace": STAFF,
  "GET scrim": EVERY_MEMBER,
  "PATCH scrim": STAFF,
  "DELETE scrim": STAFF,
  "PUT scrim game draft": STAFF,
  "PUT scrim game result": { ...STAFF, player: "ok" },
  "PUT scrim game result, not on the lineup": { ...STAFF },
  "DELETE scrim game result": STAFF,
  "PUT scrim game review": STAFF,
  "GET scrim game history": EVERY_MEMBER,
  "GET scrim tags": EVERY_MEMBER,
  "GET scrim ledger": EVERY_MEMBER,
  "GET scrim analytics": EVERY_MEMBER,
  "GET draft analytics in workspace": EVERY_MEMBER,
  "GET scrim ledger CSV export": STAFF,
  "POST scrim comment": COMMENTERS,
  "GET scrim context": EVERY_MEMBER,
};

describeEachDialect("workspaces: items, permission matrix, moving", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

  async function sessionIn(owner: TestUser, workspaceId: string): Promise<DraftSession> {
    const session = await createSession(ctx.app, owner);
    const moved = await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, owner, {
      workspace_id: workspaceId,
    });
    if (moved.statusCode !== 200) throw new Error(`move: ${moved.statusCode} ${moved.body}`);
    await playSteps(ctx.app, owner, session.id, pool, 1);
    return session;
  }

  async function seriesIn(owner: TestUser, workspaceId: string): Promise<Series> {
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const res = await call("POST", "/api/series/", owner, {
      title: "Finals prep",
      league_id: league.id,
      team_a_id: teams[0]!.id,
      team_b_id: teams[1]!.id,
      best_of: 3,
      rule: { from: "picks", scope: "both", reset_last_game: false },
    });
    const series = res.json() as Series;
    const moved = await call("PUT", `/api/series/${series.id}/workspace/`, owner, {
      workspace_id: workspaceId,
    });
    if (moved.statusCode !== 200) throw new Error(`move series: ${moved.statusCode} ${moved.body}`);
    return series;
  }

  it("grants every role exactly its cells on every session, series, roster, activity, comment, export, image, review and scrim route", {
    timeout: 300_000,
  }, async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const actors: Record<Actor, TestUser> = { ...members, outsider };
    const owner = members.owner;
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const sessionBody = {
      title: "Edited",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    };

    const reviewBody = {
      league_id: league.id,
      team_id: teams[0]!.id,
      season: "2026 Spring",
      title: "Scouting the mid lane",
      description: "What we expect",
      review_text: "They swap mid laners in scrims.",
    };
    const reviewIn = async () => {
      const res = await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, owner, reviewBody);
      if (res.statusCode !== 201) throw new Error(`review: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: number }).id;
    };
    const image = "?size=social&theme=dark&lang=en";

    const shared = await sessionIn(owner, workspace.id);
    const sharedSeries = await seriesIn(owner, workspace.id);
    const exported = (await call("GET", `/api/drafts/sessions/${shared.id}/export/`, owner)).json() as object;
    const coachComment = async () => {
      const res = await call("POST", "/api/comments/", members.coach, {
        item_type: "session",
        item_id: shared.id,
        body: "Ban Azir?",
      });
      return (res.json() as { id: number }).id;
    };

    const routes: Record<string, (user: TestUser) => Promise<number>> = {
      "GET session": async (u) =>
        (await call("GET", `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/`, u))
          .statusCode,
      "GET session actions": async (u) =>
        (await call("GET", `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/actions/`, u))
          .statusCode,
      "GET session champions-status": async (u) =>
        (
          await call(
            "GET",
            `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/champions-status/`,
            u,
          )
        ).statusCode,
      "GET session recommendations": async (u) =>
        (
          await call(
            "GET",
            `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/recommendations/`,
            u,
          )
        ).statusCode,
      "PUT session": async (u) =>
        (
          await call(
            "PUT",
            `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/`,
            u,
            sessionBody,
          )
        ).statusCode,
      "PATCH session": async (u) =>
        (
          await call("PATCH", `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/`, u, {
            title: "Renamed",
          })
        ).statusCode,
      "DELETE session": async (u) =>
        (await call("DELETE", `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/`, u))
          .statusCode,
      "POST session action": async (u) =>
        (
          await call(
            "POST",
            `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/actions/`,
            u,
            stepBody(1, pool[1]!),
          )
        ).statusCode,
      "PUT session action": async (u) => {
        const session = await sessionIn(owner, workspace.id);
        const [action] = (await call("GET", `/api/drafts/sessions/${session.id}/actions/`, owner)).json() as {
          id: number;
        }[];
        return (
          await call("PUT", `/api/drafts/sessions/${session.id}/actions/${action!.id}/`, u, {
            champion_id: pool[5],
          })
        ).statusCode;
      },
      "DELETE session action": async (u) => {
        const session = await sessionIn(owner, workspace.id);
        const [action] = (await call("GET", `/api/drafts/sessions/${session.id}/actions/`, owner)).json() as {
          id: number;
        }[];
        return (await call("DELETE", `/api/drafts/sessions/${session.id}/actions/${action!.id}/`, u))
          .statusCode;
      },
      "PUT session workspace": async (u) =>
        (
          await call(
            "PUT",
            `/api/drafts/sessions/${(await sessionIn(owner, workspace.id)).id}/workspace/`,
            u,
            {
              workspace_id: workspace.id,
            },
          )
        ).statusCode,
      "GET series": async (u) =>
        (await call("GET", `/api/series/${(await seriesIn(owner, workspace.id)).id}/`, u)).statusCode,
      "POST series game": async (u) =>
        (
          await call("POST", `/api/series/${(await seriesIn(owner, workspace.id)).id}/games/`, u, {
            blue_team: "A",
          })
        ).statusCode,
      "PATCH series game": async (u) =>
        (
          await call("PATCH", `/api/series/${(await seriesIn(owner, workspace.id)).id}/games/1/`, u, {
            winner: "A",
          })
        ).statusCode,
      "DELETE series": async (u) =>
        (await call("DELETE", `/api/series/${(await seriesIn(owner, workspace.id)).id}/`, u)).statusCode,
      "PUT series workspace": async (u) =>
        (
          await call("PUT", `/api/series/${(await seriesIn(owner, workspace.id)).id}/workspace/`, u, {
            workspace_id: workspace.id,
          })
        ).statusCode,
      "GET workspace session list": async (u) =>
        (await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, u)).statusCode,
      "GET workspace series list": async (u) =>
        (await call("GET", `/api/series/?workspace=${workspace.id}`, u)).statusCode,
      "GET roster": async (u) => (await call("GET", `/api/workspaces/${workspace.id}/roster/`, u)).statusCode,
      "GET roster records": async (u) =>
        (await call("GET", `/api/workspaces/${workspace.id}/roster/records/`, u)).statusCode,
      "POST roster player": async (u) =>
        (
          await call("POST", `/api/workspaces/${workspace.id}/roster/`, u, {
            name: "Canyon",
            position: "jungle",
          })
        ).statusCode,
      "PUT another player's pool": async (u) => {
        const player = (
          await call("POST", `/api/workspaces/${workspace.id}/roster/`, owner, {
            name: "Chovy",
            position: "mid",
          })
        ).json() as { id: number };
        return (
          await call("PUT", `/api/workspaces/${workspace.id}/roster/${player.id}/pool/`, u, {
            entries: [{ champion_id: pool[0], tier: "S" }],
          })
        ).statusCode;
      },
      "GET workspace priorities": async (u) =>
        (await call("GET", `/api/workspaces/${workspace.id}/priorities/`, u)).statusCode,
      "PUT workspace priorities": async (u) =>
        (
          await call("PUT", `/api/workspaces/${workspace.id}/priorities/`, u, {
            priorities: [{ champion_id: pool[0], tier: "A", positions: ["mid"] }],
          })
        ).statusCode,
      "POST session in workspace": async (u) =>
        (await call("POST", `/api/drafts/sessions/?workspace=${workspace.id}`, u, sessionBody)).statusCode,
      "POST session import in workspace": async (u) =>
        (await call("POST", `/api/drafts/sessions/import/?workspace=${workspace.id}`, u, exported))
          .statusCode,
      "POST series in workspace": async (u) =>
        (
          await call("POST", `/api/series/?workspace=${workspace.id}`, u, {
            title: "Semis prep",
            league_id: league.id,
            team_a_id: teams[0]!.id,
            team_b_id: teams[1]!.id,
            best_of: 1,
            rule: { from: "picks", scope: "both", reset_last_game: false },
          })
        ).statusCode,
      "GET workspace activity": async (u) =>
        (await call("GET", `/api/workspaces/${workspace.id}/activity/`, u)).statusCode,
      "GET item context": async (u) =>
        (await call("GET", `/api/items/session/${shared.id}/context/`, u)).statusCode,
      "GET session comments": async (u) =>
        (await call("GET", `/api/comments/?item_type=session&item_id=${shared.id}`, u)).statusCode,
      "POST session comment": async (u) =>
        (await call("POST", "/api/comments/", u, { item_type: "session", item_id: shared.id, body: "Hi" }))
          .statusCode,
      "POST series comment": async (u) =>
        (
          await call("POST", "/api/comments/", u, {
            item_type: "series",
            item_id: sharedSeries.id,
            body: "Hi",
          })
        ).statusCode,
      "PATCH a coach's comment": async (u) =>
        (await call("PATCH", `/api/comments/${await coachComment()}/`, u, { body: "Edited" })).statusCode,
      "DELETE a coach's comment": async (u) =>
        (await call("DELETE", `/api/comments/${await coachComment()}/`, u)).statusCode,
      "GET workspace export": async (u) =>
        (await call("GET", `/api/workspaces/${workspace.id}/export/`, u)).statusCode,
      "GET session image": async (u) =>
        (await call("GET", `/api/drafts/sessions/${shared.id}/image.png${image}`, u)).statusCode,
      "GET series image": async (u) =>
        (await call("GET", `/api/series/${sharedSeries.id}/image.png${image}`, u)).statusCode,
      "GET review": async (u) =>
        (await call("GET", `/api/rosters/reviews/${await reviewIn()}/`, u)).statusCode,
      "PUT review": async (u) =>
        (
          await call("PUT", `/api/rosters/reviews/${await reviewIn()}/`, u, {
            ...reviewBody,
            title: "Edited",
          })
        ).statusCode,
      "DELETE review": async (u) =>
        (await call("DELETE", `/api/rosters/reviews/${await reviewIn()}/`, u)).statusCode,
      "PUT review workspace": async (u) =>
        (
          await call("PUT", `/api/rosters/reviews/${await reviewIn()}/workspace/`, u, {
            workspace_id: workspace.id,
          })
        ).statusCode,
      "POST review in workspace": async (u) =>
        (await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, u, reviewBody)).statusCode,
      "GET workspace review list": async (u) =>
        (await call("GET", `/api/rosters/reviews/?workspace=${workspace.id}`, u)).statusCode,
    };

    await seedMatchSample(ctx.db);
    const practice = { opponent_team: "Weibo Gaming", side: "BLUE", workspace_id: workspace.id };
    routes["POST practice in workspace"] = async (u) =>
      (await call("POST", "/api/practice/", u, practice)).statusCode;
    routes["POST practice resume"] = async (u) => {
      const started = (await call("POST", "/api/practice/", owner, practice)).json() as {
        practice: { session_id: string };
      };
      return (await call("POST", `/api/practice/sessions/${started.practice.session_id}/resume/`, u))
        .statusCode;
    };

    // Scrims (decision 050): one scrim serves every cell but its deletion (a second logged draft is
    // a 409, a permission passed; a second result a correction). The player is on the lineup of
    // `scrimIn()`'s scrims, not of `offLineup`.
    const rostered = await call("POST", `/api/workspaces/${workspace.id}/roster/`, owner, {
      name: "Ruler",
      position: "bot",
      user_id: members.player.id,
    });
    const lineup = [(rostered.json() as { id: string }).id];
    const scrimIn = async (extra: object = {}) => {
      const res = await call("POST", `/api/workspaces/${workspace.id}/scrims/`, owner, {
        opponent: { name: "Gen.G Academy" },
        starts_at: "2026-12-01T17:00:00Z",
        time_zone: "Asia/Seoul",
        games_count: 1,
        prepare_rooms: false,
        lineup,
        ...extra,
      });
      if (res.statusCode !== 201) throw new Error(`scrim: ${res.statusCode} ${res.body}`);
      const scrim = res.json() as { id: string; games: { id: string }[] };
      return { id: scrim.id, game: `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}` };
    };
    const sharedScrim = await scrimIn();
    const offLineup = await scrimIn({ lineup: [] });
    const result = { winner: "us", our_side: "BLUE" };
    const loggedDraft = { our_side: "BLUE", actions: pool.slice(0, 20).map((id) => ({ champion_id: id })) };
    Object.assign(routes, {
      "GET workspace scrim list": async (u: TestUser) =>
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/`, u)).statusCode,
      "POST scrim in workspace": async (u: TestUser) =>
        (
          await call("POST", `/api/workspaces/${workspace.id}/scrims/`, u, {
            opponent: { name: "T1 Academy" },
            starts_at: "2026-12-02T17:00:00Z",
            time_zone: "UTC",
            prepare_rooms: false,
          })
        ).statusCode,
      "GET scrim": async (u: TestUser) => (await call("GET", `/api/scrims/${sharedScrim.id}/`, u)).statusCode,
      "PATCH scrim": async (u: TestUser) =>
        (await call("PATCH", `/api/scrims/${sharedScrim.id}/`, u, { status: "confirmed" })).statusCode,
      "DELETE scrim": async (u: TestUser) =>
        (await call("DELETE", `/api/scrims/${(await scrimIn()).id}/`, u)).statusCode,
      "PUT scrim game draft": async (u: TestUser) =>
        (await call("PUT", `${sharedScrim.game}/draft/`, u, loggedDraft)).statusCode,
      "PUT scrim game result": async (u: TestUser) =>
        (await call("PUT", `${sharedScrim.game}/result/`, u, result)).statusCode,
      "PUT scrim game result, not on the lineup": async (u: TestUser) =>
        (await call("PUT", `${offLineup.game}/result/`, u, result)).statusCode,
      "DELETE scrim game result": async (u: TestUser) => {
        await call("PUT", `${offLineup.game}/result/`, owner, result);
        return (await call("DELETE", `${offLineup.game}/result/`, u)).statusCode;
      },
      "PUT scrim game review": async (u: TestUser) =>
        (await call("PUT", `${sharedScrim.game}/review/`, u, { verdict: "execution", tags: ["scaling"] }))
          .statusCode,
      "GET scrim game history": async (u: TestUser) =>
        (await call("GET", `${sharedScrim.game}/history/`, u)).statusCode,
      "GET scrim tags": async (u: TestUser) =>
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/tags/`, u)).statusCode,
      "GET scrim ledger": async (u: TestUser) =>
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/ledger/`, u)).statusCode,
      "GET scrim analytics": async (u: TestUser) =>
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/analytics/?kind=all`, u)).statusCode,
      "GET draft analytics in workspace": async (u: TestUser) =>
        (await call("GET", `/api/drafts/analytics/?workspace=${workspace.id}`, u)).statusCode,
      "GET scrim ledger CSV export": async (u: TestUser) =>
        (await call("GET", `/api/workspaces/${workspace.id}/scrims/export/`, u)).statusCode,
      "POST scrim comment": async (u: TestUser) =>
        (await call("POST", "/api/comments/", u, { item_type: "scrim", item_id: sharedScrim.id, body: "Hi" }))
          .statusCode,
      "GET scrim context": async (u: TestUser) =>
        (await call("GET", `/api/items/scrim/${sharedScrim.id}/context/`, u)).statusCode,
    });

    const seen: Record<string, Record<Actor, "ok" | number>> = {};
    for (const [name, run] of Object.entries(routes)) {
      seen[name] = {} as Record<Actor, "ok" | number>;
      for (const actor of ACTORS) {
        const status = await run(actors[actor]);
        // A draft rule's 409 (a game in progress, an incomplete draft) means the permission passed.
        seen[name][actor] = status < 300 || status === 409 ? "ok" : status;
      }
    }
    expect(seen).toEqual(EXPECTED);
  });

  it("lists workspace items for members only and keeps personal lists personal", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const session = await sessionIn(members.owner, workspace.id);
    const personal = await createSession(ctx.app, members.owner, { title: "Mine only" });
    const inWorkspace = (
      await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, members.viewer)
    ).json() as {
      results: DraftSession[];
    };
    expect(inWorkspace.results.map((s) => s.id)).toEqual([session.id]);
    const mine = (await call("GET", "/api/drafts/sessions/", members.owner)).json() as {
      results: DraftSession[];
    };
    expect(mine.results.map((s) => s.id)).toEqual([personal.id]);
    expect((await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, outsider)).statusCode).toBe(
      404,
    );
    // A member never reaches another member's personal item.
    expect((await call("GET", `/api/drafts/sessions/${personal.id}/`, members.coach)).statusCode).toBe(404);
  });

  it("moves a series with its games, and only the creator moves an item back to personal", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const series = await seriesIn(members.owner, workspace.id);
    const listed = (
      await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, members.player)
    ).json() as {
      results: DraftSession[];
    };
    expect(listed.results.map((s) => s.id)).toEqual([series.games[0]!.session_id]);
    const back = await call("PUT", `/api/series/${series.id}/workspace/`, members.analyst, {
      workspace_id: null,
    });
    expect(back.statusCode).toBe(403);
    const creator = members.owner;
    expect(
      (await call("PUT", `/api/series/${series.id}/workspace/`, creator, { workspace_id: null })).statusCode,
    ).toBe(200);
    expect((await call("GET", `/api/series/${series.id}/`, members.analyst)).statusCode).toBe(404);
    const afterwards = (
      await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, members.player)
    ).json() as {
      results: unknown[];
    };
    expect(afterwards.results).toEqual([]);
    // Moving into a workspace one does not belong to is a 404.
    const stranger = await registerUser(ctx.app, { plan: "pro" });
    const theirs = await createWorkspace(ctx.app, stranger, { name: "Other", tag: "OTH" });
    expect(
      (await call("PUT", `/api/series/${series.id}/workspace/`, creator, { workspace_id: theirs.id }))
        .statusCode,
    ).toBe(404);
  });
});
