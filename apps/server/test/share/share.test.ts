import {
  apiErrorSchema,
  type DraftExport,
  draftExportSchema,
  type Series,
  seriesExportSchema,
  seriesSchema,
  sessionSchema,
} from "@draftroom/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  championIds,
  createSession,
  firstLeagueWithTeams,
  newUser,
  playSteps,
} from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
    true,
  );
  expect(body.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describeEachDialect("draft and series sharing", (ctx) => {
  let pool: number[] = [];
  let owner: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    pool = await championIds(ctx.app);
    owner = await newUser(ctx.app, "pro");
    stranger = await newUser(ctx.app);
  });

  const get = (url: string, caller?: Caller, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url, headers: { ...(caller?.headers ?? {}), ...headers } });

  describe("draft images", () => {
    it("serves owner and public PNGs in both sizes; another user and an unknown id get 404; bad queries 400", async () => {
      const session = await createSession(ctx.app, owner, { title: "Image draft" });
      await playSteps(ctx.app, owner, session.id, pool, 8);
      const base = `/api/drafts/sessions/${session.id}`;

      const social = await get(`${base}/image.png?size=social&theme=dark&lang=en`, owner);
      expect(social.statusCode, social.body).toBe(200);
      expect(social.headers["content-type"]).toBe("image/png");
      expect(pngSize(social.rawPayload)).toEqual({ width: 1200, height: 630 });

      const stream = await get(`${base}/public/image.png?size=stream&theme=light&lang=es`);
      expect(stream.statusCode).toBe(200);
      expect(pngSize(stream.rawPayload)).toEqual({ width: 1920, height: 1080 });
      // The defaults are the social card.
      expect(pngSize((await get(`${base}/public/image.png`)).rawPayload)).toEqual({
        width: 1200,
        height: 630,
      });

      expect((await get(`${base}/image.png`, stranger)).statusCode).toBe(404);
      expect((await get(`${base}/image.png`)).statusCode).toBe(401);
      const unknown = await get("/api/drafts/sessions/00000000-0000-4000-8000-000000000000/public/image.png");
      expect(unknown.statusCode).toBe(404);
      expect(apiErrorSchema.parse(unknown.json()).code).toBe("not_found");

      const bad = await get(`${base}/public/image.png?size=huge&theme=pink&lang=fr`);
      expect(bad.statusCode).toBe(400);
      const error = apiErrorSchema.parse(bad.json());
      expect(error.code).toBe("validation_error");
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(["lang", "size", "theme"]);
    });

    it("keeps the image until the draft changes: 304 on the same ETag, a new image after a modify", async () => {
      const session = await createSession(ctx.app, owner, { title: "Cache draft" });
      const actions = await playSteps(ctx.app, owner, session.id, pool, 10);
      const url = `/api/drafts/sessions/${session.id}/image.png?theme=light`;

      const first = await get(url, owner);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      const again = await get(url, owner);
      expect(again.headers.etag).toBe(etag);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await get(url, owner, { "if-none-match": etag })).statusCode).toBe(304);

      // Modify from the eighth action: the picks after it go, and so does the cached image.
      const modified = await ctx.app.inject({
        method: "DELETE",
        url: `/api/drafts/sessions/${session.id}/actions/${actions[7]!.id}/`,
        headers: owner.headers,
      });
      expect(modified.statusCode, modified.body).toBe(200);
      const after = await get(url, owner, { "if-none-match": etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
      expect(pngSize(after.rawPayload)).toEqual({ width: 1200, height: 630 });
    });
  });

  describe("series", () => {
    let series: Series;
    beforeAll(async () => {
      const { league, teams } = await firstLeagueWithTeams(ctx.app);
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/series/",
        headers: owner.headers,
        payload: {
          title: "Finals prep",
          league_id: league.id,
          team_a_id: teams[0]!.id,
          team_b_id: teams[1]!.id,
          best_of: 3,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      series = seriesSchema.parse(created.json());
      await playSteps(ctx.app, owner, series.games[0]!.session_id, pool, 20);
      const won = await ctx.app.inject({
        method: "PATCH",
        url: `/api/series/${series.id}/games/1/`,
        headers: owner.headers,
        payload: { winner: "A" },
      });
      expect(won.statusCode, won.body).toBe(200);
      series = seriesSchema.parse(won.json());
    });

    it("serves the series card to its owner and to anyone with the public link, never to another user", async () => {
      const owned = await get(`/api/series/${series.id}/image.png?size=stream`, owner);
      expect(owned.statusCode, owned.body).toBe(200);
      expect(pngSize(owned.rawPayload)).toEqual({ width: 1920, height: 1080 });
      const open = await get(`/api/series/${series.id}/public/image.png?lang=es&theme=light`);
      expect(open.statusCode).toBe(200);
      expect(pngSize(open.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect((await get(`/api/series/${series.id}/image.png`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/series/${series.id}/public/image.png?size=4k`)).statusCode).toBe(400);
    });

    it("exports the series with its score and every game, champions by key", async () => {
      const res = await get(`/api/series/${series.id}/export/`, owner);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="series-finals-prep-/);
      const file = seriesExportSchema.parse(res.json());
      expect(file.format).toBe("draftroom.series");
      expect(file.version).toBe(1);
      expect(file.series.score).toEqual({ A: 1, B: 0 });
      expect(file.series.games[0]).toMatchObject({ number: 1, blue_team: "A", winner: "A" });
      expect(file.series.games[0]!.actions).toHaveLength(20);
      expect(file.series.games[0]!.actions[6]!.champion?.key).toEqual(expect.any(String));
      expect((await get(`/api/series/${series.id}/export/`, stranger)).statusCode).toBe(404);
    });
  });

  describe("JSON export and import", () => {
    const countSessions = async (caller: Caller) =>
      (await get("/api/drafts/sessions/", caller)).json().count as number;
    const importFile = (caller: Caller, payload: unknown) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/drafts/sessions/import/",
        headers: caller.headers,
        payload: payload as object,
      });

    it("round-trips a complete draft with its result: export, import as a new session, export equal", async () => {
      const session = await createSession(ctx.app, owner, {
        title: "Round trip",
        description: "Scrim notes",
      });
      await playSteps(ctx.app, owner, session.id, pool, 20);
      const patched = await ctx.app.inject({
        method: "PATCH",
        url: `/api/drafts/sessions/${session.id}/`,
        headers: owner.headers,
        payload: { winner: "RED" },
      });
      expect(patched.statusCode, patched.body).toBe(200);

      const exported = await get(`/api/drafts/sessions/${session.id}/export/`, owner);
      expect(exported.statusCode, exported.body).toBe(200);
      const file = draftExportSchema.parse(exported.json());
      expect(file).toMatchObject({ format: "draftroom.draft", version: 1 });
      expect(file.draft.actions).toHaveLength(20);
      expect((await get(`/api/drafts/sessions/${session.id}/export/`, stranger)).statusCode).toBe(404);

      const imported = await importFile(owner, exported.json());
      expect(imported.statusCode, imported.body).toBe(201);
      const copy = sessionSchema.parse(imported.json());
      expect(copy.id).not.toBe(session.id);
      expect(copy).toMatchObject({
        status: "complete",
        winner: "RED",
        current_step: 20,
        title: "Round trip",
      });

      const again = draftExportSchema.parse(
        (await get(`/api/drafts/sessions/${copy.id}/export/`, owner)).json(),
      );
      const strip = ({ exported_at: _at, ...rest }: DraftExport) => rest;
      expect(strip(again)).toEqual(strip(file));
    });

    it("lists every problem of a bad file and stores nothing", async () => {
      const session = await createSession(ctx.app, owner, { title: "Source" });
      await playSteps(ctx.app, owner, session.id, pool, 6);
      const file = (await get(`/api/drafts/sessions/${session.id}/export/`, owner)).json() as DraftExport;
      const before = await countSessions(owner);

      const shape = await importFile(owner, {
        ...file,
        draft: { ...file.draft, title: "", settings: { ...file.draft.settings, ban_timer: 1 } },
      });
      expect(shape.statusCode).toBe(400);
      const shapeError = apiErrorSchema.parse(shape.json());
      expect(shapeError.code).toBe("import_invalid");
      expect(Object.keys(shapeError.fields ?? {}).sort()).toEqual([
        "draft.settings.ban_timer",
        "draft.title",
      ]);

      const actions = file.draft.actions.map((action, index) =>
        index === 2 ? { ...action, champion: { key: "NotAChampion" } } : action,
      );
      const unknown = apiErrorSchema.parse(
        (await importFile(owner, { ...file, draft: { ...file.draft, actions } })).json(),
      );
      expect(unknown.fields).toEqual({ "draft.actions.2.champion.key": 'Unknown champion "NotAChampion".' });

      const twice = file.draft.actions.map((action, index) =>
        index === 4 ? { ...action, champion: file.draft.actions[1]!.champion } : action,
      );
      const rules = apiErrorSchema.parse(
        (await importFile(owner, { ...file, draft: { ...file.draft, actions: twice } })).json(),
      );
      expect(rules.fields).toEqual({ "draft.actions.4": "This champion was already picked or banned." });

      const winner = apiErrorSchema.parse(
        (await importFile(owner, { ...file, draft: { ...file.draft, winner: "BLUE" } })).json(),
      );
      expect(Object.keys(winner.fields ?? {})).toEqual(["draft.winner"]);

      const series = apiErrorSchema.parse(
        (await importFile(owner, { format: "draftroom.series", version: 1 })).json(),
      );
      expect(Object.keys(series.fields ?? {})).toEqual(["format"]);
      const newer = apiErrorSchema.parse((await importFile(owner, { ...file, version: 2 })).json());
      expect(Object.keys(newer.fields ?? {})).toEqual(["version"]);
      const notJson = await ctx.app.inject({
        method: "POST",
        url: "/api/drafts/sessions/import/",
        headers: { ...owner.headers, "content-type": "application/json" },
        payload: "[1,2",
      });
      expect(notJson.statusCode).toBe(400);

      expect(await countSessions(owner)).toBe(before);
    });

    it("applies the plan's draft limit to imports", async () => {
      const community = await newUser(ctx.app);
      const session = await createSession(ctx.app, community, { title: "Mine" });
      const file = (await get(`/api/drafts/sessions/${session.id}/export/`, community)).json();
      let status = 201;
      for (let attempt = 0; attempt < 30 && status === 201; attempt += 1) {
        status = (await importFile(community, file)).statusCode;
      }
      expect(status).toBe(403);
    });

    it("imports into a workspace with ?workspace=: its members see it, its plan covers it, its feed says so", async () => {
      // A Pro owner, a coach on Community (past the personal limit: the workspace's plan covers
      // the import) and a player (who may read the team's drafts, not add to them).
      const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
      const { coach, player } = members;
      const source = await createSession(ctx.app, owner, { title: "Their scrim" });
      await playSteps(ctx.app, owner, source.id, pool, 4);
      const file = (await get(`/api/drafts/sessions/${source.id}/export/`, owner)).json();
      for (let i = 0; i < 3; i += 1) await createSession(ctx.app, coach, { title: `Own ${i}` });
      expect((await importFile(coach, file)).statusCode).toBe(403); // personal: the limit

      const url = `/api/drafts/sessions/import/?workspace=${workspace.id}`;
      const post = (caller: Caller) =>
        ctx.app.inject({ method: "POST", url, headers: caller.headers, payload: file as object });
      const imported = await post(coach);
      expect(imported.statusCode, imported.body).toBe(201);
      const session = sessionSchema.parse(imported.json());
      expect(session).toMatchObject({ title: "Their scrim", current_step: 4 });
      const listed = await get(`/api/drafts/sessions/?workspace=${workspace.id}`, player);
      expect(listed.json().results.map((row: { id: string }) => row.id)).toEqual([session.id]);
      const feed = await get(`/api/workspaces/${workspace.id}/activity/`, player);
      expect(JSON.stringify(feed.json())).toContain(session.id);

      // A player may not add to the team's drafts; an outsider does not see the workspace.
      const refused = await post(player);
      expect([refused.statusCode, refused.json().code]).toEqual([403, "forbidden"]);
      expect((await post(outsider)).statusCode).toBe(404);
      const after = await get(`/api/drafts/sessions/?workspace=${workspace.id}`, player);
      expect(after.json().count).toBe(1);
    });
  });
});
