import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordClient } from "../../src/modules/integrations/discord-client.ts";
import { compareWithDraft, summariseMatch } from "../../src/modules/integrations/match-summary.ts";
import { RiotClient } from "../../src/modules/integrations/riot-client.ts";
import { ServiceTransport, type TransportOptions } from "../../src/modules/integrations/transport.ts";
import { type DiscordFixture, startDiscordFixture } from "../helpers/outside/discord-fixture.ts";
import { answers, startFixtureServer } from "../helpers/outside/fixture-server.ts";
import { type RiotFixture, startRiotFixture } from "../helpers/outside/riot-fixture.ts";

/**
 * The outside services' real clients against their loopback fixtures (decision 051): every
 * answer a service documents or gives when it fails. Waits are recorded, not slept: the
 * transport's sleep is injected, so a 30-second Retry-After costs nothing.
 */

function transportOptions(waits: number[], overrides: Partial<TransportOptions> = {}) {
  return {
    // Generous: a loaded CI machine answers loopback slowly; the timeout test sets its own.
    timeoutMs: 5_000,
    maxAttempts: 3,
    maxRetryWaitMs: 60_000,
    backoffMs: 100,
    concurrency: 2,
    queueLimit: 4,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    ...overrides,
  };
}

describe("Riot client (Account-V1, Match-V5, Tournament-V5)", () => {
  let riot: RiotFixture;
  let waits: number[];
  let client: RiotClient;

  beforeAll(async () => {
    riot = await startRiotFixture();
    riot.accounts.set("faker#kr1", "puuid-faker");
    riot.addGame({
      matchId: "EUW1_7000000001",
      blue: [266, 64, 103, 22, 412],
      red: [1, 2, 3, 4, 5],
      winner: "RED",
    });
  });
  afterAll(() => riot.close());
  const fresh = (key = riot.key, overrides: Partial<TransportOptions> = {}) => {
    waits = [];
    client = new RiotClient({
      baseUrl: `${riot.url}/{routing}`,
      key,
      transport: transportOptions(waits, overrides),
    });
    return client;
  };

  it("finds a Riot ID's PUUID on the platform's regional host, with the key in X-Riot-Token only", async () => {
    const result = await fresh().accountByRiotId("kr", "Faker", "KR1");
    expect(result).toEqual({
      ok: true,
      status: 200,
      value: { puuid: "puuid-faker", gameName: "Faker", tagLine: "KR1" },
    });
    const request = riot.requests.at(-1)!;
    expect(request.path).toBe("/asia/riot/account/v1/accounts/by-riot-id/Faker/KR1");
    expect(request.headers["x-riot-token"]).toBe(riot.key);
    expect(request.path).not.toContain(riot.key);
  });

  it("answers an unknown Riot ID as not_found, without retrying", async () => {
    const before = riot.requests.length;
    const result = await fresh().accountByRiotId("euw1", "Nobody", "0000");
    expect(result).toMatchObject({ ok: false, problem: "not_found", status: 404 });
    expect(riot.requests.length - before).toBe(1);
  });

  it("answers a missing key 401 and a wrong key 403 as rejected", async () => {
    expect(await fresh("").accountByRiotId("kr", "Faker", "KR1")).toMatchObject({
      ok: false,
      problem: "rejected",
      status: 401,
    });
    expect(await fresh("RGAPI-wrong").accountByRiotId("kr", "Faker", "KR1")).toMatchObject({
      ok: false,
      problem: "rejected",
      status: 403,
    });
  });

  it("waits the Retry-After of a 429, then gets the answer", async () => {
    riot.script(/by-riot-id/, answers.rateLimited(7));
    const result = await fresh().accountByRiotId("kr", "Faker", "KR1");
    expect(result.ok).toBe(true);
    expect(waits.some((ms) => ms > 6_000 && ms <= 7_000)).toBe(true);
  });

  it("gives up on a 429 that asks for longer than it waits, saying how long", async () => {
    riot.script(/by-riot-id/, answers.rateLimited(120));
    const result = await fresh().accountByRiotId("kr", "Faker", "KR1");
    expect(result).toMatchObject({ ok: false, problem: "rate_limited", retryAfterMs: 120_000 });
  });

  it("retries a 5xx with a growing delay, and reports unavailable after its attempts", async () => {
    riot.script(/by-riot-id/, answers.serverError);
    expect((await fresh().accountByRiotId("kr", "Faker", "KR1")).ok).toBe(true);
    expect(waits).toEqual([100]);
    riot.script(/by-riot-id/, answers.serverError, answers.serverError, answers.serverError);
    const result = await fresh().accountByRiotId("kr", "Faker", "KR1");
    expect(result).toMatchObject({ ok: false, problem: "unavailable", status: 503 });
    expect(waits).toEqual([100, 200]);
  });

  it("times out a hanging answer, then retries it", async () => {
    riot.script(/by-riot-id/, answers.timeout(3_000), answers.timeout(3_000));
    const result = await fresh(riot.key, { maxAttempts: 2, timeoutMs: 200 }).accountByRiotId(
      "kr",
      "Faker",
      "KR1",
    );
    expect(result).toMatchObject({ ok: false, problem: "timeout", status: null });
  });

  it("calls a body that is not the documented JSON malformed, without retrying", async () => {
    riot.script(/matches\/EUW1_7000000001$/, answers.malformed);
    expect(await fresh().match("euw1", "EUW1_7000000001")).toMatchObject({ ok: false, problem: "malformed" });
    // Valid JSON of the wrong shape is malformed too.
    riot.matches.set("EUW1_1", { metadata: {} });
    expect(await fresh().match("euw1", "EUW1_1")).toMatchObject({ ok: false, problem: "malformed" });
  });

  it("turns a Match-V5 game and its timeline into a ledger game's figures", async () => {
    const c = fresh();
    const match = await c.match("euw1", "EUW1_7000000001");
    const timeline = await c.timeline("euw1", "EUW1_7000000001");
    if (!match.ok || !timeline.ok) throw new Error("fixture game missing");
    const summary = summariseMatch(match.value, timeline.value);
    expect(summary).toMatchObject({
      match_id: "EUW1_7000000001",
      winner: "RED",
      duration_seconds: 1920,
      patch: "14.23",
    });
    expect(summary.objectives.RED).toMatchObject({ towers: 9, dragons: 4, barons: 1, first_blood: true });
    expect(summary.players[0]).toMatchObject({
      side: "BLUE",
      champion_id: 266,
      kills: 1,
      deaths: 10,
      assists: 0,
    });
    // The frame at 15:00: 500 + 15 × 400 + participant × 10.
    expect(summary.players[0]!.gold_at_15).toBe(6510);
    expect(summariseMatch(match.value, null).players[0]!.gold_at_15).toBeNull();
    expect(
      compareWithDraft(summary, { BLUE: [1, 2, 3, 4, 5], RED: [266, 64, 103, 22, 412] }).champions_match,
    ).toBe(true);
    expect(compareWithDraft(summary, { BLUE: [266, 64, 103, 22, 99], RED: [1, 2, 3, 4, 5] })).toMatchObject({
      champions_match: false,
      only_in_draft: [99],
      only_in_match: [412],
    });
  });

  it("lists a player's tournament games and makes a provider, a tournament and codes", async () => {
    const c = fresh();
    expect(
      await c.matchIds("euw1", "puuid-EUW1_7000000001-0", { type: "tournament", count: 5 }),
    ).toMatchObject({
      ok: true,
      value: ["EUW1_7000000001"],
    });
    const provider = await c.registerProvider("EUW", "https://draftroom.example/api/riot/callback/x");
    if (!provider.ok) throw new Error(provider.detail);
    const tournament = await c.createTournament(provider.value, "Draftroom scrims");
    if (!tournament.ok) throw new Error(tournament.detail);
    const codes = await c.createCodes(tournament.value, 2, { metadata: '{"scrim":"s1","game":1}' });
    if (!codes.ok) throw new Error(codes.detail);
    expect(codes.value).toHaveLength(2);
    expect(riot.codes.get(codes.value[0]!)).toEqual({
      tournamentId: tournament.value,
      metadata: '{"scrim":"s1","game":1}',
    });
  });

  it("holds at most its queue: past it a call fails at once as busy", async () => {
    const slow = await startFixtureServer([
      [
        "GET",
        /^\/slow$/,
        () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: [] }), 200)),
      ],
    ]);
    try {
      const transport = new ServiceTransport({
        ...transportOptions([]),
        service: "Slow",
        concurrency: 1,
        queueLimit: 2,
      });
      const calls = Array.from({ length: 5 }, () =>
        transport.call({ method: "GET", url: `${slow.url}/slow` }, (json) => json),
      );
      const results = await Promise.all(calls);
      expect(results.filter((result) => result.ok)).toHaveLength(3);
      expect(results.filter((result) => !result.ok && result.problem === "busy")).toHaveLength(2);
    } finally {
      await slow.close();
    }
  });
});

describe("Discord client (webhooks)", () => {
  let discord: DiscordFixture;
  let waits: number[];
  const client = () => {
    waits = [];
    return new DiscordClient(discord.env.DISCORD_WEBHOOK_BASE_URL!, transportOptions(waits));
  };

  beforeAll(async () => {
    discord = await startDiscordFixture();
  });
  afterAll(() => discord.close());

  it("accepts only webhook URLs under its base", () => {
    const hook = discord.webhook();
    const c = client();
    expect(c.parseWebhookUrl(hook.url)).toEqual({ id: hook.id, token: hook.token });
    expect(c.parseWebhookUrl(`${hook.url}?wait=true`)).toEqual({ id: hook.id, token: hook.token });
    expect(c.parseWebhookUrl(hook.url.replace("127.0.0.1", "169.254.169.254"))).toBeUndefined();
    expect(c.parseWebhookUrl(`${discord.url}/api/webhooks/12/short`)).toBeUndefined();
    const real = new DiscordClient("https://discord.com/api/webhooks", transportOptions([]));
    const token = "a".repeat(68);
    expect(real.parseWebhookUrl(`https://discordapp.com/api/webhooks/123456789/${token}`)).toEqual({
      id: "123456789",
      token,
    });
    expect(real.parseWebhookUrl(`https://evil.example/api/webhooks/123456789/${token}`)).toBeUndefined();
  });

  it("posts a message (204) with mentions off", async () => {
    const hook = discord.webhook();
    expect(await client().post(hook, { content: "@everyone hello" })).toEqual({
      ok: true,
      status: 204,
      value: null,
    });
    expect(discord.messages(hook.id)).toEqual([
      { content: "@everyone hello", allowed_mentions: { parse: [] } },
    ]);
  });

  it("honours retry_after in a 429's body", async () => {
    const hook = discord.webhook();
    discord.script(new RegExp(hook.id), answers.rateLimited(2.5, "body"));
    expect((await client().post(hook, { content: "after the limit" })).ok).toBe(true);
    expect(waits.some((ms) => ms > 2_000 && ms <= 2_500)).toBe(true);
    expect(discord.messages(hook.id)).toHaveLength(1);
  });

  it("reports a deleted webhook (404) and a refused one (401, 403) without retrying, and never names the URL", async () => {
    const hook = discord.webhook();
    const gone = await client().post({ id: hook.id, token: `${hook.token}x` }, { content: "x" });
    expect(gone).toMatchObject({ ok: false, problem: "not_found", status: 404 });
    for (const answer of [answers.unauthorized, answers.forbidden, answers.serverError, answers.malformed]) {
      discord.script(new RegExp(hook.id), answer, answer, answer);
      const result = await client().post(hook, { content: "x" });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.detail).not.toContain(hook.token);
    }
    expect(discord.messages(hook.id)).toHaveLength(0);
  });

  it("treats an unreachable host as unavailable, with no URL in its detail", async () => {
    const closed = await startFixtureServer([]);
    await closed.close();
    const c = new DiscordClient(`${closed.url}/api/webhooks`, transportOptions([], { maxAttempts: 2 }));
    const result = await c.post({ id: "1234567", token: "t".repeat(68) }, { content: "x" });
    expect(result).toMatchObject({ ok: false, problem: "unavailable", status: null });
    if (!result.ok) expect(result.detail).not.toContain("t".repeat(68));
  });
});
