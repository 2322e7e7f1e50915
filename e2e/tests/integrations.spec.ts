import { randomBytes } from "node:crypto";
import type { Scrim } from "@draftroom/contracts";
import ICAL from "ical.js";
import {
  type DiscordFixture,
  startDiscordFixture,
} from "../../apps/server/test/helpers/outside/discord-fixture.ts";
import { type RiotFixture, startRiotFixture } from "../../apps/server/test/helpers/outside/riot-fixture.ts";
import { authHeaders, createUser, expect, signIn, test } from "../support/fixtures.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { startProTrial } from "./plans-helpers.ts";

/**
 * The integrations joined to the scrim ledger (decision 057), against a server of its own whose
 * Discord and Riot base URLs point at loopback fixtures (nothing leaves the machine): an owner
 * connects a webhook on the integrations page; a confirmed scrim with a room, its game's draft and
 * result arrive at the fixture as posts, in order; the result is filled from a Match-V5 game whose
 * champions differ from the draft, and the page says so before anything is filled; the member's
 * calendar link serves a feed an iCalendar library parses; the posts' language is chosen on the page.
 */

type Embed = { title: string };

test.describe("integrations joined to the scrim ledger", () => {
  let discord: DiscordFixture;
  let riot: RiotFixture;
  let server: RunningServer;

  test.beforeAll(async () => {
    discord = await startDiscordFixture();
    riot = await startRiotFixture();
    server = await startServer({
      ...discord.env,
      ...riot.env,
      INTEGRATIONS_SECRET_KEY: randomBytes(32).toString("base64"),
      INTEGRATIONS_TICK_MS: "500",
      INTEGRATIONS_TIMEOUT_MS: "10000",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await discord?.close();
    await riot?.close();
  });

  test("a webhook hears a scrim in order, a Match-V5 result shows its mismatch, and the calendar link parses", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const request = context.request;
    const owner = await createUser(request);
    const headers = authHeaders(owner);
    await startProTrial(request, owner);
    const created = await request.post("/api/workspaces/", {
      headers,
      data: { name: "Hook Academy", tag: "HKA" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const workspaceId = ((await created.json()) as { id: string }).id;
    const page = await context.newPage();
    await signIn(page, owner);

    // The owner connects the webhook on the integrations page (every event is chosen by default).
    const hook = discord.webhook();
    await page.goto(`/app/workspaces/${workspaceId}/integrations`);
    await page.getByLabel("Webhook URL").fill(hook.url);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByText(`Webhook ending in …${hook.token.slice(-4)}`)).toBeVisible();
    const region = await request.put(`/api/workspaces/${workspaceId}/integrations/riot/`, {
      headers,
      data: { region: "euw1" },
    });
    expect(region.status(), await region.text()).toBe(200);

    // A confirmed scrim starting in ten minutes, with its room; then its game's draft, logged.
    const planned = await request.post(`/api/workspaces/${workspaceId}/scrims/`, {
      headers,
      data: {
        opponent: { name: "Fixture Five", contact_note: "" },
        // Whole minutes: a calendar's times have no milliseconds.
        starts_at: new Date(Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000).toISOString(),
        time_zone: "Europe/Madrid",
        games_count: 1,
        status: "confirmed",
        prepare_rooms: true,
      },
    });
    expect(planned.status(), await planned.text()).toBe(201);
    const scrim = (await planned.json()) as Scrim;
    const champions = (await (await request.get("/api/drafts/champions/")).json()) as {
      id: number;
      name: string;
    }[];
    const logged = await request.put(`/api/scrims/${scrim.id}/games/${scrim.games[0]!.id}/draft/`, {
      headers,
      data: {
        our_side: "BLUE",
        actions: champions.slice(0, 20).map((champion) => ({ champion_id: champion.id })),
      },
    });
    expect(logged.status(), await logged.text()).toBe(200);
    const draft = ((await logged.json()) as Scrim).games[0]!.draft;
    const picks = (side: "BLUE" | "RED") =>
      draft.filter((step) => step.type === "PICK" && step.side === side).map((step) => step.champion_id!);
    const swapped = champions[40]!;
    const dropped = champions.find((champion) => champion.id === picks("BLUE")[4])!;
    riot.addGame({
      matchId: "EUW1_7300000001",
      blue: [...picks("BLUE").slice(0, 4), swapped.id],
      red: picks("RED"),
      winner: "BLUE",
    });

    // The result from Match-V5: the mismatch is shown before anything is filled.
    await page.goto(`/app/workspaces/${workspaceId}/scrims/${scrim.id}`);
    await page.getByRole("button", { name: "Enter result" }).click();
    await page.getByText("Fill from Riot's match data").click();
    await page.getByLabel(/Match id/).fill("EUW1_7300000001");
    await page.getByRole("button", { name: "Look up" }).click();
    const warning = page.getByRole("alert").filter({ hasText: "The champions differ from the drafted game" });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(`Only in the draft: ${dropped.name}`);
    await expect(warning).toContainText(`Only in Riot's game: ${swapped.name}`);
    const form = page.getByRole("form", { name: "Result of game 1" });
    await expect(form.getByLabel(/Duration/)).toHaveValue("");
    await page.getByRole("button", { name: "Fill the form anyway" }).click();
    await expect(form.getByLabel(/Duration/)).not.toHaveValue("");
    await form.getByRole("button", { name: "Save result" }).click();
    await expect(page.getByText("Result saved")).toBeVisible();
    const saved = (await (await request.get(`/api/scrims/${scrim.id}/`, { headers })).json()) as Scrim;
    expect(saved.games[0]!.result).toMatchObject({
      winner: "us",
      source: "imported",
      provider: "riot-match-v5",
    });

    // The posts, in the order things happened.
    await expect
      .poll(
        () => discord.messages(hook.id).map((message) => (message as { embeds: Embed[] }).embeds[0]!.title),
        {
          timeout: 30_000,
        },
      )
      .toEqual([
        "Scrim vs Fixture Five confirmed",
        "Starting soon: Scrim vs Fixture Five",
        expect.stringMatching(/^Draft room open: /),
        "Scrim vs Fixture Five, game 1: we won",
      ]);
    // The result comes with the game's logged draft drawn under it (decision 086).
    expect(discord.files(hook.id)[3]!.map((file) => [file.name, file.type])).toEqual([
      ["draft.png", "image/png"],
    ]);
    const roomPost = JSON.stringify(discord.messages(hook.id)[2]);
    expect(roomPost).toContain(`/app/room/${scrim.games[0]!.room_id}`);

    // The calendar link: made on the page, fetched as a calendar app would, parsed.
    await page.goto(`/app/workspaces/${workspaceId}/integrations`);
    await page.getByRole("button", { name: "Create my calendar link" }).click();
    const link = await page.getByLabel("Calendar link").inputValue();
    const feed = await request.get(new URL(link).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.uid)).toEqual([`scrim-${scrim.id}@draftroom`]);
    expect(events[0]!.summary).toBe("Scrim vs Fixture Five");
    expect(events[0]!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Madrid");
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(scrim.starts_at);

    // The channel's posts in Spanish from the next one on: chosen on the page, heard by the test.
    await page.getByLabel("Language of the posts").selectOption("es");
    await expect(page.getByText("The next posts will be in this language")).toBeVisible();
    await page.getByRole("button", { name: "Send a test message" }).click();
    await expect(page.getByText("Test message sent")).toBeVisible();
    expect((discord.messages(hook.id).at(-1) as { embeds: Embed[] }).embeds[0]!.title).toBe(
      "Draftroom está conectado",
    );
    await context.close();
  });
});
