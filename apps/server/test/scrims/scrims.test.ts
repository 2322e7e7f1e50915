import type { Room, Scrim, ScrimAuditEntry, Workspace, WorkspaceRole } from "@draftroom/contracts";
import { DRAFT_STEP_COUNT } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import * as scrimResultsOnDrafts from "../../src/db/migrations/20261204060000_scrim_results_on_drafts.ts";
import { attachFinishedDraft } from "../../src/modules/scrims/game-drafts.ts";
import { championIds, createSession, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { lockEveryStep, RoomClient } from "../rooms/support.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";

/**
 * The scrim ledger (issue 33, decision 050) on both dialects, over real HTTP handling and, for a
 * room's draft, a real WebSocket: scrims planned with their rooms, drafts logged after the fact
 * (the engine refuses a broken one), results entered by staff or a player of the game, corrected
 * with an audit trail and a feed line, verdicts and tags, and another workspace's ids answered as
 * missing ones. One team and one server for the whole file.
 */
describeEachDialect("scrim ledger", (ctx) => {
  let base: string;
  let pool: number[];
  let workspace: Workspace;
  let members: Record<WorkspaceRole, TestUser>;
  let outsider: TestUser;
  let rivals: Workspace;

  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
    ({ workspace, members, outsider } = await teamWithEveryRole(ctx.app));
    rivals = await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
  });

  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });

  const scrimBody = (overrides: Record<string, unknown> = {}) => ({
    opponent: { name: "Team Liquid Academy", contact_note: "Discord: coach#1234" },
    starts_at: "2026-11-30T18:00:00+01:00",
    time_zone: "Europe/Madrid",
    games_count: 2,
    prepare_rooms: false,
    ...overrides,
  });

  async function plan(overrides: Record<string, unknown> = {}, by: TestUser = members.owner): Promise<Scrim> {
    const res = await call("POST", `/api/workspaces/${workspace.id}/scrims/`, by, scrimBody(overrides));
    if (res.statusCode !== 201) throw new Error(`scrim: ${res.statusCode} ${res.body}`);
    return res.json() as Scrim;
  }

  const logged = (from = 0) => ({
    our_side: "BLUE",
    actions: Array.from({ length: DRAFT_STEP_COUNT }, (_, i) => ({ champion_id: pool[from + i]! })),
  });

  /**
   * Both captains of a prepared room, seated: a prepared room's tokens showed once, so the owner
   * makes new links. Our captain (blue in game 1) is the player, signed in; theirs has no account.
   */
  async function joinCaptains(roomId: string): Promise<{ blue: RoomClient; red: RoomClient }> {
    const room = (await call("GET", `/api/rooms/${roomId}/`, members.owner)).json() as Room;
    const tokens: Record<string, string> = {};
    for (const kind of ["blue_captain", "red_captain"] as const) {
      const link = room.links.find((l) => l.kind === kind)!;
      const rotated = await call("POST", `/api/rooms/${room.id}/links/${link.id}/rotate/`, members.owner);
      expect(rotated.statusCode, rotated.body).toBe(200);
      tokens[kind] = (rotated.json() as { token: string }).token;
    }
    return {
      blue: await RoomClient.join(base, room.id, { token: tokens.blue_captain!, auth: members.player.token }),
      red: await RoomClient.join(base, room.id, { token: tokens.red_captain! }),
    };
  }

  const history = async (scrim: Scrim, gameIndex = 0, user: TestUser = members.owner) =>
    (
      await call("GET", `/api/scrims/${scrim.id}/games/${scrim.games[gameIndex]!.id}/history/`, user)
    ).json() as ScrimAuditEntry[];

  it("plans a scrim with a live room per game, lists, changes and deletes it", async () => {
    const scrim = await plan({ prepare_rooms: true, our_side: "RED", kind: "official" });
    expect(scrim).toMatchObject({
      kind: "official",
      // The API's default title; `untitled` lets each reader's app name it in its language.
      title: "Scrim vs Team Liquid Academy",
      untitled: true,
      opponent: { name: "Team Liquid Academy", team_id: null, key: "name:team liquid academy" },
      starts_at: "2026-11-30T17:00:00.000Z",
      time_zone: "Europe/Madrid",
      status: "planned",
      score: { us: 0, them: 0 },
      can_edit: true,
    });
    expect(scrim.games.map((g) => [g.number, g.status, g.draft_source, g.our_side])).toEqual([
      [1, "scheduled", "room", "RED"],
      [2, "scheduled", "room", "BLUE"],
    ]);
    // Each game's draft is a live room of the workspace, not a copy of one.
    const room = (await call("GET", `/api/rooms/${scrim.games[0]!.room_id}/`, members.coach)).json() as Room;
    expect(room).toMatchObject({ session_id: scrim.games[0]!.session_id, our_side: "RED" });
    // Titled in the language of the member who planned it (the owner's account: English), an
    // untitled official match by its kind and opponent.
    const draft2 = await call("GET", `/api/drafts/sessions/${scrim.games[1]!.session_id}/`, members.owner);
    expect((draft2.json() as { title: string }).title).toBe("Official match vs Team Liquid Academy · Game 2");

    const grown = await call("PATCH", `/api/scrims/${scrim.id}/`, members.analyst, {
      status: "confirmed",
      games_count: 3,
      notes: "Bring the engage comps",
    });
    expect(grown.statusCode, grown.body).toBe(200);
    const after = grown.json() as Scrim;
    expect(after).toMatchObject({ status: "confirmed", games_count: 3, notes: "Bring the engage comps" });
    // Still untitled; a title given is the scrim's name, and an empty one names it by default again.
    expect(after.untitled).toBe(true);
    const titled = (
      await call("PATCH", `/api/scrims/${scrim.id}/`, members.coach, { title: "LEC week 1" })
    ).json();
    expect(titled).toMatchObject({ title: "LEC week 1", untitled: false });
    const cleared = (await call("PATCH", `/api/scrims/${scrim.id}/`, members.coach, { title: "" })).json();
    expect(cleared).toMatchObject({ title: "Scrim vs Team Liquid Academy", untitled: true });
    expect(after.games[2]).toMatchObject({ number: 3, draft_source: "room", our_side: "RED" });

    const list = await call("GET", `/api/workspaces/${workspace.id}/scrims/?kind=official`, members.viewer);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: { id: string }[] }).results.map((s) => s.id)).toContain(scrim.id);
    const none = await call("GET", `/api/workspaces/${workspace.id}/scrims/?from=2027-01-01`, members.viewer);
    expect((none.json() as { count: number }).count).toBe(0);

    expect((await call("DELETE", `/api/scrims/${scrim.id}/`, members.player)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/scrims/${scrim.id}/`, members.coach)).statusCode).toBe(204);
    expect((await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).statusCode).toBe(404);
    // The drafts stay with the workspace: the ledger only linked them.
    expect(
      (await call("GET", `/api/drafts/sessions/${scrim.games[0]!.session_id}/`, members.owner)).statusCode,
    ).toBe(200);
  });

  it("refuses bad input with the error shape and stores nothing", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call(
        "POST",
        `/api/workspaces/${workspace.id}/scrims/`,
        members.owner,
        scrimBody(body),
      );
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; fields: Record<string, string> };
    };
    expect((await bad({ time_zone: "Mars/Olympus" })).fields).toHaveProperty("time_zone");
    expect((await bad({ opponent: { name: "" } })).fields).toHaveProperty(["opponent.name"]);
    expect((await bad({ opponent: { team_id: 2_000_000_000 } })).fields).toHaveProperty(["opponent.team_id"]);
    expect((await bad({ games_count: 9 })).code).toBe("validation_error");
    expect((await bad({ starts_at: "tomorrow" })).fields).toHaveProperty("starts_at");
    expect((await bad({ notes: "a\u0000b" })).code).toBe("validation_error");
    const list = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/?from=2026-11-30&to=2026-11-30`,
      members.owner,
    );
    expect((list.json() as { count: number }).count).toBe(0);
  });

  it("logs a game's draft after the fact through the draft rules, or from a Draftroom export", async () => {
    const scrim = await plan();
    const game = scrim.games[0]!;
    const url = `/api/scrims/${scrim.id}/games/${game.id}/draft/`;

    const twice = logged();
    twice.actions[3] = { champion_id: pool[0]! };
    const broken = await call("PUT", url, members.coach, twice);
    expect(broken.statusCode, broken.body).toBe(409);
    expect(broken.json()).toMatchObject({
      code: "champion_used",
      fields: { "actions.3": expect.any(String) },
    });
    const short = await call("PUT", url, members.coach, {
      our_side: "BLUE",
      actions: logged().actions.slice(0, 5),
    });
    expect(short.json()).toMatchObject({ code: "draft_incomplete" });
    expect((await call("PUT", url, members.player, logged())).statusCode).toBe(403);
    const untouched = (await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).json() as Scrim;
    expect(untouched.games[0]).toMatchObject({ session_id: null, draft_source: null, draft: [] });

    // The coach uses the app in Spanish: the logged draft is titled in Spanish.
    const language = (value: string) =>
      call("PATCH", "/api/users/language/", members.coach, { language: value });
    expect((await language("es")).statusCode).toBe(200);
    const ok = await call("PUT", url, members.coach, logged());
    expect((await language("en")).statusCode).toBe(200);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (ok.json() as Scrim).games[0]!;
    const draft = await call("GET", `/api/drafts/sessions/${after.session_id}/`, members.owner);
    expect((draft.json() as { title: string }).title).toBe("Scrim contra Team Liquid Academy · Partida 1");
    expect(after).toMatchObject({ draft_source: "logged", draft_complete: true, our_side: "BLUE" });
    expect(after.draft).toHaveLength(DRAFT_STEP_COUNT);
    expect(after.draft[0]).toEqual({ step: 0, type: "BAN", side: "BLUE", champion_id: pool[0] });
    expect((await call("PUT", url, members.coach, logged(1))).json()).toMatchObject({
      code: "scrim_game_has_draft",
    });

    // Game 2 from an export of a draft played elsewhere (champions by key).
    const elsewhere = await createSession(ctx.app, members.owner);
    await playSteps(ctx.app, members.owner, elsewhere.id, pool, DRAFT_STEP_COUNT);
    const file = (await call("GET", `/api/drafts/sessions/${elsewhere.id}/export/`, members.owner)).json();
    const second = `/api/scrims/${scrim.id}/games/${scrim.games[1]!.id}/draft/`;
    const notAFile = await call("PUT", second, members.coach, { our_side: "RED", file: { format: "nope" } });
    expect(notAFile.statusCode).toBe(400);
    const imported = await call("PUT", second, members.coach, { our_side: "RED", file });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as Scrim).games[1]).toMatchObject({
      draft_source: "imported",
      draft_complete: true,
    });
    expect((await history(scrim, 1)).map((e) => e.action)).toEqual(["draft_logged"]);
  });

  it("takes results from staff and from a player of the game, audits corrections and shows them in the feed", async () => {
    const scrim = await plan();
    const game = scrim.games[0]!;
    const url = `/api/scrims/${scrim.id}/games/${game.id}/result/`;
    const result = {
      winner: "us",
      our_side: "BLUE",
      duration_seconds: 1860,
      figures: { kills_us: 21, kills_them: 9, gold_diff_at_15: 2400, first_blood: "us", dragons_us: 3 },
      players: [{ position: "mid", name: "Faker", champion_id: pool[30], kills: 7, deaths: 1, assists: 9 }],
    };

    // A player off the lineup cannot; a viewer never; bad results are refused.
    expect((await call("PUT", url, members.player, result)).json()).toMatchObject({ code: "forbidden" });
    expect((await call("PUT", url, members.viewer, result)).statusCode).toBe(403);
    expect((await call("PUT", url, members.coach, { ...result, winner: null })).statusCode).toBe(400);
    expect((await call("PUT", url, members.coach, { status: "remake", winner: "us" })).statusCode).toBe(400);
    const twoMids = { ...result, players: [result.players[0], result.players[0]] };
    expect((await call("PUT", url, members.coach, twoMids)).statusCode).toBe(400);

    // On the lineup (a roster player linked to the account), the player enters it.
    const rostered = await call("POST", `/api/workspaces/${workspace.id}/roster/`, members.owner, {
      name: "Faker",
      position: "mid",
      user_id: members.player.id,
    });
    expect(rostered.statusCode, rostered.body).toBe(201);
    const playerId = (rostered.json() as { id: string }).id;
    await call("PATCH", `/api/scrims/${scrim.id}/`, members.coach, { lineup: [playerId] });
    const asPlayer = (await call("GET", `/api/scrims/${scrim.id}/`, members.player)).json() as Scrim;
    expect(asPlayer.can_edit).toBe(false);
    expect(asPlayer.games[0]!.can_enter_result).toBe(true);
    const entered = await call("PUT", url, members.player, result);
    expect(entered.statusCode, entered.body).toBe(200);
    const first = (entered.json() as Scrim).games[0]!;
    expect(first.status).toBe("played");
    expect(first.result).toMatchObject({
      winner: "us",
      duration_seconds: 1860,
      source: "typed",
      // Named as the team knows them: the roster's name for the linked account.
      entered_by: { id: members.player.id, username: members.player.username, name: "Faker" },
      corrections: 0,
      figures: { kills_us: 21, gold_diff_at_15: 2400, first_blood: "us" },
      players: [{ position: "mid", name: "Faker", kills: 7, deaths: 1, assists: 9, gold_at_15: null }],
    });
    expect((entered.json() as Scrim).score).toEqual({ us: 1, them: 0 });

    // The coach corrects it: a loss after all. Then game 2 is a remake: a status, never a loss.
    const corrected = await call("PUT", url, members.coach, { ...result, winner: "them" });
    expect((corrected.json() as Scrim).games[0]!.result).toMatchObject({
      winner: "them",
      corrections: 1,
      entered_by: { id: members.coach.id },
    });
    const remake = await call(
      "PUT",
      `/api/scrims/${scrim.id}/games/${scrim.games[1]!.id}/result/`,
      members.coach,
      {
        status: "remake",
      },
    );
    expect((remake.json() as Scrim).games[1]).toMatchObject({ status: "remake", result: { winner: null } });
    expect((remake.json() as Scrim).score).toEqual({ us: 0, them: 1 });

    const trail = await history(scrim, 0, members.viewer);
    expect(trail.map((e) => [e.action, e.actor?.id, e.actor?.name])).toEqual([
      ["result_entered", members.player.id, "Faker"],
      ["result_corrected", members.coach.id, "Ada Lovelace"],
    ]);
    expect(trail[1]).toMatchObject({ before: { winner: "us" }, after: { winner: "them" } });
    type Feed = { results: { item_type: string; item_id: string; verb: string; item_title: string }[] };
    const scrimEntries = async (user: TestUser) =>
      ((await call("GET", `/api/workspaces/${workspace.id}/activity/`, user)).json() as Feed).results.filter(
        (e) => e.item_type === "scrim" && e.item_id === scrim.id,
      );
    expect((await scrimEntries(members.viewer)).length).toBeGreaterThan(0);
    // The untitled scrim's entries name it in each reader's language.
    expect(new Set((await scrimEntries(members.viewer)).map((e) => e.item_title))).toEqual(
      new Set(["Scrim vs Team Liquid Academy"]),
    );
    const spanish = await call("PATCH", "/api/users/language/", members.viewer, { language: "es" });
    expect(spanish.statusCode).toBe(200);
    expect(new Set((await scrimEntries(members.viewer)).map((e) => e.item_title))).toEqual(
      new Set(["Scrim contra Team Liquid Academy"]),
    );
    await call("PATCH", "/api/users/language/", members.viewer, { language: "en" });

    // Cleared by staff, audited; the game is scheduled again.
    const cleared = await call("DELETE", url, members.analyst);
    expect((cleared.json() as Scrim).games[0]).toMatchObject({ status: "scheduled", result: null });
    expect((await history(scrim)).at(-1)).toMatchObject({ action: "result_cleared", after: null });

    // Deleted, the scrim is still named in each reader's language: by its entries, the deletion's too.
    expect((await call("DELETE", `/api/scrims/${scrim.id}/`, members.coach)).statusCode).toBe(204);
    const gone = await scrimEntries(members.viewer);
    expect(gone.map((e) => e.verb)).toContain("deleted");
    expect(new Set(gone.map((e) => e.item_title))).toEqual(new Set(["Scrim vs Team Liquid Academy"]));
    await call("PATCH", "/api/users/language/", members.viewer, { language: "es" });
    expect(new Set((await scrimEntries(members.viewer)).map((e) => e.item_title))).toEqual(
      new Set(["Scrim contra Team Liquid Academy"]),
    );
    await call("PATCH", "/api/users/language/", members.viewer, { language: "en" });
  });

  it("carries a game's result onto its draft: the draft's winner and the workspace's analytics follow every correction", async () => {
    const scrim = await plan();
    const [one, two] = scrim.games as [Scrim["games"][number], Scrim["games"][number]];
    const resultUrl = (game: { id: string }) => `/api/scrims/${scrim.id}/games/${game.id}/result/`;
    const draftUrl = (game: { id: string }) => `/api/scrims/${scrim.id}/games/${game.id}/draft/`;
    const sessionOf = async (index: number) =>
      ((await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).json() as Scrim).games[index]!
        .session_id!;
    const winnerOf = async (sessionId: string) =>
      (
        (await call("GET", `/api/drafts/sessions/${sessionId}/`, members.owner)).json() as {
          winner: string | null;
        }
      ).winner;
    const put = async (url: string, body: object) => {
      const res = await call("PUT", url, members.coach, body);
      expect(res.statusCode, res.body).toBe(200);
    };

    // Game 1: the draft logged with us on blue, then the result.
    await put(draftUrl(one), logged());
    const first = await sessionOf(0);
    expect(await winnerOf(first)).toBeNull();
    await put(resultUrl(one), { winner: "us" });
    expect(await winnerOf(first)).toBe("BLUE");
    await put(resultUrl(one), { winner: "them" });
    expect(await winnerOf(first)).toBe("RED");
    // A remake has no winner, and neither has a cleared result.
    await put(resultUrl(one), { status: "remake" });
    expect(await winnerOf(first)).toBeNull();
    await put(resultUrl(one), { winner: "us" });
    expect(await winnerOf(first)).toBe("BLUE");
    // A result typed before results reached drafts: the migration records its winner.
    await ctx.db.updateTable("draft_sessions").set({ winner: null }).where("id", "=", first).execute();
    expect(await winnerOf(first)).toBeNull();
    await scrimResultsOnDrafts.up(ctx.db);
    expect(await winnerOf(first)).toBe("BLUE");
    expect((await call("DELETE", resultUrl(one), members.analyst)).statusCode).toBe(200);
    expect(await winnerOf(first)).toBeNull();

    // Game 2: the result typed first (we won on red), the draft logged after it. The workspace's
    // draft analytics count one more red win.
    const redWins = async () =>
      (
        (await call("GET", `/api/drafts/analytics/?workspace=${workspace.id}`, members.owner)).json() as {
          results: { red_wins: number };
        }
      ).results.red_wins;
    const before = await redWins();
    await put(resultUrl(two), { winner: "us", our_side: "RED" });
    await put(draftUrl(two), { ...logged(20), our_side: "RED" });
    expect(await winnerOf(await sessionOf(1))).toBe("RED");
    expect(await redWins()).toBe(before + 1);
  });

  it("tells a member which scrim game a draft is, and whether the ledger keeps its result; nobody else", async () => {
    const scrim = await plan();
    const game = scrim.games[1]!;
    const drafted = await call(
      "PUT",
      `/api/scrims/${scrim.id}/games/${game.id}/draft/`,
      members.coach,
      logged(),
    );
    expect(drafted.statusCode, drafted.body).toBe(200);
    const sessionId = (drafted.json() as Scrim).games[1]!.session_id!;
    const ofDraft = async (id: string, by: TestUser) => {
      const res = await call("GET", `/api/scrims/of-draft/${id}/`, by);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { game: unknown }).game;
    };
    const expected = {
      scrim_id: scrim.id,
      workspace_id: workspace.id,
      title: "Scrim vs Team Liquid Academy",
      untitled: true,
      kind: "scrim",
      opponent_name: "Team Liquid Academy",
      game_id: game.id,
      number: 2,
    };
    // Every member reads it, the viewer too; the result is not kept until one is typed.
    expect(await ofDraft(sessionId, members.viewer)).toEqual({ ...expected, result_kept: false });
    expect(
      (await call("PUT", `/api/scrims/${scrim.id}/games/${game.id}/result/`, members.coach, { winner: "us" }))
        .statusCode,
    ).toBe(200);
    expect(await ofDraft(sessionId, members.player)).toEqual({ ...expected, result_kept: true });
    // Outside the workspace: the same answer as a draft of no scrim, or no draft at all.
    expect(await ofDraft(sessionId, outsider)).toBeNull();
    expect(await ofDraft((await createSession(ctx.app, members.owner)).id, members.owner)).toBeNull();
    expect(await ofDraft("00000000-0000-4000-8000-000000000000", members.owner)).toBeNull();
    const bad = await call("GET", "/api/scrims/of-draft/not-a-draft/", members.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation_error",
      fields: { session_id: expect.any(String) },
    });
    // Asked from a live room (decision 083), where a captain's link may come with an account's
    // token that has since been revoked: no token or a stale one is nobody, never a 401 that would
    // sign the page out.
    for (const headers of [{}, { authorization: "Token 0123456789abcdef0123456789abcdef01234567" }]) {
      const anonymous = await ctx.app.inject({
        method: "GET",
        url: `/api/scrims/of-draft/${sessionId}/`,
        headers,
      });
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      expect(anonymous.json()).toEqual({ game: null });
    }
  });

  it("takes a winner chosen on a scrim game's draft page as its result, keeps the result's figures, and refuses to clear it there", async () => {
    const scrim = await plan();
    const game = scrim.games[0]!;
    const logged40 = await call(
      "PUT",
      `/api/scrims/${scrim.id}/games/${game.id}/draft/`,
      members.owner,
      logged(40),
    );
    expect(logged40.statusCode, logged40.body).toBe(200);
    const sessionId = (logged40.json() as Scrim).games[0]!.session_id!;
    const choose = (winner: string | null, by: TestUser = members.analyst) =>
      call("PATCH", `/api/drafts/sessions/${sessionId}/`, by, { winner });
    const ledgerGame = async () =>
      ((await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).json() as Scrim).games[0]!;

    // We were blue: red winning is their win, entered in the analyst's name (not the draft's owner).
    const chosen = await choose("RED");
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await ledgerGame()).toMatchObject({
      status: "played",
      result: { winner: "them", source: "typed", corrections: 0, entered_by: { id: members.analyst.id } },
    });
    // Figures typed on the scrim's page stay when the draft's page turns the winner.
    const typed = await call("PUT", `/api/scrims/${scrim.id}/games/${game.id}/result/`, members.coach, {
      winner: "them",
      duration_seconds: 1700,
      figures: { kills_us: 4, kills_them: 19 },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await choose("BLUE", members.coach)).statusCode).toBe(200);
    expect((await ledgerGame()).result).toMatchObject({
      winner: "us",
      duration_seconds: 1700,
      figures: { kills_us: 4, kills_them: 19 },
      corrections: 2,
    });
    // The same winner again changes nothing.
    expect((await choose("BLUE", members.coach)).statusCode).toBe(200);
    expect((await ledgerGame()).result).toMatchObject({ corrections: 2 });
    // Clearing it from the draft's page is refused, and nothing changes.
    const cleared = await choose(null);
    expect(cleared.statusCode, cleared.body).toBe(409);
    expect(cleared.json()).toMatchObject({ code: "scrim_result_kept" });
    const session = (await call("GET", `/api/drafts/sessions/${sessionId}/`, members.owner)).json() as {
      winner: string | null;
    };
    expect(session.winner).toBe("BLUE");
    expect((await ledgerGame()).result).toMatchObject({ winner: "us" });
    expect((await history(scrim)).map((e) => [e.action, e.actor?.id])).toEqual([
      ["draft_logged", members.owner.id],
      ["result_entered", members.analyst.id],
      ["result_corrected", members.coach.id],
      ["result_corrected", members.coach.id],
    ]);
    // Start New Draft empties the draft, then clears its winner: the ledger lets that through and
    // keeps its result.
    const actions = (
      await call("GET", `/api/drafts/sessions/${sessionId}/actions/`, members.owner)
    ).json() as {
      id: number;
    }[];
    const emptied = await call(
      "DELETE",
      `/api/drafts/sessions/${sessionId}/actions/${actions[0]!.id}/`,
      members.coach,
    );
    expect(emptied.statusCode, emptied.body).toBeLessThan(300);
    const restarted = await choose(null, members.coach);
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect((await ledgerGame()).result).toMatchObject({ winner: "us", corrections: 2 });
  });

  it("moves a planned or confirmed scrim to played with its first result that says a game took place", async () => {
    const resultUrl = (scrim: Scrim, index: number) =>
      `/api/scrims/${scrim.id}/games/${scrim.games[index]!.id}/result/`;
    const statusOf = async (scrim: Scrim) =>
      ((await call("GET", `/api/scrims/${scrim.id}/`, members.viewer)).json() as Scrim).status;

    // "Not played" says nothing was played: the block keeps its status.
    const planned = await plan();
    expect(planned.status).toBe("planned");
    await call("PUT", resultUrl(planned, 0), members.coach, { status: "not_played" });
    expect(await statusOf(planned)).toBe("planned");
    // A played game: the scrim was played, and its answer says so at once.
    const saved = await call("PUT", resultUrl(planned, 1), members.coach, { winner: "us", our_side: "RED" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Scrim).status).toBe("played");
    const shelf = (await call("GET", `/api/workspaces/${workspace.id}/scrims/`, members.viewer)).json() as {
      results: Scrim[];
    };
    expect(shelf.results.find((s) => s.id === planned.id)?.status).toBe("played");

    // A confirmed block, with a remake: it took place.
    const confirmed = await plan({ status: "confirmed" });
    await call("PUT", resultUrl(confirmed, 0), members.coach, { status: "remake" });
    expect(await statusOf(confirmed)).toBe("played");

    // The staff's word stands: a cancelled scrim stays cancelled, whatever result is typed.
    const cancelled = await plan({ status: "cancelled" });
    await call("PUT", resultUrl(cancelled, 0), members.coach, { winner: "them", our_side: "BLUE" });
    expect(await statusOf(cancelled)).toBe("cancelled");
  });

  it("gives the agenda: the next open blocks soonest first, and the open ones whose results are due", async () => {
    // The rivals' own workspace, empty of the other tests' scrims.
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const planIn = async (title: string, startsIn: number, status = "planned") => {
      const res = await call("POST", `/api/workspaces/${rivals.id}/scrims/`, outsider, {
        ...scrimBody({ starts_at: hours(startsIn), status, title }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Scrim;
    };
    const agendaUrl = `/api/workspaces/${rivals.id}/scrims/agenda/`;
    expect((await call("GET", agendaUrl, outsider)).json()).toEqual({
      next: [],
      results_due: [],
      results_due_count: 0,
    });

    await planIn("In three days", 72);
    await planIn("Tomorrow", 24, "confirmed");
    await planIn("In two days", 48);
    await planIn("In four days", 96);
    await planIn("Called off", 12, "cancelled");
    await planIn("Last week", -168);
    await planIn("Yesterday", -24, "confirmed");
    await planIn("Already played", -48, "played");
    const typed = await planIn("Two hours ago", -2);
    // Its first result plays it: it leaves the results due.
    await call("PUT", `/api/scrims/${typed.id}/games/${typed.games[0]!.id}/result/`, outsider, {
      winner: "us",
      our_side: "BLUE",
    });

    const agenda = (await call("GET", agendaUrl, outsider)).json() as {
      next: Scrim[];
      results_due: Scrim[];
      results_due_count: number;
    };
    expect(agenda.next.map((s) => s.title)).toEqual(["Tomorrow", "In two days", "In three days"]);
    expect(agenda.next[0]).toMatchObject({ status: "confirmed", games_count: 2, score: { us: 0, them: 0 } });
    expect(agenda.results_due.map((s) => s.title)).toEqual(["Yesterday", "Last week"]);
    expect(agenda.results_due_count).toBe(2);

    // Members only: another team's agenda is a missing one.
    expect((await call("GET", agendaUrl, members.owner)).statusCode).toBe(404);
    expect((await call("GET", `/api/workspaces/${workspace.id}/scrims/agenda/`, outsider)).statusCode).toBe(
      404,
    );
  });

  it("names a roster player's line by the roster when no name is typed: the game, analytics and CSV say who", async () => {
    const rostered = await call("POST", `/api/workspaces/${workspace.id}/roster/`, members.owner, {
      name: "Zeus",
      position: "top",
    });
    expect(rostered.statusCode, rostered.body).toBe(201);
    const zeus = (rostered.json() as { id: string }).id;
    const scrim = await plan();
    const url = `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/result/`;
    // As the web's result form sends it: the roster player's id, no name.
    const line = {
      position: "top",
      roster_player_id: zeus,
      champion_id: pool[40],
      kills: 4,
      deaths: 1,
      assists: 7,
    };
    const entered = await call("PUT", url, members.coach, { winner: "us", players: [line] });
    expect(entered.statusCode, entered.body).toBe(200);
    expect((entered.json() as Scrim).games[0]!.result!.players).toMatchObject([
      { position: "top", roster_player_id: zeus, name: "Zeus" },
    ]);
    // A typed name (a stand-in's, or a nickname) is kept as typed.
    const typed = await call("PUT", url, members.coach, {
      winner: "us",
      players: [{ ...line, name: "Zeus (sub)" }],
    });
    expect((typed.json() as Scrim).games[0]!.result!.players[0]!.name).toBe("Zeus (sub)");
    await call("PUT", url, members.coach, { winner: "us", players: [line] });

    const analytics = await call(
      "GET",
      `/api/workspaces/${workspace.id}/scrims/analytics/?player=${zeus}`,
      members.analyst,
    );
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect((analytics.json() as { players: unknown[] }).players).toMatchObject([
      { player_key: zeus, player_name: "Zeus", position: "top", champion_id: pool[40], n: 1, wins: 1 },
    ]);
    const csv = await call("GET", `/api/workspaces/${workspace.id}/scrims/export/?kind=all`, members.analyst);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n").filter((row) => row.includes("Zeus"))).toHaveLength(1);
  });

  it("records the staff's verdict, tags, notes and plan, audited, with tag suggestions", async () => {
    const scrim = await plan();
    const url = `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/review/`;
    const planRes = await call("POST", "/api/draft-plans/", members.coach, {
      workspace_id: workspace.id,
      content: {
        name: "Blue side engage",
        branches: [{ id: "vs-poke", label: "Against poke", conditions: [], answer: [], children: [] }],
      },
    });
    expect(planRes.statusCode, planRes.body).toBe(201);
    const planId = (planRes.json() as { id: string }).id;

    expect((await call("PUT", url, members.player, { verdict: "draft_won" })).statusCode).toBe(403);
    const reviewed = await call("PUT", url, members.analyst, {
      verdict: "draft_won",
      tags: ["Early Game", "dive", "dive"],
      position_notes: { jungle: "Pathing top side worked", mid: "" },
      notes: "Won on the draft",
      plan_id: planId,
      branch_id: "vs-poke",
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((reviewed.json() as Scrim).games[0]).toMatchObject({
      verdict: "draft_won",
      tags: ["early game", "dive"],
      position_notes: { jungle: "Pathing top side worked" },
      notes: "Won on the draft",
      plan: {
        id: planId,
        name: "Blue side engage",
        branch_id: "vs-poke",
        branch_label: "Against poke",
        source: "manual",
      },
    });
    const wrongBranch = await call("PUT", url, members.analyst, { plan_id: planId, branch_id: "nope" });
    expect(wrongBranch.json()).toMatchObject({
      code: "validation_error",
      fields: { branch_id: expect.any(String) },
    });
    expect((await call("PUT", url, members.analyst, { verdict: "lucky" })).statusCode).toBe(400);
    expect((await history(scrim)).map((e) => e.action)).toEqual(["review_changed"]);

    const tags = (
      await call("GET", `/api/workspaces/${workspace.id}/scrims/tags/`, members.player)
    ).json() as {
      suggestions: { tag: string; uses: number }[];
    };
    expect(tags.suggestions.slice(0, 5).map((s) => s.tag)).toEqual([
      "early game",
      "scaling",
      "engage",
      "poke",
      "split",
    ]);
    expect(tags.suggestions).toContainEqual({ tag: "dive", uses: 1 });
    expect(tags.suggestions).toContainEqual({ tag: "early game", uses: 1 });

    // The ledger carries it, scrims only by default; official games only when asked.
    const ledger = (
      await call("GET", `/api/workspaces/${workspace.id}/scrims/ledger/`, members.viewer)
    ).json() as {
      kind: string;
      mixed: boolean;
      rows: { game_id: string; verdict: string | null; plan_id: string | null; kind: string }[];
    };
    expect(ledger).toMatchObject({ kind: "scrim", mixed: false });
    expect(ledger.rows.every((row) => row.kind === "scrim")).toBe(true);
    expect(ledger.rows.find((row) => row.game_id === scrim.games[0]!.id)).toMatchObject({
      verdict: "draft_won",
      plan_id: planId,
    });
  });

  it("answers another workspace's scrims as missing ones", async () => {
    const scrim = await plan();
    const game = scrim.games[0]!.id;
    const missing = crypto.randomUUID();
    const paths: [string, string, object?][] = [
      ["GET", `/api/scrims/{id}/`],
      ["PATCH", `/api/scrims/{id}/`, { notes: "x" }],
      ["DELETE", `/api/scrims/{id}/`],
      ["PUT", `/api/scrims/{id}/games/${game}/result/`, { winner: "us" }],
      ["PUT", `/api/scrims/{id}/games/${game}/review/`, { verdict: "even" }],
      ["PUT", `/api/scrims/{id}/games/${game}/draft/`, logged()],
      ["GET", `/api/scrims/{id}/games/${game}/history/`],
    ];
    for (const [method, path, body] of paths) {
      const theirs = await call(method, path.replace("{id}", scrim.id), outsider, body);
      const none = await call(method, path.replace("{id}", missing), outsider, body);
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(theirs.json()).toEqual(none.json());
    }
    for (const path of ["scrims/", "scrims/tags/", "scrims/ledger/"]) {
      expect((await call("GET", `/api/workspaces/${workspace.id}/${path}`, outsider)).statusCode).toBe(404);
    }
    const comment = await call("POST", "/api/comments/", outsider, {
      item_type: "scrim",
      item_id: scrim.id,
      body: "hi",
    });
    expect(comment.statusCode).toBe(404);
    // Members discuss it like a session.
    const posted = await call("POST", "/api/comments/", members.player, {
      item_type: "scrim",
      item_id: scrim.id,
      body: "Our bot lane wants Kalista next time",
    });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it("attaches a game's draft when its room finishes", { timeout: 60_000 }, async () => {
    const scrim = await plan({ prepare_rooms: true, games_count: 1 });
    const game = scrim.games[0]!;
    const { blue, red } = await joinCaptains(game.room_id!);
    // The result is typed before the draft ends: the finished draft records who won it.
    const typed = await call("PUT", `/api/scrims/${scrim.id}/games/${game.id}/result/`, members.owner, {
      winner: "them",
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    await lockEveryStep({ blue, red }, pool);
    blue.close();
    red.close();
    // Each lock's feed line is written off the command's path, so the line of the lock before the
    // last can find the draft finished beside the last lock's own: attaches at once, of which one
    // may write (a CI run saw two entries under load; these three gave four before the row lock).
    await Promise.all([1, 2, 3].map(() => attachFinishedDraft(ctx.db, game.session_id!)));
    // The feed's step runs after the commit: wait for the ledger to hear it.
    let attached: Scrim["games"][number] | undefined;
    for (let i = 0; i < 100 && !attached; i++) {
      const now = (await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).json() as Scrim;
      const trail = await history(scrim);
      if (now.games[0]!.draft_complete && trail.some((e) => e.action === "draft_attached"))
        attached = now.games[0];
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(attached).toMatchObject({ draft_source: "room", draft_complete: true, our_side: "BLUE" });
    expect(attached!.draft).toHaveLength(DRAFT_STEP_COUNT);
    expect((await history(scrim)).map((e) => [e.action, e.actor?.id ?? null])).toEqual([
      ["result_entered", members.owner.id],
      ["draft_attached", null],
    ]);
    // They won, and we were blue: the draft's winner is red.
    const session = (await call("GET", `/api/drafts/sessions/${game.session_id}/`, members.owner)).json() as {
      winner: string | null;
    };
    expect(session.winner).toBe("RED");
  });

  it("keeps a fearless scrim's series game and its ledger game agreed, whichever records the result", {
    timeout: 60_000,
  }, async () => {
    const scrim = await plan({ prepare_rooms: true, games_count: 2, rules: { mode: "fearless" } });
    expect(scrim.series_id).not.toBeNull();
    // A scrim's block plays every game; an official match's series ends once it is won.
    const blockOf = async (id: string) =>
      ((await call("GET", `/api/series/${id}/`, members.owner)).json() as { scrim_block: boolean })
        .scrim_block;
    expect(await blockOf(scrim.series_id!)).toBe(true);
    const official = await plan({
      prepare_rooms: true,
      games_count: 3,
      kind: "official",
      rules: { mode: "fearless" },
    });
    expect(await blockOf(official.series_id!)).toBe(false);
    const game = scrim.games[0]!;
    expect(game).toMatchObject({ draft_source: "series", our_side: "BLUE" });
    const { blue, red } = await joinCaptains(game.room_id!);
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    await lockEveryStep({ blue, red }, pool);
    blue.close();
    red.close();
    await attachFinishedDraft(ctx.db, game.session_id!);

    type SeriesAnswer = {
      games: { number: number; winner: "A" | "B" | null }[];
      score: { A: number; B: number };
    };
    const series = async () =>
      (await call("GET", `/api/series/${scrim.series_id}/`, members.owner)).json() as SeriesAnswer;
    const url = `/api/scrims/${scrim.id}/games/${game.id}/result/`;
    const ledgerGame = async () =>
      ((await call("GET", `/api/scrims/${scrim.id}/`, members.owner)).json() as Scrim).games[0]!;
    const inRoom = (winner: "A" | "B" | null) =>
      call("PATCH", `/api/series/${scrim.series_id}/games/1/`, members.coach, { winner });
    // The series room's organiser records game 1 first: team B (theirs) won. The ledger takes it
    // as the game's result, in the coach's name.
    const recorded = await inRoom("B");
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await ledgerGame()).toMatchObject({ status: "played", result: { winner: "them" } });
    expect((await history(scrim)).at(-1)).toMatchObject({
      action: "result_entered",
      actor: { id: members.coach.id },
    });
    // Our team is the series' team A: the ledger says we won game 1, then a correction says they did.
    expect((await call("PUT", url, members.coach, { winner: "us" })).statusCode).toBe(200);
    expect((await series()).games[0]).toMatchObject({ number: 1, winner: "A" });
    expect((await series()).score).toMatchObject({ A: 1, B: 0 });
    expect((await call("PUT", url, members.coach, { winner: "them" })).statusCode).toBe(200);
    expect((await series()).games[0]).toMatchObject({ number: 1, winner: "B" });
    expect((await series()).score).toMatchObject({ A: 0, B: 1 });
    // Corrected in the room: the ledger follows, and the series with it.
    expect((await inRoom("A")).statusCode).toBe(200);
    expect(await ledgerGame()).toMatchObject({ status: "played", result: { winner: "us" } });
    expect((await series()).score).toMatchObject({ A: 1, B: 0 });
    // Cleared in the room: refused with the reason, and nothing changes on either side.
    const cleared = await inRoom(null);
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json()).toMatchObject({ code: "scrim_result_kept" });
    expect(await ledgerGame()).toMatchObject({ status: "played", result: { winner: "us" } });
    expect((await series()).games[0]).toMatchObject({ number: 1, winner: "A" });

    // Game 2 starts in the series: its draft links to the ledger only once finished, and the draft's
    // page and room already name it as the scrim's game 2.
    const next = await call("POST", `/api/series/${scrim.series_id}/games/`, members.coach, {
      blue_team: "B",
    });
    expect(next.statusCode, next.body).toBe(201);
    const game2Session = (next.json() as { games: { session_id: string }[] }).games[1]!.session_id;
    expect((await ledgerGame()).session_id).toBe(game.session_id);
    const ofGame2 = await call("GET", `/api/scrims/of-draft/${game2Session}/`, members.player);
    expect(ofGame2.json()).toEqual({
      game: {
        scrim_id: scrim.id,
        workspace_id: workspace.id,
        title: "Scrim vs Team Liquid Academy",
        untitled: true,
        kind: "scrim",
        opponent_name: "Team Liquid Academy",
        game_id: scrim.games[1]!.id,
        number: 2,
        result_kept: false,
      },
    });
    expect((await call("GET", `/api/scrims/of-draft/${game2Session}/`, outsider)).json()).toEqual({
      game: null,
    });
  });

  // Last: it leaves the file's workspace read-only.
  it("past the plan, refuses every scrim write with the read-only answer and keeps reads", async () => {
    const scrim = await plan();
    const game = `/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}`;
    await setPlan(ctx.db, members.owner.username, "plus"); // 3 staff > 2 seats: read-only
    const writes: [string, string, TestUser, object?][] = [
      ["POST", `/api/workspaces/${workspace.id}/scrims/`, members.coach, scrimBody()],
      ["PATCH", `/api/scrims/${scrim.id}/`, members.coach, { status: "confirmed" }],
      ["DELETE", `/api/scrims/${scrim.id}/`, members.analyst],
      ["PUT", `${game}/draft/`, members.coach, logged()],
      ["PUT", `${game}/result/`, members.coach, { winner: "us" }],
      ["PUT", `${game}/review/`, members.analyst, { verdict: "even" }],
    ];
    for (const [method, url, user, body] of writes) {
      const res = await call(method, url, user, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "workspace_read_only" });
    }
    const read = await call("GET", `/api/scrims/${scrim.id}/`, members.coach);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      can_edit: false,
      games: [{ can_enter_result: false }, expect.anything()],
    });
    expect(
      (await call("GET", `/api/workspaces/${workspace.id}/scrims/ledger/`, members.viewer)).statusCode,
    ).toBe(200);
  });
});
